"""Gradients: log_prob and the statistics with respect to the parameters (and to continuous
events), checked numerically to first order for every distribution and to second order for a
few; on chainerx, which quantities stay native (no NumPy fallback, two orders of gradients)."""

import numpy
import pytest

import chainer
from chainer import functions as F
from chainer import gradient_check

import dist_cases
from dist_cases import CASES
from mode_utils import make_array

DOUBLE_BACKWARD = ['Normal', 'LogNormal', 'Gamma', 'Beta', 'MultivariateNormal', 'Bernoulli_logit',
                   'Categorical_logit', 'Laplace']
STATISTICS = ('entropy', 'mean', 'variance')

# Note [Native distributions]: on chainerx, these quantities are composed of chainer functions
# that chainerx records natively, the special functions (lgamma, digamma, log_ndtr, ndtri, ...)
# included (chainerx/core/routines/special.h).
NATIVE = {
    'Normal': ('log_prob', 'cdf', 'log_cdf', 'survival_function', 'log_survival_function', 'icdf',
               'entropy', 'variance', 'sample'),
    'Gamma': ('log_prob', 'entropy', 'mean', 'variance'),
    'Chisquare': ('log_prob', 'entropy', 'mean', 'variance'),
    'Beta': ('log_prob', 'entropy', 'mean', 'variance'),
    'Dirichlet': ('log_prob', 'entropy', 'mean', 'variance'),
    'Poisson': ('log_prob', 'mean', 'variance'),
    'Normal_log_scale': ('log_prob', 'cdf', 'entropy', 'sample'),
    'Cauchy': ('log_prob', 'cdf', 'survival_function', 'icdf', 'entropy', 'sample'),
    'Laplace': ('log_prob', 'cdf', 'log_cdf', 'survival_function', 'log_survival_function',
                'icdf', 'entropy', 'variance', 'sample'),
    'Gumbel': ('log_prob', 'cdf', 'log_cdf', 'icdf', 'entropy', 'mean', 'variance', 'sample'),
    'Uniform': ('log_prob', 'cdf', 'icdf', 'entropy', 'mean', 'variance', 'sample'),
    'Exponential': ('log_prob', 'cdf', 'survival_function', 'icdf', 'entropy', 'mean', 'sample'),
    'Pareto': ('log_prob', 'cdf', 'icdf', 'entropy', 'mean', 'variance', 'sample'),
    'LogNormal': ('log_prob', 'entropy', 'mean', 'variance', 'sample'),
    'Geometric': ('log_prob', 'entropy', 'mean', 'variance'),
    'Bernoulli': ('log_prob', 'entropy', 'variance'),
    'Bernoulli_logit': ('log_prob', 'entropy', 'variance'),
    'Categorical': ('log_prob', 'entropy'),
    'Categorical_logit': ('log_prob', 'entropy'),
    'OneHotCategorical': ('log_prob', 'entropy', 'variance'),
    'MultivariateNormal': ('log_prob', 'entropy', 'variance', 'sample'),
}


def _setup(name, mode, seed=0):
    case = CASES[name]
    rng = numpy.random.RandomState(seed)
    values = dist_cases.params(case, (2,), rng)
    reference = case.reference(**values)
    events = case.events(rng, reference, values, (3, 2))
    if case.discrete:
        events = make_array(mode, events, numpy.int32)
    else:
        events = make_array(mode, events)
    return case, list(values), [make_array(mode, values[k]) for k in values], events


def _log_prob_function(case, names, events):
    """(x?, *params) -> log_prob: continuous events are an input too."""
    if case.discrete:
        return lambda *params: case.make(**dict(zip(names, params))).log_prob(events)
    return lambda x, *params: case.make(**dict(zip(names, params))).log_prob(x)


def _random_like(mode, rng, shape):
    return make_array(mode, rng.uniform(-1, 1, shape))


@pytest.mark.parametrize('name', sorted(CASES))
def test_log_prob_gradients(mode, name):
    case, names, params, events = _setup(name, mode)
    inputs = tuple(params) if case.discrete else (events,) + tuple(params)
    function = _log_prob_function(case, names, events)
    gy = _random_like(mode, numpy.random.RandomState(1), function(*inputs).shape)
    gradient_check.check_backward(function, inputs, gy, eps=1e-6, atol=1e-6, rtol=1e-5)


@pytest.mark.parametrize('name', DOUBLE_BACKWARD)
def test_log_prob_double_gradients(mode, name):
    case, names, params, events = _setup(name, mode)
    inputs = tuple(params) if case.discrete else (events,) + tuple(params)
    function = _log_prob_function(case, names, events)
    rng = numpy.random.RandomState(2)
    gy = _random_like(mode, rng, function(*inputs).shape)
    ggx = tuple(_random_like(mode, rng, x.shape) for x in inputs)
    gradient_check.check_double_backward(function, inputs, gy, ggx, eps=1e-5, atol=1e-5,
                                         rtol=1e-4)


@pytest.mark.parametrize('name', sorted(CASES))
def test_statistics_gradients(mode, name):
    case, names, params, _ = _setup(name, mode)
    rng = numpy.random.RandomState(3)
    # One check per statistic: Poisson's mean and variance are the same Variable.
    for stat in [s for s in STATISTICS if s in case.stats]:
        def function(*values):
            return getattr(case.make(**dict(zip(names, values))), stat)

        gy = _random_like(mode, rng, function(*params).shape)
        gradient_check.check_backward(function, tuple(params), gy, eps=1e-6, atol=1e-6,
                                      rtol=1e-5)


@pytest.mark.parametrize('name', ['Normal', 'Laplace', 'Exponential'])
def test_log_prob_gradients_float32(mode, name):
    case, names, params, events = _setup(name, mode)
    cast = [make_array(mode, numpy.asarray(chainer.backend.CpuDevice().send(a)), numpy.float32)
            for a in [events] + params]
    function = _log_prob_function(case, names, events)
    gy = _random_like(mode, numpy.random.RandomState(1), function(*cast).shape)
    gradient_check.check_backward(function, tuple(cast), gy.astype(numpy.float32), eps=1e-2,
                                  atol=1e-3, rtol=1e-3, dtype=numpy.float64)


@pytest.mark.parametrize('name, quantity', [(n, q) for n in sorted(NATIVE) for q in NATIVE[n]])
def test_stays_native_on_chainerx(name, quantity):
    case, names, arrays, events = _setup(name, 'chainerx')
    params = [chainer.Variable(a) for a in arrays]
    dist = case.make(**dict(zip(names, params)))
    before = chainer.function_node.fallback_count
    if quantity == 'sample':
        y = dist.sample(2)
    elif quantity in STATISTICS:
        y = getattr(dist, quantity)
    else:
        if quantity == 'icdf':
            events = make_array('chainerx', numpy.random.RandomState(4).uniform(0.1, 0.9, (3, 2)))
        y = getattr(dist, quantity)(events)
    grads = chainer.grad([F.sum(y * y)], params, enable_double_backprop=True)
    assert any(g is not None for g in grads)
    chainer.grad([F.sum(g * g) for g in grads if g is not None], params)
    assert chainer.function_node.fallback_count == before
