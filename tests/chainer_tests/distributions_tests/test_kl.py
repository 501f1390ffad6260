"""Every registered KL divergence against an independent float64 reference (numerical
integration or summation over the support with scipy.stats, closed forms with full covariance
matrices, Monte Carlo), cross_entropy, their gradients, and the registry itself."""

import functools

import numpy
import pytest
from scipy import stats

from chainer import distributions as D
from chainer import gradient_check
from chainer.distributions import _kl

import dist_cases
import dist_check
import dist_references as refs
from dist_cases import CASES
from mode_utils import make_array
from mode_utils import to_numpy

BATCH = (3,)


def _quadrature(case_name):
    reference = CASES[case_name].reference
    return lambda v1, v2: refs.kl_by_quadrature(reference(**v1), reference(**v2), BATCH)


def _summation(case_name):
    reference = CASES[case_name].reference
    return lambda v1, v2: refs.kl_by_summation(reference(**v1), reference(**v2), BATCH)


def _categorical(v1, v2):
    p1, p2 = v1['p'], v2['p']
    return (p1 * (numpy.log(p1) - numpy.log(p2))).sum(axis=-1)


def _dirichlet_as_beta(v1, v2):
    # The first coordinate of a Dirichlet of two concentrations is beta distributed.
    first = [stats.beta(v['alpha'][..., 0], v['alpha'][..., 1]) for v in (v1, v2)]
    return refs.kl_by_quadrature(first[0], first[1], BATCH)


def _mvn(v1, v2):
    return refs.kl_multivariate_normal(v1['loc'], v1['scale_tril'], v2['loc'], v2['scale_tril'])


_TWO = {'alpha': lambda rng, batch: rng.uniform(0.5, 3.0, batch + (2,))}

# name -> (case, domains of dist1, domains of dist2, reference(values1, values2))
KL_CASES = {
    'Normal': ('Normal', None, None, _quadrature('Normal')),
    'Laplace': ('Laplace', None, None, _quadrature('Laplace')),
    'Gumbel': ('Gumbel', None, None, _quadrature('Gumbel')),
    'Exponential': ('Exponential', None, None, _quadrature('Exponential')),
    'Gamma': ('Gamma', None, None, _quadrature('Gamma')),
    'Beta': ('Beta', {'a': (1.0, 3.0), 'b': (1.0, 3.0)}, None, _quadrature('Beta')),
    'LogNormal': ('LogNormal', None, None, _quadrature('LogNormal')),
    'Pareto': ('Pareto', {'scale': (1.0, 2.0)}, {'scale': (0.3, 0.9)}, _quadrature('Pareto')),
    'Uniform': ('Uniform', None, {'low': (-3.0, -1.5), 'high': (2.5, 4.0)},
                _quadrature('Uniform')),
    'Bernoulli': ('Bernoulli', None, None, _summation('Bernoulli')),
    'Geometric': ('Geometric', None, None, _summation('Geometric')),
    'Poisson': ('Poisson', None, None, _summation('Poisson')),
    'Categorical': ('Categorical', None, None, _categorical),
    'Categorical_logit': ('Categorical_logit', None, None, lambda v1, v2: _categorical(
        *[{'p': numpy.exp(v['logit']) / numpy.exp(v['logit']).sum(-1, keepdims=True)}
          for v in (v1, v2)])),
    'OneHotCategorical': ('OneHotCategorical', None, None, _categorical),
    'Dirichlet': ('Dirichlet', _TWO, _TWO, _dirichlet_as_beta),
    'MultivariateNormal': ('MultivariateNormal', None, None, _mvn),
}


@functools.lru_cache(maxsize=None)
def _values_and_reference(name):
    case_name, domains1, domains2, reference = KL_CASES[name]
    case = CASES[case_name]
    rng = numpy.random.RandomState(0)
    v1 = dist_cases.params(case, BATCH, rng, domains1)
    v2 = dist_cases.params(case, BATCH, rng, domains2)
    return case, v1, v2, reference(v1, v2)


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('name', sorted(KL_CASES))
def test_kl_divergence_and_cross_entropy(mode, name, dtype):
    case, v1, v2, expected = _values_and_reference(name)
    d1, d2 = (dist_cases.build(case, v, mode, dtype) for v in (v1, v2))
    dist_check.assert_variable(D.kl_divergence(d1, d2), expected, dtype, mode, scale=10)
    if 'entropy' not in case.stats:  # Poisson has no closed-form entropy
        with pytest.raises(NotImplementedError):
            D.cross_entropy(d1, d2)
        return
    entropy = numpy.broadcast_to(case.reference(**v1).entropy(), BATCH)
    dist_check.assert_variable(D.cross_entropy(d1, d2), entropy + expected, dtype, mode, scale=10)


