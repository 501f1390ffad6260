"""F.maxout: forward, gradients (ties included), argument errors, native path."""

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check

import loss_check
import math_elementwise_check as check
from mode_utils import make_array
from mode_utils import to_numpy


def _maxout(x, pool_size, axis):
    axis %= x.ndim
    shape = x.shape[:axis] + (x.shape[axis] // pool_size, pool_size) + x.shape[axis + 1:]
    return x.reshape(shape).max(axis=axis + 1)


@loss_check.function_tests({
    'case': [((2, 6), 3, 1), ((2, 6), 2, -1), ((4, 3), 2, 0), ((2, 4, 3), 4, 1), ((6,), 3, 0),
             ((0, 4), 2, 1), ((2, 0), 2, 1), ((2, 3), 1, 1)],
})
class TestMaxout(loss_check.ToleranceTestCase):

    dodge_nondifferentiable = True

    def generate_inputs(self):
        # Distinct values: the maximum of each group is unique.
        shape = self.case[0]
        size = int(numpy.prod(shape))
        values = numpy.random.permutation(size).reshape(shape) / max(size, 1) - 0.5
        return values.astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        _, pool_size, axis = self.case
        return (F.maxout(x, pool_size),) if axis == 1 else (F.maxout(x, pool_size, axis),)

    def forward_expected(self, inputs):
        x, = inputs
        _, pool_size, axis = self.case
        return _maxout(x, pool_size, axis),


def test_tied_maxima_all_receive_the_gradient(mode):
    # As F.max: every element equal to its group's maximum gets the output's gradient.
    x = chainer.Variable(make_array(mode, [[1.0, 1.0, 0.0, 2.0]]))
    y = F.maxout(x, 2)
    gx, = chainer.grad([y], [x], grad_outputs=[make_array(mode, [[3.0, 5.0]])])
    numpy.testing.assert_array_equal(to_numpy(gx.array), [[3.0, 3.0, 0.0, 5.0]])


@pytest.mark.parametrize('pool_size, axis, error', [
    (0, 1, ValueError), (-2, 1, ValueError), (2.0, 1, TypeError), (True, 1, TypeError),
    (4, 1, type_check.InvalidType), (2, 2, ValueError), (2, -3, ValueError),
])
def test_bad_arguments(mode, pool_size, axis, error):
    with pytest.raises(error):
        F.maxout(make_array(mode, numpy.ones((2, 6))), pool_size, axis)


def test_integer_input_is_invalid_type(mode):
    check.assert_invalid_for_integers(mode, lambda x: F.maxout(x.reshape(1, 2), 2))


def test_native_on_chainerx():
    y, _ = check.assert_native(lambda x: F.maxout(x, 2), [[-1.0, 0.5, 2.0, -0.25]])
    numpy.testing.assert_array_equal(to_numpy(y.array), [[0.5, 2.0]])
