"""F.prelu and F.swish (an input and a parameter shared along axis 0): forward, gradients of both
inputs, type errors, native path."""

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check

import loss_check
import math_elementwise_check as check
from mode_utils import make_array
from mode_utils import to_numpy


def _extended(p, x):
    return p.reshape((1,) + p.shape + (1,) * (x.ndim - p.ndim - 1))


def _prelu(x, w):
    return numpy.where(x >= 0, x, x * _extended(w, x))


def _swish(x, beta):
    return x / (1 + numpy.exp(-_extended(beta, x) * x))


FUNCTIONS = {'prelu': (F.prelu, _prelu), 'swish': (F.swish, _swish)}


@loss_check.function_tests({
    'name': sorted(FUNCTIONS),
    'shapes': [((4, 3), (3,)), ((2, 3, 4), (3,)), ((2, 3, 4), (3, 4)), ((2, 3), ()),
               ((0, 3), (3,)), ((2, 3, 0), (3,))],
})
class TestPReLUSwish(loss_check.ToleranceTestCase):

    dodge_nondifferentiable = True

    def generate_inputs(self):
        return tuple(loss_check.uniform(shape, self.dtype) for shape in self.shapes)

    def forward(self, inputs, device):
        function, _ = FUNCTIONS[self.name]
        return function(*inputs),

    def forward_expected(self, inputs):
        _, reference = FUNCTIONS[self.name]
        x, p = [a.astype(numpy.float64) for a in inputs]
        return reference(x, p).astype(self.dtype),


@pytest.mark.parametrize('name', sorted(FUNCTIONS))
@pytest.mark.parametrize('x_shape, p_shape, p_dtype', [
    ((2, 3), (2,), numpy.float64), ((2, 3), (3, 1), numpy.float64), ((3,), (3,), numpy.float64),
    ((2, 3), (3,), numpy.float32),
])
def test_mismatched_parameter_is_invalid_type(mode, name, x_shape, p_shape, p_dtype):
    function, _ = FUNCTIONS[name]
    with pytest.raises(type_check.InvalidType):
        function(make_array(mode, numpy.ones(x_shape)),
                 make_array(mode, numpy.ones(p_shape), p_dtype))


@pytest.mark.parametrize('name', sorted(FUNCTIONS))
def test_integer_input_is_invalid_type(mode, name):
    function, _ = FUNCTIONS[name]
    with pytest.raises(type_check.InvalidType):
        function(make_array(mode, [[1, 2]], numpy.int32), make_array(mode, [1, 2], numpy.int32))


@pytest.mark.parametrize('name', sorted(FUNCTIONS))
def test_numpy_mixed_with_chainerx_is_a_type_error(name):
    function, _ = FUNCTIONS[name]
    with pytest.raises(TypeError):
        function(make_array('chainerx', [[1.0, 2.0]]), numpy.ones(2))


def test_prelu_gradients_at_zero(mode):
    x = chainer.Variable(make_array(mode, [[0.0, -2.0]]))
    w = chainer.Variable(make_array(mode, [0.5, 0.25]))
    gx, gw = chainer.grad([F.prelu(x, w)], [x, w], grad_outputs=[make_array(mode, [[1.0, 1.0]])])
    numpy.testing.assert_array_equal(to_numpy(gx.array), [[1.0, 0.25]])
    numpy.testing.assert_array_equal(to_numpy(gw.array), [0.0, -2.0])


@pytest.mark.parametrize('name', sorted(FUNCTIONS))
def test_native_on_chainerx(name):
    function, _ = FUNCTIONS[name]
    x, p = numpy.array([[-1.0, 0.5, 2.0], [0.25, -0.75, 1.5]]), numpy.array([0.5, 1.5, -0.25])
    _, gxs = check.assert_native(function, x, p)
    xs = [chainer.Variable(x), chainer.Variable(p)]
    expected = chainer.grad([function(*xs)], xs, grad_outputs=[numpy.ones((2, 3))])
    for g, e in zip(gxs, expected):
        numpy.testing.assert_allclose(to_numpy(g.array), e.array, rtol=1e-12)
