"""The elementwise activations: relu sigmoid tanh leaky_relu elu selu softplus hard_sigmoid
clipped_relu relu6 (forward, gradients, kinks, extreme values, dtypes, native path)."""

import numpy
import pytest

import chainer
import chainer.functions as F

import math_elementwise_check as check
from mode_utils import make_array
from mode_utils import to_numpy

# The defaults of the original (Klambauer et al., 2017).
_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


def _elu(x, alpha):
    return numpy.where(x > 0, x, alpha * numpy.expm1(numpy.minimum(x, 0)))


CASES = [
    check.Case('relu', F.relu, lambda x: numpy.maximum(x, 0)),
    check.Case('sigmoid', F.sigmoid, lambda x: 1 / (1 + numpy.exp(-x)), [(-4.0, 4.0)]),
    check.Case('tanh', F.tanh, numpy.tanh, [(-2.0, 2.0)]),
    check.Case('leaky_relu', F.leaky_relu, lambda x: numpy.where(x >= 0, x, 0.2 * x)),
    check.Case('leaky_relu_negative_slope', lambda x: F.leaky_relu(x, slope=-0.5),
               lambda x: numpy.where(x >= 0, x, -0.5 * x)),
    check.Case('elu', F.elu, lambda x: _elu(x, 1.0), [(-2.0, 2.0)]),
    check.Case('elu_alpha_0.5', lambda x: F.elu(x, alpha=0.5), lambda x: _elu(x, 0.5)),
    check.Case('selu', F.selu, lambda x: _SELU_SCALE * _elu(x, _SELU_ALPHA), [(-2.0, 2.0)],
               scale=2.0),
    check.Case('selu_params', lambda x: F.selu(x, alpha=2.0, scale=0.5),
               lambda x: 0.5 * _elu(x, 2.0)),
    check.Case('softplus', F.softplus, lambda x: numpy.log1p(numpy.exp(x)), [(-3.0, 3.0)]),
    check.Case('softplus_beta_2', lambda x: F.softplus(x, beta=2.0),
               lambda x: numpy.log1p(numpy.exp(2 * x)) / 2, [(-2.0, 2.0)]),
    check.Case('hard_sigmoid', F.hard_sigmoid,
               lambda x: numpy.clip(0.2 * x + 0.5, 0, 1), [(-3.5, 3.5)]),
    check.Case('clipped_relu', lambda x: F.clipped_relu(x, z=0.75),
               lambda x: numpy.clip(x, 0, 0.75)),
    check.Case('clipped_relu_default', F.clipped_relu, lambda x: numpy.clip(x, 0, 20),
               [(-5.0, 25.0)], scale=4.0),
    check.Case('relu6', F.relu6, lambda x: numpy.clip(x, 0, 6), [(-2.0, 8.0)], scale=2.0),
]

FUNCTIONS = {case.name: case.function for case in CASES}


@check.cases_test(check.parameters(CASES, check.UNARY_SHAPES))
class TestElementwiseActivation(check.ElementwiseTestCase):
    pass


def _grad(mode, function, values):
    x = chainer.Variable(make_array(mode, values))
    y = function(x)
    gx, = chainer.grad([y], [x], grad_outputs=[make_array(mode, numpy.ones(len(values)))])
    return to_numpy(y.array), to_numpy(gx.array)


# (function, inputs at the kinks, the gradients there): the original's one-sided choices, the
# same in both modes (Note [Kink gradients] in chainer/functions/activation/_util.py).
KINKS = [
    (F.relu, [0.0, -1.0, 1.0], [0.0, 0.0, 1.0]),
    (F.leaky_relu, [0.0, -1.0], [1.0, 0.2]),
    (lambda x: F.leaky_relu(x, slope=-0.3), [0.0, -1.0], [1.0, -0.3]),
    (F.elu, [0.0], [1.0]),
    (lambda x: F.elu(x, alpha=2.0), [0.0, 1.0], [2.0, 1.0]),
    (lambda x: F.clipped_relu(x, z=2.0), [0.0, 2.0, 1.0, 3.0], [0.0, 0.0, 1.0, 0.0]),
    (F.relu6, [0.0, 6.0, 5.0], [0.0, 0.0, 1.0]),
    (F.hard_sigmoid, [-2.5, 2.5, 0.0, 3.0], [0.0, 0.0, 0.2, 0.0]),
]


