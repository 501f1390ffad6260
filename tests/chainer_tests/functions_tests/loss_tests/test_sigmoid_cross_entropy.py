"""F.sigmoid_cross_entropy against a NumPy reference, with gradients, in both modes."""

import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check

import loss_check


def _reference(x, t, normalize, reduce):
    counted = t != -1
    loss = (numpy.logaddexp(0, x) - x * t) * counted
    if reduce == 'no':
        return loss
    count = max(1, counted.sum()) if normalize else max(1, len(x))
    return numpy.asarray(loss.sum() / count)


@loss_check.function_tests({
    'shape': [(4, 3), (5,), (0, 2)],
    'labels': [(0, 1), (-1, 0, 1), (-1,)],
    'normalize': [True, False],
    'reduce': ['mean', 'no'],
})
class TestSigmoidCrossEntropy(loss_check.ToleranceTestCase):
    """F.sigmoid_cross_entropy with and without ignored labels."""

    def generate_inputs(self):
        x = loss_check.uniform(self.shape, self.dtype, -3, 3)
        return x, numpy.random.choice(self.labels, self.shape).astype(numpy.int32)

    def forward(self, inputs, device):
        return F.sigmoid_cross_entropy(*inputs, normalize=self.normalize, reduce=self.reduce),

    def forward_expected(self, inputs):
        x, t = inputs
        return _reference(x.astype(numpy.float64), t, self.normalize, self.reduce).astype(
            self.dtype),


def test_unknown_reduce_is_a_value_error():
    with pytest.raises(ValueError, match="'mean' and 'no'"):
        F.sigmoid_cross_entropy(numpy.zeros(3), numpy.zeros(3, numpy.int32), reduce='sum')


@pytest.mark.parametrize('x, t', [
    (numpy.zeros(3), numpy.zeros(3)),  # float labels
    (numpy.zeros(3), numpy.zeros(4, numpy.int32)),  # shapes differ
    (numpy.zeros(3, numpy.int32), numpy.zeros(3, numpy.int32)),  # integer x
])
def test_invalid_inputs(mode, x, t):
    loss_check.raises_in_both_modes(mode, type_check.InvalidType, F.sigmoid_cross_entropy, x, t)
