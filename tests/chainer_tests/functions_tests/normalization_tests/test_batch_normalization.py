"""F.batch_normalization and F.fixed_batch_normalization: values, gradients, running statistics."""

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check

import loss_check
from mode_utils import make_array
from mode_utils import to_numpy

# (x shape, gamma shape, axis)
_LAYOUTS = [
    ((5, 3), (3,), None),
    ((4, 3, 2, 2), (3,), None),
    ((4, 3, 2), (3, 2), None),
    ((4, 3, 2), (2,), (0, 1)),
    ((3, 4, 2), (4,), (0, 2)),
    ((2, 3, 4), (2, 3), 2),
    ((0, 3), (3,), None),
]


def _axes(x_shape, gamma_shape, axis):
    if axis is None:
        return (0,) + tuple(range(len(gamma_shape) + 1, len(x_shape)))
    return (axis,) if isinstance(axis, int) else axis


def _expand(param, x_shape, axes):
    return param.reshape([1 if i in axes else n for i, n in enumerate(x_shape)])


def _normalize(x, gamma, beta, mean, var, eps, axes):
    e = lambda p: _expand(p, x.shape, axes)  # NOQA
    return e(gamma) * (x - e(mean)) / numpy.sqrt(e(var) + eps) + e(beta)


@loss_check.function_tests({
    'layout': _LAYOUTS,
    'eps': [2e-5, 0.5],
})
@pytest.mark.filterwarnings('ignore::RuntimeWarning')  # the statistics of zero-size batches
class TestBatchNormalization(loss_check.ToleranceTestCase):
    """F.batch_normalization with the batch statistics, over several layouts."""

    tolerance_scale = 4.0

    def setUp(self):
        super().setUp()
        self.x_shape, self.gamma_shape, self.axis = self.layout
        if self.dtype == numpy.float16:
            self.check_double_backward_options.update(atol=0.2, rtol=0.2)

    def generate_inputs(self):
        return (loss_check.uniform(self.x_shape, self.dtype, -3, 3),
                loss_check.uniform(self.gamma_shape, self.dtype, 0.5, 1.5),
                loss_check.uniform(self.gamma_shape, self.dtype))

    def forward(self, inputs, device):
        return F.batch_normalization(*inputs, eps=self.eps, axis=self.axis),

    def forward_expected(self, inputs):
        x, gamma, beta = [a.astype(numpy.float64) for a in inputs]
        axes = _axes(self.x_shape, self.gamma_shape, self.axis)
        if not x.size:
            return x.astype(self.dtype),
        mean = x.mean(axis=axes)
        var = x.var(axis=axes)
        return _normalize(x, gamma, beta, mean, var, self.eps, axes).astype(self.dtype),


@loss_check.function_tests({
    'layout': _LAYOUTS,
})
class TestFixedBatchNormalization(loss_check.ToleranceTestCase):
    """F.fixed_batch_normalization, gradients of all five inputs."""

    tolerance_scale = 4.0

    def setUp(self):
        super().setUp()
        self.x_shape, self.gamma_shape, self.axis = self.layout

    def generate_inputs(self):
        params = [loss_check.uniform(self.gamma_shape, self.dtype, low, high)
                  for low, high in ((0.5, 1.5), (-1, 1), (-1, 1), (0.5, 1.5))]
        return (loss_check.uniform(self.x_shape, self.dtype, -3, 3),) + tuple(params)

    def forward(self, inputs, device):
        return F.fixed_batch_normalization(*inputs, eps=2e-5, axis=self.axis),

    def forward_expected(self, inputs):
        x, gamma, beta, mean, var = [a.astype(numpy.float64) for a in inputs]
        axes = _axes(self.x_shape, self.gamma_shape, self.axis)
        return _normalize(x, gamma, beta, mean, var, 2e-5, axes).astype(self.dtype),


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_running_statistics_are_updated_in_place(mode, dtype):
    rs = numpy.random.RandomState(0)
    xs = [rs.uniform(-2, 2, (6, 3, 2)).astype(dtype) for _ in range(2)]
    gamma, beta = numpy.ones(3, dtype), numpy.zeros(3, dtype)
    mean = make_array(mode, numpy.zeros(3, dtype), dtype)
    var = make_array(mode, numpy.ones(3, dtype), dtype)
    expected_mean, expected_var = numpy.zeros(3), numpy.ones(3)
    for x in xs:
        F.batch_normalization(make_array(mode, x, dtype), make_array(mode, gamma, dtype),
                              make_array(mode, beta, dtype), running_mean=mean, running_var=var,
                              decay=0.7)
        m = x.size // 3
        expected_mean = 0.7 * expected_mean + 0.3 * x.mean(axis=(0, 2))
        expected_var = 0.7 * expected_var + 0.3 * x.var(axis=(0, 2)) * m / (m - 1)
    numpy.testing.assert_allclose(to_numpy(mean), expected_mean, rtol=1e-5)
    numpy.testing.assert_allclose(to_numpy(var), expected_var, rtol=1e-5)