@pytest.mark.parametrize('function, values, expected', KINKS)
def test_gradient_at_kinks(mode, function, values, expected):
    _, gx = _grad(mode, function, values)
    numpy.testing.assert_array_equal(gx, expected)


@pytest.mark.parametrize('name', sorted(FUNCTIONS))
def test_integer_input_is_invalid_type(mode, name):
    check.assert_invalid_for_integers(mode, FUNCTIONS[name])


@pytest.mark.parametrize('name', sorted(FUNCTIONS))
def test_native_on_chainerx(name):
    y, (gx,) = check.assert_native(FUNCTIONS[name], [-1.5, -0.25, 0.5, 2.5])
    _, expected = _grad('numpy', FUNCTIONS[name], [-1.5, -0.25, 0.5, 2.5])
    numpy.testing.assert_allclose(to_numpy(gx.array), expected, rtol=1e-12)


@pytest.mark.parametrize('name', sorted(FUNCTIONS))
def test_nan_propagates(mode, name):
    with numpy.errstate(invalid='ignore'):
        y, _ = _grad(mode, FUNCTIONS[name], [numpy.nan])
    assert numpy.isnan(y[0])


@pytest.mark.parametrize('function, values, expected_y, expected_gx', [
    (F.sigmoid, [-1e4, 1e4], [0.0, 1.0], [0.0, 0.0]),
    (F.softplus, [-1e4, 1e4], [0.0, 1e4], [0.0, 1.0]),
    (F.elu, [-1e4, 1e4], [-1.0, 1e4], [0.0, 1.0]),
    (F.tanh, [-1e4, 1e4], [-1.0, 1.0], [0.0, 0.0]),
])
def test_extreme_inputs_give_finite_results(mode, function, values, expected_y, expected_gx):
    with numpy.errstate(over='raise', invalid='raise', divide='raise'):
        y, gx = _grad(mode, function, values)
    numpy.testing.assert_allclose(y, expected_y)
    numpy.testing.assert_allclose(gx, expected_gx, atol=1e-300)


@pytest.mark.parametrize('function', [
    lambda x: F.leaky_relu(x, numpy.float64(0.3)),
    lambda x: F.elu(x, numpy.float64(0.5)),
    lambda x: F.selu(x, numpy.float64(1.5), numpy.float64(1.1)),
    lambda x: F.softplus(x, numpy.float64(2.0)),
    lambda x: F.clipped_relu(x, numpy.float64(0.5)),
])
def test_numpy_scalar_parameters_keep_the_dtype(mode, function):
    x = chainer.Variable(make_array(mode, [-1.0, 0.25, 2.0], numpy.float16))
    y = function(x)
    assert y.dtype == numpy.float16
    gx, = chainer.grad([y], [x], grad_outputs=[make_array(mode, [1.0] * 3, numpy.float16)])
    assert gx.dtype == numpy.float16


@pytest.mark.parametrize('z, error', [
    ('1', TypeError), (None, TypeError), (True, TypeError), (0.0, ValueError), (-1, ValueError),
])
def test_clipped_relu_rejects_bad_z(mode, z, error):
    with pytest.raises(error):
        F.clipped_relu(make_array(mode, [1.0]), z)


def test_clipped_relu_accepts_integer_z(mode):
    y = F.clipped_relu(make_array(mode, [-1.0, 1.0, 5.0]), 2)
    numpy.testing.assert_array_equal(to_numpy(y.array), [0.0, 1.0, 2.0])


def test_raw_chainerx_array_input_is_native():
    import chainerx
    before = chainer.function_node.fallback_count
    y = F.relu(chainerx.array([-1.0, 2.0]))
    assert isinstance(y, chainer.Variable) and y._has_chainerx_array
    numpy.testing.assert_array_equal(to_numpy(y.array), [0.0, 2.0])
    assert chainer.function_node.fallback_count == before


def test_selu_constants():
    # selu maps N(0, 1) inputs to outputs of mean 0 and variance 1 (the self-normalising property).
    x = numpy.random.RandomState(0).standard_normal(200000)
    y = F.selu(x).array
    assert abs(y.mean()) < 0.01 and abs(y.var() - 1) < 0.01
