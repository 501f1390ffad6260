"""F.decorrelated_batch_normalization and F.fixed_decorrelated_batch_normalization against a
NumPy ZCA whitening, with first and second derivatives."""

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer.functions.normalization.decorrelated_batch_normalization import (
    decorrelated_batch_normalization as dbn)
from chainer.functions.normalization.decorrelated_batch_normalization import (
    fixed_decorrelated_batch_normalization as fixed_dbn)
from chainer.utils import type_check

import loss_check
from mode_utils import make_array
from mode_utils import to_numpy


def _grouped(x, groups):
    perm = (1, 0) + tuple(range(2, x.ndim))
    return x.transpose(perm).reshape(groups, x.shape[1] // groups, x.size // x.shape[1])


def _ungrouped(y, x_shape):
    perm = (1, 0) + tuple(range(2, len(x_shape)))
    return y.reshape((x_shape[1], x_shape[0]) + tuple(x_shape[2:])).transpose(perm)


def _whitening(x, groups, eps, m_minus=0):
    """The centered groups, their means and the ZCA projections of S = Xc Xc^T / (m - m_minus)
    + eps I."""
    grouped = _grouped(x, groups)
    mean = grouped.mean(axis=2, keepdims=True)
    centered = grouped - mean
    m = grouped.shape[2]
    cov = centered @ centered.transpose(0, 2, 1) / (m - m_minus) + eps * numpy.eye(len(mean[0]))
    w, v = numpy.linalg.eigh(cov)
    return centered, mean[:, :, 0], (v / numpy.sqrt(w)[:, None, :]) @ v.transpose(0, 2, 1)


@loss_check.function_tests({
    'config': [((6, 4), 2), ((3, 4, 2), 1), ((3, 4, 2), 2), ((4, 4, 1, 2), 4), ((2, 3), 1)],
    'eps': [2e-5, 0.1],
})
class TestDecorrelatedBatchNormalization(loss_check.ToleranceTestCase):
    """Several layouts and group sizes, and a batch of 2 for 3 channels (a rank-1 covariance:
    two equal eigenvalues eps)."""

    tolerance_scale = 8.0

    def setUp(self):
        super().setUp()
        self.shape, self.groups = self.config
        if self.dtype == numpy.float16:
            self.check_backward_options.update(atol=5e-2, rtol=5e-2)
            self.skip_double_backward_test = True  # float16 rounding swamps the second order

    def generate_inputs(self):
        return loss_check.uniform(self.shape, self.dtype),

    def forward(self, inputs, device):
        return dbn(inputs[0], groups=self.groups, eps=self.eps),

    def forward_expected(self, inputs):
        x = inputs[0].astype(numpy.float64)
        centered, _, projection = _whitening(x, self.groups, self.eps)
        return _ungrouped(projection @ centered, x.shape).astype(self.dtype),


@loss_check.function_tests({'config': [((5, 4), 2), ((3, 6, 2), 3)]})
class TestFixedDecorrelatedBatchNormalization(loss_check.ToleranceTestCase):
    """Every input (x, mean, projection) gets a gradient."""

    tolerance_scale = 4.0

    def setUp(self):
        super().setUp()
        self.shape, self.groups = self.config
        self.size = self.shape[1] // self.groups

    def generate_inputs(self):
        return (loss_check.uniform(self.shape, self.dtype),
                loss_check.uniform((self.groups, self.size), self.dtype),
                loss_check.uniform((self.groups, self.size, self.size), self.dtype))

    def forward(self, inputs, device):
        return fixed_dbn(*inputs, groups=self.groups),

    def forward_expected(self, inputs):
        x, mean, projection = [a.astype(numpy.float64) for a in inputs]
        y = projection @ (_grouped(x, self.groups) - mean[:, :, None])
        return _ungrouped(y, x.shape).astype(self.dtype),


def test_output_is_white(mode):
    x = numpy.random.RandomState(0).normal(size=(200, 6)) @ numpy.random.RandomState(1).rand(6, 6)
    y = to_numpy(dbn(make_array(mode, x), groups=2, eps=1e-8).array)
    for g in range(2):
        part = y[:, 3 * g:3 * g + 3]
        numpy.testing.assert_allclose(part.mean(axis=0), 0, atol=1e-10)
        numpy.testing.assert_allclose(part.T @ part / 200, numpy.eye(3), atol=1e-6)


def test_running_statistics(mode):
    x = numpy.random.RandomState(2).normal(size=(5, 4, 3))
    mean = make_array(mode, numpy.ones((2, 2)))
    projection = make_array(mode, numpy.zeros((2, 2, 2)))
    dbn(make_array(mode, x), groups=2, eps=0.01, running_mean=mean,
        running_projection=projection, decay=0.25)
    _, batch_mean, _ = _whitening(x, 2, 0.01)
    _, _, unbiased = _whitening(x, 2, 0.01, m_minus=1)
    numpy.testing.assert_allclose(to_numpy(mean), 0.25 + 0.75 * batch_mean, rtol=1e-12)
    numpy.testing.assert_allclose(to_numpy(projection), 0.75 * unbiased, rtol=1e-10)


def test_float16_is_whitened_in_float32(mode):
    x = chainer.Variable(make_array(mode, numpy.random.RandomState(3).normal(size=(8, 4)),
                                    numpy.float16))
    y = dbn(x, groups=2)
    gx, = chainer.grad([y], [x], [make_array(mode, numpy.ones((8, 4)), numpy.float16)])
    assert y.dtype == numpy.float16 and gx.dtype == numpy.float16


def test_native_on_chainerx_with_double_backward():
    rng = numpy.random.RandomState(4)
    args = [make_array('chainerx', a) for a in (rng.randn(4, 4, 2), rng.randn(4, 4, 2),
                                                rng.randn(4, 4, 2))]
    before = chainer.function_node.fallback_count
    gradient_check.check_double_backward(lambda x: dbn(x, groups=2), *args)
    assert chainer.function_node.fallback_count == before


def test_third_derivative_is_not_implemented():
    x = chainer.Variable(numpy.random.RandomState(5).randn(4, 2))
    gx, = chainer.grad([F.sum(dbn(x, groups=1) ** 3)], [x], enable_double_backprop=True)
    ggx, = chainer.grad([F.sum(gx * gx)], [x], enable_double_backprop=True)
    with pytest.raises(NotImplementedError):
        chainer.grad([F.sum(ggx * ggx)], [x])


@pytest.mark.parametrize('shape, kwargs, error', [
    ((4, 6), {'groups': 4}, type_check.InvalidType),
    ((6,), {'groups': 1}, type_check.InvalidType),
    ((4, 6), {'groups': 0}, ValueError),
    ((4, 6), {'groups': 1.5}, ValueError),
    ((4, 6), {'group': 2}, TypeError),
    ((4, 6), {'groups': 2, 'running_mean': [[0.] * 3] * 2}, TypeError),
])
def test_invalid_arguments(mode, shape, kwargs, error):
    with pytest.raises(error):
        dbn(make_array(mode, numpy.zeros(shape)), **kwargs)


def test_groups_may_be_a_numpy_integer(mode):
    y = dbn(make_array(mode, numpy.eye(4)), groups=numpy.int64(2))
    assert y.shape == (4, 4)


def test_integer_input_is_invalid(mode):
    with pytest.raises(type_check.InvalidType):
        dbn(make_array(mode, numpy.zeros((4, 2)), numpy.int32), groups=1)


@pytest.mark.parametrize('mean_shape, projection_shape, dtype', [
    ((2, 2), (2, 2, 2), numpy.float32),
    ((4,), (2, 2, 2), numpy.float64),
    ((2, 2), (2, 2), numpy.float64),
])
def test_fixed_invalid_statistics(mode, mean_shape, projection_shape, dtype):
    x = make_array(mode, numpy.zeros((3, 4)))
    mean, projection = [make_array(mode, numpy.zeros(s), dtype)
                        for s in (mean_shape, projection_shape)]
    with pytest.raises(type_check.InvalidType):
        fixed_dbn(x, mean, projection, groups=2)
