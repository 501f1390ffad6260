"""F.contrastive, F.triplet, F.cross_covariance and F.decov against NumPy references."""

import numpy
import pytest

import chainer
from chainer.functions.loss.contrastive import contrastive
from chainer.functions.loss.cross_covariance import cross_covariance
from chainer.functions.loss.decov import decov
from chainer.functions.loss.triplet import triplet
from chainer.utils import type_check

import loss_check
from mode_utils import make_array
from mode_utils import to_numpy


def _mean_or_not(loss, reduce):
    return numpy.asarray(loss.sum() / len(loss)) if reduce == 'mean' else loss


def _contrastive(x0, x1, y, margin, reduce):
    d = numpy.sqrt(((x0 - x1) ** 2).sum(axis=1))
    loss = (y * d * d + (1 - y) * numpy.maximum(margin - d, 0) ** 2) / 2
    return _mean_or_not(loss, reduce)


def _triplet(a, p, n, margin, reduce):
    dist = ((a - p) ** 2 - (a - n) ** 2).sum(axis=1) + margin
    return _mean_or_not(numpy.maximum(dist, 0), reduce)


def _covariance(y, z):
    return (y - y.mean(axis=0)).T.dot(z - z.mean(axis=0)) / len(y)


def _half_squared_sum_or_not(c, reduce):
    return numpy.asarray((c * c).sum() / 2) if reduce == 'half_squared_sum' else c


@loss_check.function_tests({
    'shape': [(4, 3), (1, 2)],
    'reduce': ['mean', 'no'],
    'margin': [1, 2.5],
})
class TestContrastive(loss_check.ToleranceTestCase):
    """F.contrastive for both reductions and two margins."""

    dodge_nondifferentiable = True

    def generate_inputs(self):
        labels = numpy.random.randint(0, 2, self.shape[0]).astype(numpy.int32)
        return (loss_check.uniform(self.shape, self.dtype),
                loss_check.uniform(self.shape, self.dtype), labels)

    def forward(self, inputs, device):
        return contrastive(*inputs, margin=self.margin, reduce=self.reduce),

    def forward_expected(self, inputs):
        x0, x1, y = [a.astype(numpy.float64) for a in inputs]
        return _contrastive(x0, x1, y, self.margin, self.reduce).astype(self.dtype),


@loss_check.function_tests({
    'shape': [(4, 3), (3, 2, 2)],
    'reduce': ['mean', 'no'],
    'margin': [0.2, 1.0],
})
class TestTriplet(loss_check.ToleranceTestCase):
    """F.triplet for both reductions, two margins and inputs of more than two axes."""

    dodge_nondifferentiable = True

    def generate_inputs(self):
        return tuple(loss_check.uniform(self.shape, self.dtype) for _ in range(3))

    def forward(self, inputs, device):
        return triplet(*inputs, margin=self.margin, reduce=self.reduce),

    def forward_expected(self, inputs):
        args = [a.astype(numpy.float64) for a in inputs]
        return _triplet(*args, self.margin, self.reduce).astype(self.dtype),


@loss_check.function_tests({
    'shapes': [((4, 3), (4, 2)), ((1, 2), (1, 3)), ((5, 0), (5, 2))],
    'reduce': ['half_squared_sum', 'no'],
})
class TestCrossCovariance(loss_check.ToleranceTestCase):
    """F.cross_covariance for both reductions, a batch of one and zero features."""

    tolerance_scale = 4.0

    def generate_inputs(self):
        return tuple(loss_check.uniform(shape, self.dtype) for shape in self.shapes)

    def forward(self, inputs, device):
        return cross_covariance(*inputs, reduce=self.reduce),

    def forward_expected(self, inputs):
        y, z = [a.astype(numpy.float64) for a in inputs]
        return _half_squared_sum_or_not(_covariance(y, z), self.reduce).astype(self.dtype),


@loss_check.function_tests({
    'shape': [(4, 3), (2, 1), (3, 0)],
    'reduce': ['half_squared_sum', 'no'],
})
class TestDeCov(loss_check.ToleranceTestCase):
    """F.decov for both reductions, one feature (no off-diagonal) and zero features."""

    tolerance_scale = 4.0

    def generate_inputs(self):
        return loss_check.uniform(self.shape, self.dtype),

    def forward(self, inputs, device):
        return decov(*inputs, reduce=self.reduce),

    def forward_expected(self, inputs):
        h = inputs[0].astype(numpy.float64)
        c = _covariance(h, h) * (1 - numpy.eye(h.shape[1]))
        return _half_squared_sum_or_not(c, self.reduce).astype(self.dtype),