def test_running_statistics_agree_between_modes_to_the_bit():
    rs = numpy.random.RandomState(1)
    x, gamma, beta = rs.randn(5, 4, 3), rs.randn(4), rs.randn(4)
    stats = {}
    for mode in ('numpy', 'chainerx'):
        mean, var = make_array(mode, numpy.zeros(4)), make_array(mode, numpy.ones(4))
        y = F.batch_normalization(*[make_array(mode, a) for a in (x, gamma, beta)],
                                  running_mean=mean, running_var=var)
        stats[mode] = [to_numpy(a) for a in (y.array, mean, var)]
    for a, b in zip(stats['numpy'], stats['chainerx']):
        numpy.testing.assert_allclose(a, b, rtol=1e-15, atol=1e-15)


@pytest.mark.parametrize('fixed', [False, True])
def test_float16_input_with_float32_parameters(mode, fixed):
    rs = numpy.random.RandomState(2)
    x = chainer.Variable(make_array(mode, rs.randn(4, 3), numpy.float16))
    params = [chainer.Variable(make_array(mode, rs.uniform(0.5, 1, 3), numpy.float32))
              for _ in range(4 if fixed else 2)]
    if fixed:
        y = F.fixed_batch_normalization(x, *params)
    else:
        y = F.batch_normalization(x, *params)
    assert y.dtype == numpy.float16
    y.grad = make_array(mode, numpy.ones((4, 3)), numpy.float16)
    y.backward()
    assert x.grad.dtype == numpy.float16
    assert all(p.grad.dtype == numpy.float32 for p in params)
    x64 = to_numpy(x.array).astype(numpy.float64)
    p64 = [to_numpy(p.array).astype(numpy.float64) for p in params]
    if fixed:
        expected = _normalize(x64, p64[0], p64[1], p64[2], p64[3], 2e-5, (0,))
    else:
        expected = _normalize(x64, p64[0], p64[1], x64.mean(0), x64.var(0), 2e-5, (0,))
    numpy.testing.assert_allclose(to_numpy(y.array), expected, atol=1e-2, rtol=1e-2)


@pytest.mark.parametrize('x_shape, gamma_shape, beta_shape, beta_dtype', [
    ((4, 3), (4,), (4,), numpy.float64),  # gamma does not match axis 1
    ((4, 3), (3,), (2,), numpy.float64),  # beta's shape differs
    ((4, 3), (3,), (3,), numpy.float32),  # beta's dtype differs
    ((3,), (3,), (3,), numpy.float64),  # no axis left to normalize
])
def test_invalid_inputs(mode, x_shape, gamma_shape, beta_shape, beta_dtype):
    loss_check.raises_in_both_modes(
        mode, type_check.InvalidType, F.batch_normalization, numpy.zeros(x_shape),
        numpy.ones(gamma_shape), numpy.zeros(beta_shape, beta_dtype))


def test_fixed_invalid_inputs(mode):
    loss_check.raises_in_both_modes(
        mode, type_check.InvalidType, F.fixed_batch_normalization, numpy.zeros((4, 3)),
        numpy.ones(3), numpy.zeros(3), numpy.zeros(2), numpy.ones(3))


def test_invalid_arguments():
    x, gamma, beta = numpy.zeros((2, 3)), numpy.ones(3), numpy.zeros(3)
    with pytest.raises(ValueError, match='using_config'):
        F.batch_normalization(x, gamma, beta, train=True)
    with pytest.raises(TypeError):
        F.batch_normalization(x, gamma, beta, momentum=0.9)
    with pytest.raises(ValueError):
        F.batch_normalization(x, gamma, beta, axis=2)
    with pytest.raises(ValueError):
        F.fixed_batch_normalization(x, gamma, beta, gamma, gamma, axis=(0, 0))
