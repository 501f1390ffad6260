"""F.batch_renormalization and F.fixed_batch_renormalization: values, gradients (r and d held
constant), running statistics, errors."""

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.functions.normalization.batch_renormalization import batch_renormalization
from chainer.functions.normalization.batch_renormalization import fixed_batch_renormalization
from chainer.utils import type_check

import loss_check
from mode_utils import make_array
from mode_utils import to_numpy


def _axes(x_ndim, gamma_ndim):
    return (0,) + tuple(range(gamma_ndim + 1, x_ndim))


def _expand(p, x_ndim):
    return p.reshape((1,) + p.shape + (1,) * (x_ndim - p.ndim - 1))


def _renormalize(x, gamma, beta, running_mean, running_var, rmax, dmax, eps):
    """The output and r, d (of gamma's shape) for float64 arrays."""
    axes = _axes(x.ndim, gamma.ndim)
    mean, std = x.mean(axis=axes), numpy.sqrt(x.var(axis=axes) + eps)
    sigma = numpy.sqrt(running_var + eps)
    r = numpy.clip(std / sigma, 1 / rmax, rmax)
    d = numpy.clip((mean - running_mean) / sigma, -dmax, dmax)
    e = lambda p: _expand(p, x.ndim)  # NOQA
    x_hat = (x - e(mean)) / e(std)
    return e(gamma) * (x_hat * e(r) + e(d)) + e(beta), r, d


# (x shape, gamma shape); the running statistics are far from the batch's, so that r and d are
# clipped (constant near the inputs) and the numerical gradients see them constant too.
_LAYOUTS = [((5, 3), (3,)), ((4, 3, 2), (3,)), ((4, 3, 2), (3, 2))]


@loss_check.function_tests({'layout': _LAYOUTS, 'eps': [2e-5, 0.5]})
class TestBatchRenormalization(loss_check.ToleranceTestCase):
    """Forward, backward and double backward with r and d at their bounds."""

    tolerance_scale = 4.0
    rmax, dmax = 2.0, 0.1

    def setUp(self):
        super().setUp()
        self.x_shape, self.gamma_shape = self.layout
        self.running_mean = numpy.full(self.gamma_shape, 10.0)
        self.running_var = numpy.full(self.gamma_shape, 400.0)
        if self.dtype == numpy.float16:
            self.check_double_backward_options.update(atol=0.2, rtol=0.2)

    def generate_inputs(self):
        return (loss_check.uniform(self.x_shape, self.dtype, -3, 3),
                loss_check.uniform(self.gamma_shape, self.dtype, 0.5, 1.5),
                loss_check.uniform(self.gamma_shape, self.dtype))

    def forward(self, inputs, device):
        mean, var = device.send((self.running_mean, self.running_var))
        return batch_renormalization(*inputs, self.rmax, self.dmax, eps=self.eps,
                                     running_mean=mean, running_var=var),

    def forward_expected(self, inputs):
        args = [a.astype(numpy.float64) for a in inputs]
        y, _, _ = _renormalize(*args, self.running_mean, self.running_var, self.rmax, self.dmax,
                               self.eps)
        return y.astype(self.dtype),


def _variables(mode, *arrays):
    return [chainer.Variable(make_array(mode, a)) for a in arrays]


def test_gradients_hold_r_and_d_constant(mode):
    rng = numpy.random.RandomState(0)
    x, gamma, beta, gy = rng.randn(6, 3, 2), rng.rand(3) + .5, rng.randn(3), rng.randn(6, 3, 2)
    running_mean, running_var = rng.randn(3) * .1, rng.rand(3) + .8
    xs = _variables(mode, x, gamma, beta)
    y = batch_renormalization(*xs, 3., 3., running_mean=make_array(mode, running_mean),
                              running_var=make_array(mode, running_var))
    gx, ggamma, gbeta = [to_numpy(g.array) for g in chainer.grad([y], xs, [make_array(mode, gy)])]
    expected, r, d = _renormalize(x, gamma, beta, running_mean, running_var, 3., 3., 2e-5)
    assert ((1 / 3 < r) & (r < 3) & (abs(d) < 3)).all()  # not clipped: they vary with x
    axes = (0, 2)
    std = numpy.sqrt(x.var(axis=axes) + 2e-5)
    x_hat = (x - _expand(x.mean(axis=axes), 3)) / _expand(std, 3)
    mean_of = lambda a: _expand(a.mean(axis=axes), 3)  # NOQA
    expected_gx = _expand(r * gamma / std, 3) * (gy - mean_of(gy) - x_hat * mean_of(gy * x_hat))
    numpy.testing.assert_allclose(to_numpy(y.array), expected, rtol=1e-10)
    numpy.testing.assert_allclose(gx, expected_gx, rtol=1e-10, atol=1e-12)
    numpy.testing.assert_allclose(ggamma, (gy * (x_hat * _expand(r, 3) + _expand(d, 3))).sum(
        axis=axes), rtol=1e-10)
    numpy.testing.assert_allclose(gbeta, gy.sum(axis=axes), rtol=1e-10)


