"""Sampling: the shapes and dtypes of sample / sample_n, the statistics of many samples against
the references' moments, and the gradients of the reparameterized samples (numerically)."""

import numpy
import pytest

import chainer
from chainer import distributions as D
from chainer import gradient_check

import dist_cases
from dist_cases import CASES
from mode_utils import make_array
from mode_utils import to_numpy

REPARAMETERIZED = sorted(name for name, case in CASES.items() if case.reparameterized)
NOT_REPARAMETERIZED = sorted(set(CASES) - set(REPARAMETERIZED))


def _dist(name, mode, dtype, batch_shape, seed=0):
    case = CASES[name]
    values = dist_cases.params(case, batch_shape, numpy.random.RandomState(seed))
    return case, dist_cases.build(case, values, mode, dtype), case.reference(**values)


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('name', sorted(CASES))
def test_sample_shapes_and_dtypes(mode, name, dtype):
    case, dist, _ = _dist(name, mode, dtype, (2, 3))
    tail = (2, 3) + dist.event_shape
    expected_dtype = numpy.dtype(case.sample_dtype or dtype)
    for args, shape in [((), tail), ((4,), (4,) + tail), (((2, 1),), (2, 1) + tail),
                        ([[5]], (5,) + tail), ((0,), (0,) + tail)]:
        sample = dist.sample(*args)
        assert isinstance(sample, chainer.Variable)
        assert sample.shape == shape
        assert sample.dtype == expected_dtype
        assert sample.xp is dist.xp
    assert dist.sample_n(3).shape == (3,) + tail


@pytest.mark.parametrize('name', sorted(CASES))
def test_sample_moments(mode, name):
    case, dist, reference = _dist(name, mode, numpy.float64, (2,))
    numpy.random.seed(0)
    n = 20000
    samples = to_numpy(dist.sample(n).array).astype(numpy.float64)
    if name == 'Cauchy':  # no moments: the median is loc, the quartiles loc -+ scale
        loc, scale = (to_numpy(v.array) for v in (dist.loc, dist.scale))
        assert (numpy.abs(numpy.median(samples, axis=0) - loc) < 0.05 * scale).all()
        q1, q3 = numpy.percentile(samples, [25, 75], axis=0)
        numpy.testing.assert_allclose(q3 - q1, 2 * scale, rtol=0.05)
        return
    mean = numpy.broadcast_to(reference.mean(), samples.shape[1:])
    var = numpy.broadcast_to(reference.var(), samples.shape[1:])
    numpy.testing.assert_allclose(samples.mean(axis=0), mean, atol=5 * numpy.sqrt(var.max() / n))
    numpy.testing.assert_allclose(samples.var(axis=0), var, rtol=0.1, atol=1e-3)


def test_multivariate_normal_sample_covariance(mode):
    _, dist, reference = _dist('MultivariateNormal', mode, numpy.float64, ())
    numpy.random.seed(1)
    samples = to_numpy(dist.sample(40000).array)
    numpy.testing.assert_allclose(numpy.cov(samples.T), reference.cov, atol=0.05)


def test_one_hot_categorical_samples_are_one_hot(mode):
    _, dist, _ = _dist('OneHotCategorical', mode, numpy.float32, (4,))
    samples = to_numpy(dist.sample(50).array)
    assert set(numpy.unique(samples)) <= {0, 1}
    numpy.testing.assert_array_equal(samples.sum(axis=-1), 1)


def test_samples_follow_the_seed(mode):
    dist = D.Normal(make_array(mode, [0.0, 1.0]), make_array(mode, [1.0, 2.0]))
    numpy.random.seed(5)
    first = to_numpy(dist.sample(3).array)
    numpy.random.seed(5)
    numpy.testing.assert_array_equal(to_numpy(dist.sample(3).array), first)


@pytest.mark.parametrize('name', REPARAMETERIZED)
def test_reparameterized_sample_gradients(mode, name):
    case = CASES[name]
    values = dist_cases.params(case, (2,), numpy.random.RandomState(0))
    names = list(values)
    inputs = tuple(make_array(mode, values[k]) for k in names)

    def sample(*params):
        numpy.random.seed(7)  # the same noise at every evaluation
        return case.make(**dict(zip(names, params))).sample(3)

    gy = make_array(mode, numpy.random.RandomState(1).uniform(-1, 1, sample(*inputs).shape))
    gradient_check.check_backward(sample, inputs, gy, eps=1e-5, atol=1e-6, rtol=1e-5)


def test_normal_sample_double_backward(mode):
    inputs = (make_array(mode, [0.5, -0.5]), make_array(mode, [0.7, 1.3]))

    def sample(loc, scale):
        numpy.random.seed(7)
        return D.Normal(loc, scale).sample(2) ** 2

    rng = numpy.random.RandomState(2)
    gy = make_array(mode, rng.uniform(-1, 1, (2, 2)))
    ggx = tuple(make_array(mode, rng.uniform(-1, 1, 2)) for _ in range(2))
    gradient_check.check_double_backward(sample, inputs, gy, ggx, eps=1e-5, atol=1e-6, rtol=1e-5)


@pytest.mark.parametrize('name', NOT_REPARAMETERIZED)
def test_other_samples_are_off_the_graph(mode, name):
    case, _, _ = _dist(name, mode, numpy.float64, (2,))
    values = dist_cases.params(case, (2,), numpy.random.RandomState(0))
    dist = dist_cases.build(case, values, mode, numpy.float64, as_variables=True)
    sample = dist.sample(3)
    assert not sample.requires_grad
    if mode == 'numpy':
        assert sample.creator is None