def test_contrastive_identical_dissimilar_pair_has_zero_gradient(mode):
    x0 = chainer.Variable(make_array(mode, [[1.0, 2.0], [0.0, 0.0]]))
    x1 = chainer.Variable(make_array(mode, [[1.0, 2.0], [3.0, 4.0]]))
    y = make_array(mode, [0, 1], numpy.int32)
    loss = contrastive(x0, x1, y, margin=2, reduce='no')
    gx0, gx1 = chainer.grad([loss], [x0, x1], grad_outputs=[make_array(mode, [1.0, 1.0])])
    numpy.testing.assert_allclose(to_numpy(loss.array), [2.0, 12.5])
    numpy.testing.assert_array_equal(to_numpy(gx0.array), [[0, 0], [-3, -4]])
    numpy.testing.assert_array_equal(to_numpy(gx1.array), [[0, 0], [3, 4]])


@pytest.mark.parametrize('function, args', [
    (contrastive, {'margin': 0}),
    (contrastive, {'margin': -1}),
    (contrastive, {'reduce': 'sum'}),
    (triplet, {'margin': 0}),
    (triplet, {'reduce': 'sum'}),
])
def test_invalid_margin_or_reduce(function, args):
    x = numpy.zeros((2, 3))
    third = numpy.zeros(2, numpy.int32) if function is contrastive else x
    with pytest.raises(ValueError):
        function(x, x, third, **args)


@pytest.mark.parametrize('function', [cross_covariance, decov])
def test_invalid_reduce_of_covariances(function):
    args = (numpy.zeros((2, 3)),) * (2 if function is cross_covariance else 1)
    with pytest.raises(ValueError, match="'half_squared_sum' and 'no'"):
        function(*args, reduce='mean')


@pytest.mark.parametrize('x0, x1, y', [
    (numpy.zeros((2, 3)), numpy.zeros((2, 3)), numpy.zeros(2)),  # float labels
    (numpy.zeros((2, 3)), numpy.zeros((2, 2)), numpy.zeros(2, numpy.int32)),
    (numpy.zeros((2, 3)), numpy.zeros((2, 3)), numpy.zeros(3, numpy.int32)),
    (numpy.zeros((0, 3)), numpy.zeros((0, 3)), numpy.zeros(0, numpy.int32)),
    (numpy.zeros((2, 3, 1)), numpy.zeros((2, 3, 1)), numpy.zeros(2, numpy.int32)),
    (numpy.zeros((2, 3), numpy.int32), numpy.zeros((2, 3), numpy.int32),
     numpy.zeros(2, numpy.int32)),
    (numpy.zeros((2, 3)), numpy.zeros((2, 3), numpy.float32), numpy.zeros(2, numpy.int32)),
])
def test_contrastive_invalid_inputs(mode, x0, x1, y):
    loss_check.raises_in_both_modes(mode, type_check.InvalidType, contrastive, x0, x1, y)


@pytest.mark.parametrize('shapes, dtypes', [
    (((2, 3), (2, 3), (2, 2)), (numpy.float64,) * 3),
    (((2, 3),) * 3, (numpy.float64, numpy.float32, numpy.float64)),
    (((3,),) * 3, (numpy.float64,) * 3),
    (((0, 3),) * 3, (numpy.float64,) * 3),
    (((2, 3),) * 3, (numpy.int32,) * 3),
])
def test_triplet_invalid_inputs(mode, shapes, dtypes):
    arrays = [numpy.zeros(s, d) for s, d in zip(shapes, dtypes)]
    loss_check.raises_in_both_modes(mode, type_check.InvalidType, triplet, *arrays)


@pytest.mark.parametrize('y, z', [
    (numpy.zeros((2, 3)), numpy.zeros((3, 3))),
    (numpy.zeros((2, 3)), numpy.zeros((2, 3), numpy.float32)),
    (numpy.zeros(3), numpy.zeros(3)),
    (numpy.zeros((2, 3), numpy.int32), numpy.zeros((2, 3), numpy.int32)),
])
def test_cross_covariance_invalid_inputs(mode, y, z):
    loss_check.raises_in_both_modes(mode, type_check.InvalidType, cross_covariance, y, z)


@pytest.mark.parametrize('h', [numpy.zeros(3), numpy.zeros((2, 3, 1)), numpy.zeros((2, 3), int)])
def test_decov_invalid_inputs(mode, h):
    loss_check.raises_in_both_modes(mode, type_check.InvalidType, decov, h)


def test_numpy_and_chainerx_inputs_do_not_mix():
    x = numpy.zeros((2, 3))
    with pytest.raises(TypeError):
        triplet(x, x, chainer.Variable(make_array('chainerx', x)))
