"""F.crelu: forward along any axis, gradients, errors, native path."""

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check

import loss_check
import math_elementwise_check as check
from mode_utils import make_array
from mode_utils import to_numpy


@loss_check.function_tests({
    'shape_axis': [((2, 3), 1), ((2, 3), 0), ((2, 3, 4), -1), ((4,), 0), ((0, 3), 1), ((2, 0), 1)],
})
class TestCReLU(loss_check.ToleranceTestCase):

    dodge_nondifferentiable = True

    def generate_inputs(self):
        shape, _ = self.shape_axis
        return loss_check.uniform(shape, self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        axis = self.shape_axis[1]
        return (F.crelu(x),) if axis == 1 else (F.crelu(x, axis=axis),)

    def forward_expected(self, inputs):
        x, = inputs
        axis = self.shape_axis[1]
        return numpy.concatenate((numpy.maximum(x, 0), numpy.maximum(-x, 0)), axis=axis),


def test_gradient_at_zero_is_zero_for_both_halves(mode):
    x = chainer.Variable(make_array(mode, [[0.0, -2.0, 3.0]]))
    y = F.crelu(x)
    gy = numpy.array([[10.0, 20.0, 30.0, 1.0, 2.0, 3.0]])
    gx, = chainer.grad([y], [x], grad_outputs=[make_array(mode, gy)])
    numpy.testing.assert_array_equal(to_numpy(gx.array), [[0.0, -2.0, 30.0]])


@pytest.mark.parametrize('shape, axis', [((2, 3), 2), ((2, 3), -3), ((), 0)])
def test_axis_out_of_range_is_invalid_type(mode, shape, axis):
    with pytest.raises(type_check.InvalidType):
        F.crelu(make_array(mode, numpy.ones(shape)), axis=axis)


def test_integer_input_is_invalid_type(mode):
    check.assert_invalid_for_integers(mode, lambda x: F.crelu(x.reshape(1, 2)))


def test_native_on_chainerx():
    y, _ = check.assert_native(lambda x: F.crelu(x, axis=0), [[-1.0, 0.5], [2.0, -0.25]])
    assert y.shape == (4, 2)
