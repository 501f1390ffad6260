"""PrintHook: prints each hooked call's label, inputs and output gradients."""

import io

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import function_hooks


def _hooked_output(run, **kwargs):
    out = io.StringIO()
    with function_hooks.PrintHook(file=out, **kwargs):
        run()
    return out.getvalue()


def test_prints_forward_inputs():
    x = chainer.Variable(numpy.array([[1.0, 2.0], [3.0, 6.0]], numpy.float32))
    text = _hooked_output(lambda: F.relu(x))
    assert text.startswith('function\tReLU\ninput data\n')
    assert 'shape: (2, 2)' in text and 'dtype: float32' in text
    assert 'mean=3.00000000' in text
    assert 'output gradient' not in text


def test_prints_output_gradients_in_backward():
    x = chainer.Variable(numpy.array([1.0, -1.0], numpy.float32))
    y = F.sum(x * 3)

    def run():
        y.grad = numpy.array(0.5, numpy.float32)
        y.backward()

    text = _hooked_output(run, end='\n--\n')
    blocks = text.split('function\t')[1:]
    # Sum keeps no input for backward: its input prints as None.
    assert blocks[0].startswith('Sum\n--\ninput data\n--\nNone\n--\noutput gradient\n--\n')
    assert 'grad: mean=0.50000000' in blocks[0]


def test_sep_is_deprecated():
    with pytest.warns(DeprecationWarning):
        function_hooks.PrintHook(sep=' ')
