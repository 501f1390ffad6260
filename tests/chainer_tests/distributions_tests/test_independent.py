"""Independent: shapes, the reductions over the reinterpreted axes, the block-diagonal
covariance, sampling, its KL divergence and gradients, against NumPy/scipy references."""

import numpy
import pytest
from scipy import stats

import chainerx
from chainer import distributions as D
from chainer import gradient_check

import dist_check
import dist_references as refs
from mode_utils import make_array
from mode_utils import to_numpy


def _normal_values(seed=0, shape=(2, 3)):
    rng = numpy.random.RandomState(seed)
    return rng.uniform(-1, 1, shape), rng.uniform(0.5, 1.5, shape)


def _independent(mode, dtype=numpy.float64, seed=0, ndims=None, shape=(2, 3)):
    loc, scale = _normal_values(seed, shape)
    base = D.Normal(make_array(mode, loc, dtype), make_array(mode, scale, dtype))
    return D.Independent(base, ndims), loc, scale


@pytest.mark.parametrize('ndims, batch_shape, event_shape', [
    (None, (2,), (3,)), (0, (2, 3), ()), (1, (2,), (3,)), (2, (), (2, 3))])
def test_shapes(mode, ndims, batch_shape, event_shape):
    dist, _, _ = _independent(mode, ndims=ndims)
    assert dist.batch_shape == batch_shape
    assert dist.event_shape == event_shape
    assert dist.sample(4).shape == (4,) + batch_shape + event_shape
    assert dist.reinterpreted_batch_ndims == (1 if ndims is None else ndims)


def test_default_of_a_distribution_without_batch_axes():
    dist = D.Independent(D.Normal(numpy.zeros(()), numpy.ones(())))
    assert dist.reinterpreted_batch_ndims == 0
    assert dist.batch_shape == () and dist.event_shape == ()


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_reductions(mode, dtype):
    dist, loc, scale = _independent(mode, dtype)
    x = numpy.random.RandomState(1).normal(0, 1, (4, 2, 3)).astype(dtype)
    frozen = stats.norm(loc, scale)
    chx = make_array(mode, x, dtype)
    dist_check.assert_variable(dist.log_prob(chx), frozen.logpdf(x).sum(-1), dtype, mode)
    dist_check.assert_variable(dist.prob(chx), frozen.pdf(x).prod(-1), dtype, mode)
    dist_check.assert_variable(dist.cdf(chx), frozen.cdf(x).prod(-1), dtype, mode)
    dist_check.assert_variable(dist.log_cdf(chx), frozen.logcdf(x).sum(-1), dtype, mode)
    dist_check.assert_variable(dist.survival_function(chx), frozen.sf(x).prod(-1), dtype, mode)
    dist_check.assert_variable(dist.log_survival_function(chx), frozen.logsf(x).sum(-1), dtype, mode)
    dist_check.assert_variable(dist.entropy, frozen.entropy().sum(-1), dtype, mode)
    dist_check.assert_variable(dist.mean, loc, dtype, mode)
    dist_check.assert_variable(dist.variance, scale ** 2, dtype, mode)
    dist_check.assert_variable(dist.stddev, scale, dtype, mode)
    dist_check.assert_variable(dist.mode, loc, dtype, mode)
    assert dist.support == 'real'
    assert set(dist.params) == {'loc', 'scale'}


def test_icdf_and_perplexity_raise(mode):
    dist, _, _ = _independent(mode)
    with pytest.raises(NotImplementedError):
        dist.icdf(make_array(mode, numpy.full((2, 3), 0.5)))
    with pytest.raises(NotImplementedError):
        dist.perplexity(make_array(mode, numpy.zeros((2, 3))))


def test_covariance_of_scalar_events(mode):
    dist, _, scale = _independent(mode)
    expected = numpy.stack([numpy.diag(s ** 2) for s in scale])
    dist_check.assert_variable(dist.covariance, expected, numpy.float64, mode)


