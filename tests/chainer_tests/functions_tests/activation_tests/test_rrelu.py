"""F.rrelu: slopes in training and test mode, gradients with given slopes, errors, native path."""

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check

import loss_check
import math_elementwise_check as check
from mode_utils import make_array
from mode_utils import to_numpy


def _train(train=True):
    return chainer.using_config('train', train)


@loss_check.function_tests({'shape': [(3, 4), (), (0, 2)]})
class TestRReLUWithSlopes(loss_check.ToleranceTestCase):
    """Gradients with given slopes (so that the function is deterministic)."""

    dodge_nondifferentiable = True

    def setUp(self):
        super().setUp()
        self.r = loss_check.uniform(self.shape, self.dtype, 0.1, 0.3)

    def generate_inputs(self):
        return loss_check.uniform(self.shape, self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        # The numerical gradient passes run in float64: the slopes follow the input's dtype.
        with _train():
            return F.rrelu(x, 0.1, 0.3, r=device.send(self.r.astype(x.dtype))),

    def forward_expected(self, inputs):
        x, = inputs
        return numpy.asarray(numpy.where(x >= 0, x, x * self.r)).astype(self.dtype),


def test_training_slopes_are_uniform_and_reproducible(mode):
    numpy.random.seed(1)
    x = make_array(mode, -numpy.ones((200, 100)))
    with _train():
        y, r = F.rrelu(x, 0.2, 0.4, return_r=True)
    r = to_numpy(r)
    numpy.testing.assert_array_equal(to_numpy(y.array), -r)
    assert r.min() >= 0.2 and r.max() < 0.4 and abs(r.mean() - 0.3) < 0.005
    numpy.random.seed(1)
    expected = numpy.random.uniform(0.2, 0.4, (200, 100))
    numpy.testing.assert_array_equal(r, expected)


def test_test_mode_uses_the_mean_slope(mode):
    x = make_array(mode, [[-1.0, 2.0, -4.0]])
    with _train(False):
        y, r = F.rrelu(x, 0.1, 0.3, return_r=True)
    numpy.testing.assert_allclose(to_numpy(y.array), [[-0.2, 2.0, -0.8]])
    numpy.testing.assert_allclose(to_numpy(r), [[0.2, 0.2, 0.2]])


def test_gradient_at_zero_and_below(mode):
    x = chainer.Variable(make_array(mode, [0.0, -1.0, 1.0]))
    with _train():
        y = F.rrelu(x, r=make_array(mode, [0.25, 0.25, 0.25]))
    gx, = chainer.grad([y], [x], grad_outputs=[make_array(mode, [1.0, 1.0, 1.0])])
    numpy.testing.assert_array_equal(to_numpy(gx.array), [1.0, 0.25, 1.0])


@pytest.mark.parametrize('l, u', [(-0.1, 0.3), (0.1, 1.0), (0.3, 0.3), (0.3, 0.1)])
def test_bad_bounds(mode, l, u):  # NOQA: E741
    with pytest.raises(ValueError):
        F.rrelu(make_array(mode, [1.0]), l, u)


@pytest.mark.parametrize('r_shape, r_dtype', [((3,), numpy.float32), ((2,), numpy.float64)])
def test_mismatched_slopes_are_invalid_type(mode, r_shape, r_dtype):
    with _train(), pytest.raises(type_check.InvalidType):
        F.rrelu(make_array(mode, numpy.ones(3)), r=make_array(mode, numpy.ones(r_shape), r_dtype))


def test_retired_argument_and_integer_input(mode):
    with pytest.raises(ValueError, match='using_config'):
        F.rrelu(make_array(mode, [1.0]), train=True)
    with pytest.raises(type_check.InvalidType):
        F.rrelu(make_array(mode, [1, 2], numpy.int32))


def test_native_on_chainerx():
    with _train():
        y, (gx,) = check.assert_native(F.rrelu, [-1.0, 0.5, -2.0])
    values = to_numpy(y.array)
    assert values[1] == 0.5 and -1 / 3 <= values[0] <= -1 / 8
    numpy.testing.assert_allclose(to_numpy(gx.array)[[0, 2]], [-values[0], -values[2] / 2])
