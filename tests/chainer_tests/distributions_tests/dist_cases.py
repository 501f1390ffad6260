"""The table of distributions under test: how to build each one, its parameters, its float64
reference (scipy.stats or dist_references) and what to compare.

`CASES[name]` is a Case; `params(case, batch_shape, rng)` draws float64 parameters in the
case's domain; `build(case, params, mode, dtype)` makes the distribution from them.
"""

import numpy
from scipy import stats

import chainer
from chainer import distributions as D

import dist_references as refs
from mode_utils import make_array

# Method of the distribution -> method of the scipy reference, continuous and discrete.
SCIPY_METHODS = {
    'log_prob': 'logpdf', 'prob': 'pdf', 'cdf': 'cdf', 'log_cdf': 'logcdf',
    'survival_function': 'sf', 'log_survival_function': 'logsf', 'icdf': 'ppf'}
DISCRETE_METHODS = dict(SCIPY_METHODS, log_prob='logpmf', prob='pmf')
SCIPY_STATS = {'mean': 'mean', 'variance': 'var', 'stddev': 'std', 'entropy': 'entropy'}
ALL_CDF = ('log_prob', 'prob', 'cdf', 'log_cdf', 'survival_function', 'log_survival_function',
           'icdf')


class Case:
    """A distribution under test.

    Args:
        make: (**params) -> distribution, the params being arrays of the test's mode and dtype.
        domains (dict): name -> (low, high) of the uniform draw of each parameter, or a callable
            (rng, batch_shape) -> float64 array.
        reference: (**float64 params) -> a scipy-like frozen distribution.
        methods (tuple): The methods compared with the reference.
        stats (tuple): The statistics compared (mode: `mode` gives its reference).
        discrete (bool): The reference has logpmf/pmf.
        sample_dtype: The dtype of samples; None for the parameters' dtype.
        reparameterized (bool): Samples are differentiable with respect to the parameters.
        events: (rng, reference, params, shape) -> float64 events of `shape` (sample + batch
            axes); by default the reference's ppf at uniforms.
        event_ndim (int): The number of event axes.
    """

    def __init__(self, make, domains, reference, methods=('log_prob', 'prob'),
                 stats=('mean', 'variance', 'stddev', 'entropy'), discrete=False,
                 sample_dtype=None, reparameterized=False, events=None, event_ndim=0, mode=None):
        self.make, self.domains, self.reference = make, domains, reference
        self.methods, self.stats, self.discrete = methods, stats, discrete
        self.sample_dtype, self.reparameterized = sample_dtype, reparameterized
        self.events = events or _ppf_events
        self.event_ndim, self.mode = event_ndim, mode

    @property
    def reference_methods(self):
        return DISCRETE_METHODS if self.discrete else SCIPY_METHODS


def _ppf_events(rng, reference, params, shape):
    return reference.ppf(rng.uniform(0.05, 0.95, shape))


def _simplex(rng, batch_shape, k=3):
    p = rng.uniform(0.2, 1.0, batch_shape + (k,))
    return p / p.sum(axis=-1, keepdims=True)


def _scale_tril(rng, batch_shape, d=3):
    lower = numpy.tril(rng.uniform(-0.5, 0.5, batch_shape + (d, d)), -1)
    return lower + numpy.eye(d) * rng.uniform(0.5, 1.5, batch_shape + (d, 1))


def _index_events(rng, reference, params, shape):
    return rng.randint(0, params['p'].shape[-1], shape).astype(numpy.float64)


def _one_hot_events(rng, reference, params, shape):
    k = params['p'].shape[-1]
    return numpy.eye(k)[rng.randint(0, k, shape)]


def _dirichlet_events(rng, reference, params, shape):
    gamma = rng.gamma(numpy.broadcast_to(params['alpha'], shape + params['alpha'].shape[-1:]))
    return gamma / gamma.sum(axis=-1, keepdims=True)