def test_covariance_of_vector_events(mode):
    rng = numpy.random.RandomState(2)
    loc = rng.uniform(-1, 1, (2, 3, 2))
    tril = numpy.tril(rng.uniform(-0.5, 0.5, (2, 3, 2, 2)), -1) + numpy.eye(2) * 1.2
    base = D.MultivariateNormal(make_array(mode, loc), scale_tril=make_array(mode, tril))
    dist = D.Independent(base)
    assert dist.batch_shape == (2,) and dist.event_shape == (3, 2)
    cov = numpy.einsum('...ij,...kj->...ik', tril, tril)
    expected = numpy.zeros((2, 6, 6))
    for b in range(2):
        for r in range(3):
            expected[b, 2 * r:2 * r + 2, 2 * r:2 * r + 2] = cov[b, r]
    dist_check.assert_variable(dist.covariance, expected, numpy.float64, mode)
    x = rng.normal(0, 1, (2, 3, 2))
    log_p = refs.MultivariateNormal(loc, tril).logpdf(x).sum(-1)
    dist_check.assert_variable(dist.log_prob(make_array(mode, x)), log_p, numpy.float64, mode)


def test_kl_divergence(mode):
    d1, loc1, scale1 = _independent(mode, seed=0)
    d2, loc2, scale2 = _independent(mode, seed=1)
    # The same as the KL of multivariate normals with diagonal covariances.
    expected = refs.kl_multivariate_normal(loc1, scale1[..., None] * numpy.eye(3),
                                           loc2, scale2[..., None] * numpy.eye(3))
    dist_check.assert_variable(D.kl_divergence(d1, d2), expected, numpy.float64, mode)
    entropy = stats.norm(loc1, scale1).entropy().sum(-1)
    dist_check.assert_variable(D.cross_entropy(d1, d2), entropy + expected, numpy.float64, mode)


def test_kl_divergence_without_reinterpreted_axes(mode):
    d1, _, _ = _independent(mode, seed=0, ndims=0)
    d2, _, _ = _independent(mode, seed=1, ndims=0)
    numpy.testing.assert_allclose(to_numpy(D.kl_divergence(d1, d2).array),
                                  to_numpy(D.kl_divergence(d1.distribution, d2.distribution).array))


def test_kl_divergence_gradients(mode):
    values = [make_array(mode, v) for seed in (0, 1) for v in _normal_values(seed)]

    def kl(loc1, scale1, loc2, scale2):
        return D.kl_divergence(D.Independent(D.Normal(loc1, scale1)),
                               D.Independent(D.Normal(loc2, scale2)))

    gy = make_array(mode, numpy.random.RandomState(3).uniform(-1, 1, (2,)))
    gradient_check.check_backward(kl, tuple(values), gy, eps=1e-6, atol=1e-6, rtol=1e-5)


def test_log_prob_gradients(mode):
    loc, scale = (make_array(mode, v) for v in _normal_values())
    x = make_array(mode, numpy.random.RandomState(4).normal(0, 1, (2, 3)))

    def log_prob(x, loc, scale):
        return D.Independent(D.Normal(loc, scale)).log_prob(x)

    gy = make_array(mode, numpy.random.RandomState(5).uniform(-1, 1, (2,)))
    gradient_check.check_backward(log_prob, (x, loc, scale), gy, eps=1e-6, atol=1e-6, rtol=1e-5)


def test_bad_arguments(mode):
    dist, _, _ = _independent(mode)
    with pytest.raises(ValueError):
        D.Independent(dist.distribution, 3)
    with pytest.raises(ValueError):  # event shapes (3,) and (2, 3)
        D.kl_divergence(dist, D.Independent(dist.distribution, 2))
    loc = make_array(mode, numpy.zeros((2, 3)))
    mvn = D.MultivariateNormal(loc, scale_tril=make_array(mode, numpy.broadcast_to(
        numpy.eye(3), (2, 3, 3)).copy()))
    with pytest.raises(NotImplementedError):  # same event shape, different base event shapes
        D.kl_divergence(D.Independent(mvn, 0), D.Independent(dist.distribution, 1))


def test_device_follows_the_base(mode):
    dist, _, _ = _independent(mode)
    assert dist.device == dist.distribution.device
    assert dist.xp is (numpy if mode == 'numpy' else chainerx)
