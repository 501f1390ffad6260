"""The Distribution interface: the base class's defaults, copies, devices, parameter names and
supports, bad arguments raising the original's exceptions, and family-specific behaviour
(Cauchy's undefined moments, Bernoulli's infinite logits, MultivariateNormal's broadcasting)."""

import copy

import numpy
import pytest

import chainer
import chainerx
from chainer import distribution
from chainer import distributions as D

import dist_cases
import dist_check
import dist_references as refs
from dist_cases import CASES
from mode_utils import make_array
from mode_utils import to_numpy

PARAM_NAMES = {
    'Normal': {'loc', 'scale'}, 'Cauchy': {'loc', 'scale'}, 'Laplace': {'loc', 'scale'},
    'Gumbel': {'loc', 'scale'}, 'Uniform': {'low', 'high'}, 'Exponential': {'lam'},
    'Pareto': {'scale', 'alpha'}, 'LogNormal': {'mu', 'sigma'}, 'Gamma': {'k', 'theta'},
    'Chisquare': {'k'}, 'Beta': {'a', 'b'}, 'Poisson': {'lam'}, 'Geometric': {'p'},
    'Bernoulli': {'logit'}, 'Categorical': {'p'}, 'OneHotCategorical': {'p'},
    'Dirichlet': {'alpha'}, 'MultivariateNormal': {'loc', 'scale_tril'},
}
SUPPORTS = {
    'Normal': 'real', 'Cauchy': 'real', 'Laplace': 'real', 'Gumbel': 'real',
    'Uniform': '[low, high]', 'Exponential': 'positive', 'Pareto': '[scale, inf]',
    'LogNormal': 'positive', 'Gamma': 'positive', 'Chisquare': 'positive', 'Beta': '[0, 1]',
    'Poisson': 'non negative integer', 'Geometric': 'positive integer', 'Bernoulli': '{0, 1}',
    'OneHotCategorical': '{0, 1}', 'Dirichlet': '[0, 1]', 'MultivariateNormal': 'real',
}


@pytest.mark.parametrize('name', sorted(PARAM_NAMES))
def test_params_support_device_and_copy(mode, name):
    case = CASES[name]
    values = dist_cases.params(case, (2,), numpy.random.RandomState(0))
    dist = dist_cases.build(case, values, mode, numpy.float32)
    assert set(dist.params) == PARAM_NAMES[name]
    assert all(isinstance(v, chainer.Variable) for v in dist.params.values())
    if name in SUPPORTS:
        assert dist.support == SUPPORTS[name]
    assert dist.xp is (numpy if mode == 'numpy' else chainerx)
    assert str(dist.device) == ('@numpy' if mode == 'numpy' else 'native:0')
    clone = copy.copy(dist)
    assert type(clone) is type(dist) and clone is not dist
    assert all(clone.params[k] is v for k, v in dist.params.items())
    assert clone.batch_shape == dist.batch_shape and clone.event_shape == dist.event_shape


def test_copy_shares_the_cached_statistics():
    dist = D.Gamma(numpy.ones(2), numpy.ones(2))
    entropy = dist.entropy
    assert copy.copy(dist).entropy is entropy


def test_base_class_raises_not_implemented_error():
    dist = chainer.distribution.Distribution()
    for name in ['batch_shape', 'event_shape', 'params', 'mean', 'mode', 'variance',
                 'stddev', 'covariance', 'entropy', 'support', 'device', 'xp']:
        with pytest.raises(NotImplementedError):
            getattr(dist, name)
    x = numpy.zeros(2)
    for name in ['log_prob', 'prob', 'cdf', 'log_cdf', 'icdf', 'survival_function',
                 'log_survival_function', 'perplexity', 'sample_n']:
        with pytest.raises(NotImplementedError):
            getattr(dist, name)(x)
    with pytest.raises(NotImplementedError):
        dist.sample()


def test_module_path_of_the_original():
    assert distribution.Distribution is D.Distribution
    assert distribution.kl_divergence is D.kl_divergence
    assert distribution.register_kl is D.register_kl
    assert distribution.cross_entropy is D.cross_entropy
    assert all(issubclass(getattr(D, name), D.Distribution) for name in D.__all__)


def test_default_derived_methods():
    class Triangular(D.Distribution):  # density 2x on [0, 1]
        params = {}

        def log_prob(self, x):
            return chainer.functions.log(2 * chainer.as_variable(x))

        def cdf(self, x):
            return chainer.as_variable(x) ** 2

        @property
        def variance(self):
            return chainer.as_variable(numpy.array(1 / 18))

    dist, x = Triangular(), numpy.array([0.25, 0.5])
    numpy.testing.assert_allclose(dist.prob(x).array, 2 * x)
    numpy.testing.assert_allclose(dist.log_cdf(x).array, numpy.log(x ** 2))
    numpy.testing.assert_allclose(dist.survival_function(x).array, 1 - x ** 2)
    numpy.testing.assert_allclose(dist.log_survival_function(x).array, numpy.log(1 - x ** 2))
    numpy.testing.assert_allclose(dist.stddev.array, numpy.sqrt(1 / 18))