def _mvn_events(rng, reference, params, shape):
    return rng.normal(0, 1.5, shape + params['loc'].shape[-1:]) + params['loc']


_LOCATION_SCALE = {'loc': (-1.0, 1.0), 'scale': (0.5, 2.0)}

CASES = {
    'Normal': Case(lambda loc, scale: D.Normal(loc, scale), _LOCATION_SCALE,
                   lambda loc, scale: stats.norm(loc, scale), ALL_CDF,
                   reparameterized=True, mode=lambda p: p['loc']),
    'Normal_log_scale': Case(lambda loc, log_scale: D.Normal(loc, log_scale=log_scale),
                             {'loc': (-1.0, 1.0), 'log_scale': (-0.5, 0.5)},
                             lambda loc, log_scale: stats.norm(loc, numpy.exp(log_scale)),
                             ('log_prob', 'cdf'), reparameterized=True),
    'Cauchy': Case(lambda loc, scale: D.Cauchy(loc, scale), _LOCATION_SCALE,
                   lambda loc, scale: stats.cauchy(loc, scale),
                   ('log_prob', 'prob', 'cdf', 'survival_function', 'icdf'), ('entropy', 'mode'),
                   reparameterized=True, mode=lambda p: p['loc']),
    'Laplace': Case(lambda loc, scale: D.Laplace(loc, scale), _LOCATION_SCALE,
                    lambda loc, scale: stats.laplace(loc, scale), ALL_CDF,
                    reparameterized=True, mode=lambda p: p['loc']),
    'Gumbel': Case(lambda loc, scale: D.Gumbel(loc, scale), _LOCATION_SCALE,
                   lambda loc, scale: stats.gumbel_r(loc, scale),
                   ('log_prob', 'prob', 'cdf', 'log_cdf', 'icdf'), reparameterized=True,
                   mode=lambda p: p['loc']),
    'Uniform': Case(lambda low, high: D.Uniform(low=low, high=high),
                    {'low': (-1.0, 0.0), 'high': (0.5, 2.0)},
                    lambda low, high: stats.uniform(low, high - low),
                    ('log_prob', 'prob', 'cdf', 'icdf'), reparameterized=True),
    'Uniform_loc_scale': Case(lambda loc, scale: D.Uniform(loc=loc, scale=scale),
                              _LOCATION_SCALE, lambda loc, scale: stats.uniform(loc, scale),
                              ('log_prob', 'cdf'), reparameterized=True),
    'Exponential': Case(lambda lam: D.Exponential(lam), {'lam': (0.5, 2.0)},
                        lambda lam: stats.expon(scale=1 / lam),
                        ('log_prob', 'prob', 'cdf', 'survival_function', 'icdf'),
                        reparameterized=True, mode=lambda p: 0 * p['lam']),
    'Pareto': Case(lambda scale, alpha: D.Pareto(scale, alpha),
                   {'scale': (0.5, 2.0), 'alpha': (2.5, 4.0)},
                   lambda scale, alpha: stats.pareto(alpha, scale=scale),
                   ('log_prob', 'prob', 'cdf', 'icdf'), reparameterized=True,
                   mode=lambda p: p['scale']),
    'LogNormal': Case(lambda mu, sigma: D.LogNormal(mu, sigma),
                      {'mu': (-0.5, 0.5), 'sigma': (0.3, 1.0)},
                      lambda mu, sigma: stats.lognorm(sigma, scale=numpy.exp(mu)),
                      reparameterized=True, mode=lambda p: numpy.exp(p['mu'] - p['sigma'] ** 2)),
    'Gamma': Case(lambda k, theta: D.Gamma(k, theta), {'k': (0.5, 3.0), 'theta': (0.5, 2.0)},
                  lambda k, theta: stats.gamma(k, scale=theta)),
    'Chisquare': Case(lambda k: D.Chisquare(k), {'k': (1.0, 5.0)}, lambda k: stats.chi2(k)),
    'Beta': Case(lambda a, b: D.Beta(a, b), {'a': (0.5, 3.0), 'b': (0.5, 3.0)},
                 lambda a, b: stats.beta(a, b)),
    'Poisson': Case(lambda lam: D.Poisson(lam), {'lam': (0.5, 5.0)}, lambda lam: stats.poisson(lam),
                    stats=('mean', 'variance', 'stddev'), discrete=True),
    'Geometric': Case(lambda p: D.Geometric(p), {'p': (0.2, 0.8)}, lambda p: stats.geom(p),
                      discrete=True, mode=lambda p: 0 * p['p'] + 1),
    'Bernoulli': Case(lambda p: D.Bernoulli(p), {'p': (0.2, 0.8)}, lambda p: stats.bernoulli(p),
                      discrete=True, sample_dtype=numpy.int64),
    'Bernoulli_logit': Case(lambda logit: D.Bernoulli(logit=logit), {'logit': (-2.0, 2.0)},
                            lambda logit: stats.bernoulli(1 / (1 + numpy.exp(-logit))),
                            discrete=True, sample_dtype=numpy.int64),
    'Categorical': Case(lambda p: D.Categorical(p), {'p': _simplex}, refs.Categorical,
                        ('log_prob', 'prob'), ('entropy',), discrete=True,
                        sample_dtype=numpy.int64, events=_index_events),
    'Categorical_logit': Case(lambda logit: D.Categorical(logit=logit),
                              {'logit': lambda rng, batch: rng.uniform(-2, 2, batch + (3,))},
                              lambda logit: refs.Categorical(
                                  numpy.exp(logit) / numpy.exp(logit).sum(-1, keepdims=True)),
                              ('log_prob',), ('entropy',), discrete=True,
                              sample_dtype=numpy.int64,
                              events=lambda rng, ref, params, shape: rng.randint(0, 3, shape)),
    'OneHotCategorical': Case(lambda p: D.OneHotCategorical(p), {'p': _simplex},
                              lambda p: refs.Categorical(p, one_hot=True), ('log_prob', 'prob'),
                              ('mean', 'variance', 'entropy'), discrete=True,
                              sample_dtype=numpy.int64, events=_one_hot_events, event_ndim=1),
    'Dirichlet': Case(lambda alpha: D.Dirichlet(alpha),
                      {'alpha': lambda rng, batch: rng.uniform(0.5, 3.0, batch + (3,))},
                      refs.Dirichlet, events=_dirichlet_events, event_ndim=1),
    'MultivariateNormal': Case(lambda loc, scale_tril: D.MultivariateNormal(
        loc, scale_tril=scale_tril),
        {'loc': lambda rng, batch: rng.uniform(-1, 1, batch + (3,)), 'scale_tril': _scale_tril},
        refs.MultivariateNormal, reparameterized=True, events=_mvn_events, event_ndim=1,
        mode=lambda p: p['loc']),
}


def params(case, batch_shape, rng, domains=None):
    """float64 parameters of `case` for `batch_shape`, drawn from `rng` (from `domains` instead
    of the case's own for the names it has)."""
    out = {}
    for name, domain in dict(case.domains, **(domains or {})).items():
        if callable(domain):
            out[name] = domain(rng, tuple(batch_shape))
        else:
            out[name] = rng.uniform(domain[0], domain[1], batch_shape)
    return out


def rounded(values, dtype):
    """`values` rounded to `dtype` and back to float64: what the distribution really sees."""
    return {name: numpy.asarray(v).astype(dtype).astype(numpy.float64)
            for name, v in values.items()}


def build(case, values, mode, dtype, as_variables=False):
    """The distribution of `case` from float64 `values`, as arrays (or Variables) of mode/dtype."""
    arrays = {name: make_array(mode, v, dtype) for name, v in values.items()}
    if as_variables:
        arrays = {name: chainer.Variable(a) for name, a in arrays.items()}
    return case.make(**arrays)
