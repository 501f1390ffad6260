"""F.huber_loss and F.hinge against NumPy references, with gradients, in both modes."""

import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check

import loss_check


def _huber(x, t, delta, reduce):
    d = x - t
    loss = numpy.where(abs(d) <= delta, 0.5 * d * d, delta * (abs(d) - 0.5 * delta))
    return loss.sum(axis=1) if reduce == 'sum_along_second_axis' else loss


@loss_check.function_tests({
    'shape': [(4, 3), (2, 3, 2), (0, 3)],
    'reduce': ['sum_along_second_axis', 'no'],
    'delta': [0.5, 2.0],
})
class TestHuberLoss(loss_check.ToleranceTestCase):
    """F.huber_loss for both reductions and two deltas."""

    dodge_nondifferentiable = True

    def generate_inputs(self):
        return (loss_check.uniform(self.shape, self.dtype, -2, 2),
                loss_check.uniform(self.shape, self.dtype, -2, 2))

    def forward(self, inputs, device):
        return F.huber_loss(*inputs, delta=self.delta, reduce=self.reduce),

    def forward_expected(self, inputs):
        x, t = [a.astype(numpy.float64) for a in inputs]
        return _huber(x, t, self.delta, self.reduce).astype(self.dtype),


def _hinge(x, t, norm, reduce):
    signs = numpy.ones_like(x)
    signs[numpy.arange(len(t)), t] = -1
    loss = numpy.maximum(0, 1 + x * signs) ** (1 if norm == 'L1' else 2)
    return numpy.asarray(loss.sum() / len(x)) if reduce == 'mean' else loss


@loss_check.function_tests({
    'shape': [(5, 4), (1, 2)],
    'norm': ['L1', 'L2'],
    'reduce': ['mean', 'no'],
})
class TestHinge(loss_check.ToleranceTestCase):
    """F.hinge for both norms and reductions."""

    dodge_nondifferentiable = True

    def generate_inputs(self):
        x = loss_check.uniform(self.shape, self.dtype, -2, 2)
        return x, numpy.random.randint(0, self.shape[1], self.shape[0]).astype(numpy.int32)

    def forward(self, inputs, device):
        return F.hinge(*inputs, norm=self.norm, reduce=self.reduce),

    def forward_expected(self, inputs):
        x, t = inputs
        return _hinge(x.astype(numpy.float64), t, self.norm, self.reduce).astype(self.dtype),


def test_huber_loss_rejects_unknown_reduce(mode):
    with pytest.raises(ValueError, match="'sum_along_second_axis' and 'no'"):
        F.huber_loss(numpy.zeros((2, 3)), numpy.zeros((2, 3)), 1., reduce='mean')


@pytest.mark.parametrize('x_shape, t_shape, t_dtype', [
    ((2, 3), (2, 2), numpy.float64),
    ((2, 3), (2, 3), numpy.float32),
    ((3,), (3,), numpy.float64),  # no second axis to sum along
])
def test_huber_loss_invalid_inputs(mode, x_shape, t_shape, t_dtype):
    loss_check.raises_in_both_modes(
        mode, type_check.InvalidType, lambda x, t: F.huber_loss(x, t, 1.),
        numpy.zeros(x_shape), numpy.zeros(t_shape, t_dtype))


def test_hinge_rejects_unknown_norm_and_reduce():
    x, t = numpy.zeros((2, 3)), numpy.zeros(2, numpy.int32)
    with pytest.raises(NotImplementedError):
        F.hinge(x, t, norm='L3')
    with pytest.raises(ValueError, match="'mean' and 'no'"):
        F.hinge(x, t, reduce='sum')


@pytest.mark.parametrize('x, t', [
    (numpy.zeros((2, 3)), numpy.zeros(2, numpy.float64)),  # float labels
    (numpy.zeros((2, 3)), numpy.zeros(3, numpy.int32)),  # batch sizes differ
    (numpy.zeros((2, 3, 1)), numpy.zeros(2, numpy.int32)),  # x not 2-d
    (numpy.zeros((2, 3), numpy.int32), numpy.zeros(2, numpy.int32)),  # integer scores
])
def test_hinge_invalid_inputs(mode, x, t):
    loss_check.raises_in_both_modes(mode, type_check.InvalidType, F.hinge, x, t)
