"""F.layer_normalization, F.group_normalization, F.local_response_normalization, F.normalize."""

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check

import loss_check
from mode_utils import make_array
from mode_utils import to_numpy


def _standardize(x, axes, eps):
    mean = x.mean(axis=axes, keepdims=True)
    return (x - mean) / numpy.sqrt(x.var(axis=axes, keepdims=True) + eps)


@loss_check.function_tests({
    'shape': [(3, 5), (2, 3, 4), (1, 3)],
})
class TestLayerNormalization(loss_check.ToleranceTestCase):
    """F.layer_normalization of 2-d and 3-d batches."""

    tolerance_scale = 4.0

    def generate_inputs(self):
        param_shape = self.shape[1:]
        return (loss_check.uniform(self.shape, self.dtype, -3, 3),
                loss_check.uniform(param_shape, self.dtype, 0.5, 1.5),
                loss_check.uniform(param_shape, self.dtype))

    def forward(self, inputs, device):
        return F.layer_normalization(*inputs),

    def forward_expected(self, inputs):
        x, gamma, beta = [a.astype(numpy.float64) for a in inputs]
        x_hat = _standardize(x, tuple(range(1, x.ndim)), 1e-5)
        return (x_hat * gamma + beta).astype(self.dtype),


@loss_check.function_tests({
    'shape_groups': [((2, 6, 3), 3), ((2, 4, 2, 2), 2), ((3, 4), 4), ((2, 3, 2), 1)],
})
class TestGroupNormalization(loss_check.ToleranceTestCase):
    """F.group_normalization with one to all channels per group."""

    tolerance_scale = 4.0

    def setUp(self):
        super().setUp()
        self.shape, self.groups = self.shape_groups
        if self.groups == self.shape[1] and len(self.shape) == 2:
            # Groups of one value normalize to 0: the gradient is 0 but numerically unstable.
            self.skip_double_backward_test = True

    def generate_inputs(self):
        channels = self.shape[1]
        return (loss_check.uniform(self.shape, self.dtype, -3, 3),
                loss_check.uniform(channels, self.dtype, 0.5, 1.5),
                loss_check.uniform(channels, self.dtype))

    def forward(self, inputs, device):
        return F.group_normalization(inputs[0], self.groups, inputs[1], inputs[2]),

    def forward_expected(self, inputs):
        x, gamma, beta = [a.astype(numpy.float64) for a in inputs]
        grouped = x.reshape(x.shape[0], self.groups, -1)
        x_hat = _standardize(grouped, (2,), 1e-5).reshape(x.shape)
        param_shape = (1, -1) + (1,) * (x.ndim - 2)
        return (x_hat * gamma.reshape(param_shape) + beta.reshape(param_shape)).astype(
            self.dtype),


def _lrn(x, n, k, alpha, beta):
    half = n // 2
    squares = numpy.pad(x * x, [(0, 0), (half, half)] + [(0, 0)] * (x.ndim - 2))
    window = sum(squares[:, i:i + x.shape[1]] for i in range(2 * half + 1))
    return x / (k + alpha * window) ** beta


@loss_check.function_tests({
    'shape': [(2, 7, 3), (3, 4), (1, 2, 2, 2)],
    'options': [{}, {'n': 3, 'k': 1, 'alpha': 0.5, 'beta': 0.6}, {'n': 1, 'alpha': 1.0}],
})
class TestLocalResponseNormalization(loss_check.ToleranceTestCase):
    """F.local_response_normalization with several windows."""

    tolerance_scale = 2.0

    def generate_inputs(self):
        return loss_check.uniform(self.shape, self.dtype, -2, 2),

    def forward(self, inputs, device):
        return F.local_response_normalization(inputs[0], **self.options),

    def forward_expected(self, inputs):
        options = dict({'n': 5, 'k': 2, 'alpha': 1e-4, 'beta': .75}, **self.options)
        return _lrn(inputs[0].astype(numpy.float64), **options).astype(self.dtype),


@loss_check.function_tests({
    'shape_axis': [((3, 4), 1), ((2, 3, 2), (1, 2)), ((4, 3), 0), ((2, 3), -1)],
    'eps': [1e-5, 1.0],
})
class TestNormalize(loss_check.ToleranceTestCase):
    """F.normalize over one or two axes, with a small and a large eps."""

    tolerance_scale = 2.0

    def generate_inputs(self):
        return loss_check.uniform(self.shape_axis[0], self.dtype, 0.5, 2) * \
            numpy.random.choice([-1, 1], self.shape_axis[0]).astype(self.dtype),

    def forward(self, inputs, device):
        return F.normalize(inputs[0], eps=self.eps, axis=self.shape_axis[1]),

    def forward_expected(self, inputs):
        x = inputs[0].astype(numpy.float64)
        norm = numpy.sqrt((x * x).sum(axis=self.shape_axis[1], keepdims=True))
        return (x / (norm + self.eps)).astype(self.dtype),


def test_normalize_zero_vectors_have_finite_gradients(mode):
    x = chainer.Variable(make_array(mode, [[0., 0., 0.], [3., 4., 0.]]))
    y = F.normalize(x, eps=0.5)
    gx, = chainer.grad([y], [x], grad_outputs=[make_array(mode, numpy.ones((2, 3)))],
                       enable_double_backprop=True)
    numpy.testing.assert_allclose(to_numpy(gx.array)[0], [2., 2., 2.])
    ggx, = chainer.grad([gx], [x], grad_outputs=[make_array(mode, numpy.ones((2, 3)))])
    assert numpy.isfinite(to_numpy(ggx.array)).all()


def test_group_normalization_arguments(mode):
    x, gamma = make_array(mode, numpy.zeros((2, 6, 2))), make_array(mode, numpy.ones(6))
    with pytest.raises(TypeError):
        F.group_normalization(x, 2.0, gamma, gamma)
    with pytest.raises(ValueError, match='not divisible'):
        F.group_normalization(x, 4, gamma, gamma)


@pytest.mark.parametrize('function, arrays', [
    (F.layer_normalization, (numpy.zeros((2, 3)), numpy.ones(4), numpy.zeros(4))),
    (F.layer_normalization, (numpy.zeros(3), numpy.ones(3), numpy.zeros(3))),
    (F.layer_normalization, (numpy.zeros((2, 3)), numpy.ones(3, numpy.float32),
                             numpy.zeros(3, numpy.float32))),
    (lambda x, g, b: F.group_normalization(x, 1, g, b),
     (numpy.zeros((2, 3)), numpy.ones(4), numpy.zeros(4))),
    (F.local_response_normalization, (numpy.zeros(3),)),
    (F.local_response_normalization, (numpy.zeros((2, 3), numpy.int32),)),
    (F.normalize, (numpy.zeros((2, 3), numpy.int32),)),
    (lambda x: F.normalize(x, axis=2), (numpy.zeros((2, 3)),)),
])
def test_invalid_inputs(mode, function, arrays):
    loss_check.raises_in_both_modes(mode, type_check.InvalidType, function, *arrays)