def test_without_correction_it_is_batch_normalization(mode):
    rng = numpy.random.RandomState(1)
    args = [make_array(mode, a) for a in (rng.randn(4, 3, 2), rng.rand(3), rng.randn(3))]
    y = batch_renormalization(*args, 1, 0, running_mean=make_array(mode, rng.randn(3)),
                              running_var=make_array(mode, rng.rand(3)))
    numpy.testing.assert_allclose(to_numpy(y.array),
                                  to_numpy(F.batch_normalization(*args).array), rtol=1e-10)


@pytest.mark.parametrize('update', [True, False])
def test_running_statistics(mode, update):
    rng = numpy.random.RandomState(2)
    x = rng.randn(5, 3)
    mean, var = make_array(mode, numpy.zeros(3)), make_array(mode, numpy.ones(3))
    y = batch_renormalization(*[make_array(mode, a) for a in (x, numpy.ones(3), numpy.zeros(3))],
                              2., 1., running_mean=mean, running_var=var, decay=0.75,
                              update_statistics=update)
    expected_y, _, _ = _renormalize(x, numpy.ones(3), numpy.zeros(3), numpy.zeros(3),
                                    numpy.ones(3), 2., 1., 2e-5)
    numpy.testing.assert_allclose(to_numpy(y.array), expected_y, rtol=1e-10)
    if update:
        expected = (x.mean(axis=0) * .25, .75 + x.var(axis=0) * 5 / 4 * .25)
    else:
        expected = (numpy.zeros(3), numpy.ones(3))
    numpy.testing.assert_allclose(to_numpy(mean), expected[0], rtol=1e-12)
    numpy.testing.assert_allclose(to_numpy(var), expected[1], rtol=1e-12)


def test_float16_input_with_float32_parameters(mode):
    rng = numpy.random.RandomState(3)
    x = chainer.Variable(make_array(mode, rng.randn(4, 3), numpy.float16))
    gamma = chainer.Variable(make_array(mode, rng.rand(3) + .5, numpy.float32))
    beta = make_array(mode, numpy.zeros(3), numpy.float32)
    stats = [make_array(mode, v, numpy.float32) for v in (numpy.zeros(3), numpy.ones(3))]
    y = batch_renormalization(x, gamma, beta, 2., 1., running_mean=stats[0],
                              running_var=stats[1], update_statistics=True)
    gx, ggamma = chainer.grad([y], [x, gamma], [make_array(mode, numpy.ones((4, 3)),
                                                          numpy.float16)])
    assert (y.dtype, gx.dtype, ggamma.dtype) == (numpy.float16, numpy.float16, numpy.float32)
    assert stats[0].dtype == numpy.float32


@pytest.mark.parametrize('kwargs, error', [
    ({}, TypeError),
    ({'running_mean': [0., 0., 0.], 'running_var': numpy.ones(3)}, TypeError),
    ({'rmax': 0.5}, ValueError),
    ({'rmax': 0}, ValueError),
    ({'dmax': -1}, ValueError),
])
def test_invalid_arguments(kwargs, error):
    args = {'rmax': 1, 'dmax': 0, 'running_mean': numpy.zeros(3), 'running_var': numpy.ones(3)}
    args.update(kwargs)
    if not kwargs:
        del args['running_mean'], args['running_var']
    with pytest.raises(error):
        batch_renormalization(numpy.zeros((2, 3)), numpy.ones(3), numpy.zeros(3), **args)


@pytest.mark.parametrize('x, gamma, beta', [
    (numpy.zeros((2, 3)), numpy.ones(4), numpy.zeros(4)),
    (numpy.zeros((2, 3)), numpy.ones(3), numpy.zeros(3, numpy.float32)),
    (numpy.zeros((2, 3)), numpy.ones(3), numpy.zeros(2)),
    (numpy.zeros(3), numpy.ones(3), numpy.zeros(3)),
    (numpy.zeros((2, 3), numpy.int32), numpy.ones(3), numpy.zeros(3)),
])
def test_invalid_inputs(mode, x, gamma, beta):
    stats = [make_array(mode, numpy.zeros(gamma.shape)) for _ in range(2)]
    loss_check.raises_in_both_modes(
        mode, type_check.InvalidType,
        lambda *a: batch_renormalization(*a, 2, 1, running_mean=stats[0], running_var=stats[1]),
        x, gamma, beta)


def test_fixed_batch_renormalization_is_fixed_batch_normalization(mode):
    rng = numpy.random.RandomState(4)
    args = [rng.randn(4, 3), rng.rand(3), rng.randn(3), rng.randn(3), rng.rand(3) + .5]
    xs = _variables(mode, *args)
    with pytest.warns(DeprecationWarning):
        y = fixed_batch_renormalization(*xs, eps=1e-3)
    expected = F.fixed_batch_normalization(*[make_array(mode, a) for a in args], eps=1e-3)
    numpy.testing.assert_allclose(to_numpy(y.array), to_numpy(expected.array), rtol=1e-12)
    assert all(g is not None for g in chainer.grad([y], xs, [make_array(mode, args[0])]))