@pytest.mark.parametrize('make, error', [
    (lambda a: D.Normal(a([0.0])), ValueError),
    (lambda a: D.Normal(a([0.0]), a([1.0]), log_scale=a([0.0])), ValueError),
    (lambda a: D.Bernoulli(), ValueError),
    (lambda a: D.Bernoulli(a([0.5]), logit=a([0.0])), ValueError),
    (lambda a: D.Categorical(), ValueError),
    (lambda a: D.Categorical(a([[0.5, 0.5]]), logit=a([[0.0, 0.0]])), ValueError),
    (lambda a: D.Uniform(low=a([0.0])), ValueError),
    (lambda a: D.Uniform(low=a([0.0]), high=a([1.0]), loc=a([0.0]), scale=a([1.0])), ValueError),
    (lambda a: D.Uniform(low=a([0.0]), high=a([1.0]), width=a([1.0])), TypeError),
    (lambda a: D.MultivariateNormal(a([0.0])), ValueError),
    (lambda a: D.MultivariateNormal(a([0.0]), scale_tril=a([[1.0]]), cov=a([[1.0]])), TypeError),
    (lambda a: D.Normal(0.0, 1.0), TypeError),
])
def test_bad_arguments(mode, make, error):
    with pytest.raises(error):
        make(lambda values: make_array(mode, values))


def test_cauchy_moments_are_undefined(mode):
    dist = D.Cauchy(make_array(mode, [0.0, 1.0], numpy.float32),
                    make_array(mode, [1.0, 2.0], numpy.float32))
    for name in ['mean', 'variance']:
        with pytest.warns(RuntimeWarning):
            value = getattr(dist, name)
        assert value.shape == (2,) and value.dtype == numpy.float32
        assert numpy.isnan(to_numpy(value.array)).all()


def test_bernoulli_at_certain_outcomes(mode):
    dist = D.Bernoulli(make_array(mode, [0.0, 1.0, 0.0, 1.0]))
    log_p = to_numpy(dist.log_prob(make_array(mode, [0, 1, 1, 0], numpy.int32)).array)
    numpy.testing.assert_array_equal(log_p, [0, 0, -numpy.inf, -numpy.inf])
    numpy.testing.assert_array_equal(to_numpy(dist.entropy.array), 0)
    numpy.testing.assert_array_equal(to_numpy(dist.sample(5).array), [[0, 1, 0, 1]] * 5)


def test_bernoulli_without_binary_check_extends_the_formula(mode):
    dist = D.Bernoulli(logit=make_array(mode, [0.3]))
    expected = 0.5 * 0.3 - numpy.log1p(numpy.exp(0.3))
    numpy.testing.assert_allclose(to_numpy(dist.log_prob(make_array(mode, [0.5])).array),
                                  [expected])


def test_categorical_log_prob_of_a_variable_and_sample_frequencies(mode):
    p = numpy.array([[0.1, 0.6, 0.3], [0.5, 0.0, 0.5]])
    dist = D.Categorical(make_array(mode, p))
    x = chainer.Variable(make_array(mode, [[1, 2], [0, 0]], numpy.int32))
    dist_check.assert_variable(dist.log_prob(x), numpy.log([[0.6, 0.5], [0.1, 0.5]]),
                               numpy.float64, mode)
    numpy.random.seed(0)
    samples = to_numpy(dist.sample(20000).array)
    for b in range(2):
        frequencies = numpy.bincount(samples[:, b], minlength=3) / len(samples)
        numpy.testing.assert_allclose(frequencies, p[b], atol=0.015)


def test_multivariate_normal_broadcasts_and_covariance(mode):
    rng = numpy.random.RandomState(0)
    loc = rng.uniform(-1, 1, (4, 1, 2))
    tril = numpy.tril(rng.uniform(0.2, 0.5, (3, 2, 2)), -1) + numpy.eye(2)
    dist = D.MultivariateNormal(make_array(mode, loc), scale_tril=make_array(mode, tril))
    assert dist.batch_shape == (4, 3) and dist.event_shape == (2,)
    reference = refs.MultivariateNormal(numpy.broadcast_to(loc, (4, 3, 2)),
                                        numpy.broadcast_to(tril, (4, 3, 2, 2)))
    dist_check.assert_variable(dist.covariance, numpy.broadcast_to(reference.cov, (4, 3, 2, 2)),
                               numpy.float64, mode)
    x = rng.normal(0, 1, (5, 4, 3, 2))
    dist_check.assert_variable(dist.log_prob(make_array(mode, x)), reference.logpdf(x),
                               numpy.float64, mode)
    other = D.MultivariateNormal(make_array(mode, [0.5, -0.5]), scale_tril=make_array(mode, tril[0]))
    expected = refs.kl_multivariate_normal(reference.loc, numpy.broadcast_to(tril, (4, 3, 2, 2)),
                                           numpy.array([0.5, -0.5]), tril[0])
    dist_check.assert_variable(D.kl_divergence(dist, other), expected, numpy.float64, mode)


def test_derived_parameters_stay_on_the_graph_in_no_backprop_mode():
    log_scale = chainer.Variable(numpy.array([0.0, 0.5]))
    with chainer.no_backprop_mode():
        dist = D.Normal(numpy.zeros(2), log_scale=log_scale)
    chainer.functions.sum(dist.scale).backward()
    numpy.testing.assert_allclose(log_scale.grad, numpy.exp([0.0, 0.5]))
