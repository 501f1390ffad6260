"""The table machinery of the elementwise math functions (math/unary.py, math/_elementwise.py)."""

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx
from chainer import gradient_check
from chainer.functions import _native
from chainer.functions.math import _elementwise
from chainer.functions.math import exponential
from chainer.functions.math import unary

from mode_utils import make_array, to_numpy


def test_public_names_and_native_set():
    assert len(set(_elementwise.__all__)) == len(_elementwise.__all__)
    assert _elementwise.NATIVE <= set(_elementwise.__all__)
    assert _elementwise.NATIVE <= _native.NATIVE
    for name in _elementwise.__all__:
        assert getattr(F, name) is getattr(_elementwise, name)


@pytest.mark.parametrize('name', _elementwise.__all__)
def test_wrappers_are_documented(name):
    function = getattr(F, name)
    assert function.__name__ == name and function.__module__.startswith('chainer.functions.math.')
    doc = function.__doc__
    assert doc.split('\n')[0].endswith('.') and 'Args:' in doc and 'Returns:' in doc


def test_raw_chainerx_arrays_take_the_node_path():
    a = chainerx.array([0.0, 1.0])
    before = chainer.function_node.fallback_count
    y = F.exp(a)
    assert not y.requires_grad and chainer.function_node.fallback_count == before
    numpy.testing.assert_allclose(chainerx.to_numpy(y.array), numpy.exp([0.0, 1.0]))
    connected = chainerx.array([0.0, 1.0]).require_grad()
    z = F.maximum(connected, chainerx.array([0.5, 0.5]))
    assert z.requires_grad
    z.grad = chainerx.ones_like(connected)
    z.backward()
    numpy.testing.assert_array_equal(chainerx.to_numpy(connected.grad), [0.0, 1.0])


def test_node_classes_apply_directly(mode):
    y, = exponential.Exp().apply((make_array(mode, [0.0, 2.0]),))
    numpy.testing.assert_allclose(to_numpy(y.array), numpy.exp([0.0, 2.0]))
    assert exponential.Exp().label == 'exp'


def test_zero_dim_numpy_input_gives_a_zero_dim_array():
    y = F.sin(numpy.array(0.5, numpy.float32))
    assert isinstance(y.array, numpy.ndarray) and y.shape == () and y.dtype == numpy.float32


def test_no_backprop_mode_on_chainerx():
    x = chainer.Variable(chainerx.array([0.5]))
    with chainer.no_backprop_mode():
        y = F.sqrt(x)
    assert not y.requires_grad


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_mask_gradients(mode, dtype):
    condition = numpy.array([True, False, True])
    if mode == 'chainerx':
        condition = chainerx.array(condition)
    x = make_array(mode, [1.0, 2.0, 3.0], dtype)
    y = unary.mask(x, condition)
    numpy.testing.assert_array_equal(to_numpy(y.array), [1.0, 0.0, 3.0])
    assert y.dtype == dtype
    gy, ggx = make_array(mode, [1.0, -1.0, 0.5], dtype), make_array(mode, [0.3, 0.2, 0.1], dtype)
    gradient_check.check_backward(lambda v: unary.mask(v, condition), x, gy, dtype=numpy.float64)
    gradient_check.check_double_backward(lambda v: unary.mask(v, condition) ** 2, x, gy, ggx,
                                         dtype=numpy.float64)


def test_sum_to_leaves_matching_shapes_alone():
    g = chainer.Variable(numpy.ones((2, 3)))
    assert unary.sum_to(g, (2, 3)) is g
    numpy.testing.assert_array_equal(unary.sum_to(g, (3,)).array, [2.0, 2.0, 2.0])
