"""Every name in chainer.functions._native.NATIVE runs natively on chainerx: no fallback, even in backward.

The cases come from tests/chainer_tests/native_cases_<family>.py (one callable per native name, building its
own chainerx-backed inputs and returning the function's outputs). Each case runs forward, backward with
double backprop enabled, and a second backward through the first gradients; `fallback_count` must not move.
"""

import glob
import importlib
import os

import pytest

import chainer
import chainerx
from chainer.functions import _native

_HERE = os.path.dirname(os.path.abspath(__file__))


def _load_cases():
    cases = {}
    for path in sorted(glob.glob(os.path.join(os.path.dirname(_HERE), 'native_cases_*.py'))):
        module = importlib.import_module(os.path.splitext(os.path.basename(path))[0])
        for name, case in module.CASES.items():
            if name in cases:
                raise AssertionError('native case {} is defined twice'.format(name))
            cases[name] = case
    for name, case in _CORE_CASES.items():  # the core's functions (basic_math, identity, sum_to, broadcast)
        cases.setdefault(name, case)
    return cases


def _x(*shape):
    import numpy
    values = numpy.random.RandomState(0).uniform(-1, 1, shape)
    return chainer.Variable(chainerx.array(values))


_CORE_CASES = {
    'add': lambda: chainer.functions.add(_x(2, 3), _x(2, 3), _x(3)),
    'broadcast': lambda: chainer.functions.broadcast(_x(2, 3), _x(3)),
    'broadcast_to': lambda: chainer.functions.broadcast_to(_x(3), (2, 3)),
    'identity': lambda: chainer.functions.identity(_x(2, 3)),
    'sum_to': lambda: chainer.functions.sum_to(_x(2, 3), (1, 3)),
}

_CASES = _load_cases()


def test_every_native_name_has_a_case():
    missing = sorted(_native.NATIVE - set(_CASES))
    assert not missing, 'native names without a case in native_cases_*.py: {}'.format(missing)


def test_every_native_name_is_a_public_function():
    missing = sorted(name for name in _native.NATIVE if not callable(getattr(chainer.functions, name, None)))
    assert not missing


def _outputs(result):
    outputs = result if isinstance(result, tuple) else (result,)
    return [y for y in outputs if isinstance(y, chainer.Variable) and y.requires_grad and y.dtype.kind == 'f']


@pytest.mark.parametrize('name', sorted(_native.NATIVE))
def test_native_function_takes_no_fallback(name, monkeypatch):
    created = []
    init = chainer.Variable._init_chainerx

    def recording_init(self, array, var_name):
        init(self, array, var_name)
        created.append(self)

    # The case's input Variables are the ones built with Variable(...) (outputs come from _from_chainerx).
    monkeypatch.setattr(chainer.Variable, '_init_chainerx', recording_init)
    before = chainer.function_node.fallback_count
    outputs = _outputs(_CASES[name]())
    assert all(y._has_chainerx_array for y in outputs)
    if outputs:
        loss = sum(chainer.functions.sum_to(y * y, ()) for y in outputs)
        loss.backward(enable_double_backprop=True)
        grads = [v.grad_var for v in created if v.requires_grad and v.grad_var is not None]
        grads = [g for g in grads if g.requires_grad]
        if grads:
            sum(chainer.functions.sum_to(g * g, ()) for g in grads).backward()
    assert chainer.function_node.fallback_count == before, '{} took the fallback path'.format(name)