@pytest.mark.parametrize('name', sorted(KL_CASES))
def test_kl_divergence_gradients(mode, name):
    case, v1, v2, _ = _values_and_reference(name)
    names = list(v1)
    inputs = tuple(make_array(mode, v[k]) for v in (v1, v2) for k in names)

    def kl(*arrays):
        d1 = case.make(**dict(zip(names, arrays[:len(names)])))
        d2 = case.make(**dict(zip(names, arrays[len(names):])))
        return D.kl_divergence(d1, d2)

    gy = make_array(mode, numpy.random.RandomState(1).uniform(-1, 1, BATCH))
    gradient_check.check_backward(kl, inputs, gy, eps=1e-6, atol=1e-6, rtol=1e-5)


def test_kl_of_the_same_distribution_is_zero(mode):
    loc, scale_tril = make_array(mode, [[0.5, -1.0]]), make_array(mode, [[[1.0, 0.0], [0.3, 2.0]]])
    for dist in [D.Normal(loc, make_array(mode, [[1.0, 2.0]])),
                 D.MultivariateNormal(loc, scale_tril=scale_tril),
                 D.Categorical(make_array(mode, [[0.0, 0.3, 0.7]]))]:
        numpy.testing.assert_allclose(to_numpy(D.kl_divergence(dist, dist).array), 0,
                                      atol=1e-12)


def test_dirichlet_kl_by_monte_carlo():
    alpha1, alpha2 = numpy.array([[1.0, 2.0, 3.0]]), numpy.array([[2.0, 0.7, 1.5]])
    kl = to_numpy(D.kl_divergence(D.Dirichlet(alpha1), D.Dirichlet(alpha2)).array)
    x = numpy.random.RandomState(0).dirichlet(alpha1[0], 200000)
    ratios = stats.dirichlet(alpha1[0]).logpdf(x.T) - stats.dirichlet(alpha2[0]).logpdf(x.T)
    assert abs(kl[0] - ratios.mean()) < 5 * ratios.std() / numpy.sqrt(len(ratios))


def test_infinite_kl_outside_the_support(mode):
    a = lambda values: make_array(mode, values)  # NOQA
    pareto = D.kl_divergence(D.Pareto(a([0.5]), a([3.0])), D.Pareto(a([1.0]), a([3.0])))
    uniform = D.kl_divergence(D.Uniform(low=a([0.0]), high=a([2.0])),
                              D.Uniform(low=a([0.5]), high=a([3.0])))
    assert numpy.isposinf(to_numpy(pareto.array)).all()
    assert numpy.isposinf(to_numpy(uniform.array)).all()


def test_unregistered_pair_raises_not_implemented_error(mode):
    a = lambda values: make_array(mode, values)  # NOQA
    with pytest.raises(NotImplementedError):
        D.kl_divergence(D.Normal(a([0.0]), a([1.0])), D.Laplace(a([0.0]), a([1.0])))
    with pytest.raises(NotImplementedError):
        D.cross_entropy(D.Cauchy(a([0.0]), a([1.0])), D.Cauchy(a([0.0]), a([1.0])))


def test_register_kl_and_subclass_lookup(monkeypatch):
    monkeypatch.setattr(_kl, '_KL_DIVERGENCES', dict(_kl._KL_DIVERGENCES))

    class MyNormal(D.Normal):
        pass

    d1, d2 = D.Normal(numpy.zeros(1), numpy.ones(1)), MyNormal(numpy.ones(1), numpy.ones(1))
    numpy.testing.assert_allclose(D.kl_divergence(d1, d2).array, [0.5])  # Normal's, inherited

    def special(dist1, dist2):
        return dist1.loc * 0 + 42

    assert D.register_kl(MyNormal, D.Normal)(special) is special
    numpy.testing.assert_array_equal(D.kl_divergence(d2, d1).array, [42])
    numpy.testing.assert_allclose(D.kl_divergence(d1, d2).array, [0.5])
