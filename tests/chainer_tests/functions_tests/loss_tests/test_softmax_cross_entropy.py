"""F.softmax_cross_entropy against NumPy references: labels, weights, ignore, soft targets."""

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check

import loss_check
from mode_utils import make_array


def _log_softmax(x):
    y = x - x.max(axis=1, keepdims=True)
    return y - numpy.log(numpy.exp(y).sum(axis=1, keepdims=True))


def _hard_reference(x, t, normalize, weight, ignore_label, reduce):
    log_y = numpy.moveaxis(_log_softmax(x), 1, -1)  # (N, ..., C)
    if weight is not None:
        log_y = log_y * weight
    counted = t != ignore_label
    picked = numpy.take_along_axis(log_y, numpy.where(counted, t, 0)[..., None], -1)[..., 0]
    loss = -picked * counted
    if reduce == 'no':
        return loss
    count = counted.sum() if normalize else len(x)
    return numpy.asarray(loss.sum() / max(count, 1))


@loss_check.function_tests({
    'shape': [(5, 4), (3, 4, 2, 2), (0, 3)],
    'normalize': [True, False],
    'weighted': [False, True],
    'ignore_label': [-1, 0],
    'reduce': ['mean', 'no'],
})
class TestSoftmaxCrossEntropy(loss_check.ToleranceTestCase):
    """F.softmax_cross_entropy of integer labels, with every option."""

    tolerance_scale = 2.0

    def setUp(self):
        super().setUp()
        self.weight = numpy.random.uniform(0.5, 2, self.shape[1]).astype(self.dtype) \
            if self.weighted else None

    def generate_inputs(self):
        x = loss_check.uniform(self.shape, self.dtype, -2, 2)
        t_shape = self.shape[:1] + self.shape[2:]
        t = numpy.random.randint(0, self.shape[1], t_shape)
        t[numpy.random.uniform(size=t_shape) < 0.3] = self.ignore_label
        return x, t.astype(numpy.int32)

    def forward(self, inputs, device):
        weight = None if self.weight is None else device.send(self.weight)
        return F.softmax_cross_entropy(
            *inputs, normalize=self.normalize, class_weight=weight, ignore_label=self.ignore_label,
            reduce=self.reduce),

    def forward_expected(self, inputs):
        x, t = inputs
        return _hard_reference(x.astype(numpy.float64), t, self.normalize, self.weight,
                               self.ignore_label, self.reduce).astype(self.dtype),


@loss_check.function_tests({
    'shape': [(4, 3), (2, 3, 2)],
    'loss': ['cross-entropy', 'kl-divergence'],
    'reduce': ['mean', 'no'],
}, dtypes=[numpy.float32, numpy.float64])
class TestSoftTargets(loss_check.ToleranceTestCase):
    """F.softmax_cross_entropy of soft targets (both losses)."""

    def generate_inputs(self):
        t = numpy.random.uniform(0.1, 1, self.shape)
        return (loss_check.uniform(self.shape, self.dtype, -2, 2),
                (t / t.sum(axis=1, keepdims=True)).astype(self.dtype))

    def forward(self, inputs, device):
        return F.softmax_cross_entropy(*inputs, reduce=self.reduce,
                                       soft_target_loss=self.loss),

    def forward_expected(self, inputs):
        x, t = [a.astype(numpy.float64) for a in inputs]
        loss = -(t * _log_softmax(x)).sum(axis=1)
        if self.loss == 'kl-divergence':
            loss += (t * numpy.log(t)).sum(axis=1)
        if self.reduce == 'mean':
            loss = numpy.asarray(loss.mean())
        return loss.astype(self.dtype),


def test_mean_matches_the_original_rounding(mode):
    """The mean multiplies the sum by -1 / count rounded to float32, as the original does."""
    rs = numpy.random.RandomState(3)
    x = rs.uniform(-1, 1, (7, 5)).astype(numpy.float32)
    t = rs.randint(0, 5, 7).astype(numpy.int32)
    y = F.softmax_cross_entropy(make_array(mode, x, numpy.float32),
                                make_array(mode, t, numpy.int32))
    log_p = _log_softmax(x)[numpy.arange(7), t]
    expected = log_p.sum() * numpy.float32(-1.0 / 7)
    numpy.testing.assert_allclose(chainer.backend.CpuDevice().send(y.array), expected, rtol=1e-6)


def test_debug_mode_checks_labels(mode):
    x = make_array(mode, numpy.zeros((2, 3)))
    t = make_array(mode, [0, 3], numpy.int32)
    with chainer.using_config('debug', True):
        with pytest.raises(ValueError, match='0 <= t < x.shape'):
            F.softmax_cross_entropy(x, t)


@pytest.mark.parametrize('kwargs, error', [
    ({'reduce': 'sum'}, ValueError),
    ({'soft_target_loss': 'l2'}, ValueError),
    ({'class_weight': numpy.ones((3, 1))}, ValueError),
    ({'class_weight': numpy.ones(3, numpy.int32)}, ValueError),
    ({'class_weight': chainer.Variable(numpy.ones(3))}, ValueError),
])
def test_invalid_arguments(kwargs, error):
    with pytest.raises(error):
        F.softmax_cross_entropy(numpy.zeros((2, 3)), numpy.zeros(2, numpy.int32), **kwargs)


@pytest.mark.parametrize('x, t', [
    (numpy.zeros((2, 3)), numpy.zeros(2, numpy.uint8)),  # unsigned labels
    (numpy.zeros((2, 3)), numpy.zeros(3, numpy.int32)),  # batch sizes differ
    (numpy.zeros((2, 3, 4)), numpy.zeros((2, 5), numpy.int32)),  # spatial shapes differ
    (numpy.zeros((2, 3)), numpy.zeros((2, 3), numpy.float32)),  # soft targets of another dtype
    (numpy.zeros((2, 3), numpy.int32), numpy.zeros(2, numpy.int32)),  # integer scores
])
def test_invalid_inputs(mode, x, t):
    loss_check.raises_in_both_modes(mode, type_check.InvalidType, F.softmax_cross_entropy, x, t)
