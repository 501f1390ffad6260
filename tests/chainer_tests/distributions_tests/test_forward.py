"""Every distribution's methods (log_prob, prob, cdf, icdf, ...) and statistics (mean, variance,
stddev, entropy, mode) against scipy.stats or the float64 references of dist_references, in
both modes, float32 and float64 over batches of several shapes (0-d parameters and a zero-size
batch included), and float16."""

import numpy
import pytest

from chainer import distributions as D

import dist_cases
import dist_check
from dist_cases import CASES
from mode_utils import make_array
from mode_utils import to_numpy

BATCH_SHAPES = [(3,), (2, 2), ()]


def _check_methods(case, mode, dtype, batch_shape, seed=0):
    rng = numpy.random.RandomState(seed)
    values = dist_cases.rounded(dist_cases.params(case, batch_shape, rng), dtype)
    reference = case.reference(**values)
    dist = dist_cases.build(case, values, mode, dtype)
    assert dist.batch_shape == batch_shape
    event_shape = dist.event_shape
    assert len(event_shape) == case.event_ndim
    sample_axes = (2,) + batch_shape
    for method in case.methods:
        if method == 'icdf':
            arg = rng.uniform(0.05, 0.95, sample_axes).astype(dtype)
        else:
            events = case.events(rng, reference, values, sample_axes)
            arg = dist_check.event_array(events, dtype, case.discrete)
        expected = getattr(reference, case.reference_methods[method])(arg.astype(numpy.float64))
        actual = getattr(dist, method)(make_array(mode, arg, arg.dtype))
        dist_check.assert_variable(actual, expected, dtype, mode)
    return dist, reference, values


@pytest.mark.parametrize('batch_shape', BATCH_SHAPES)
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('name', sorted(CASES))
def test_methods_and_statistics(mode, name, dtype, batch_shape):
    case = CASES[name]
    dist, reference, values = _check_methods(case, mode, dtype, batch_shape)
    for stat in case.stats:
        if stat == 'mode':
            expected = case.mode(values)
        else:
            expected = getattr(reference, dist_cases.SCIPY_STATS[stat])()
        expected = numpy.broadcast_to(expected, batch_shape + dist.event_shape
                                      if stat != 'entropy' else batch_shape)
        dist_check.assert_variable(getattr(dist, stat), expected, dtype, mode)


@pytest.mark.parametrize('name', sorted(CASES))
def test_float16(mode, name):
    case = CASES[name]
    dist, reference, values = _check_methods(case, mode, numpy.float16, (3,))
    if 'entropy' in case.stats:
        dist_check.assert_variable(dist.entropy, reference.entropy(), numpy.float16, mode)


@pytest.mark.parametrize('name', sorted(CASES))
def test_zero_size_batch(mode, name):
    case = CASES[name]
    rng = numpy.random.RandomState(0)
    values = dist_cases.params(case, (0,), rng)
    dist = dist_cases.build(case, values, mode, numpy.float32)
    assert dist.batch_shape == (0,)
    events = numpy.zeros((2, 0) + dist.event_shape)
    log_p = dist.log_prob(make_array(mode, events, numpy.int32 if case.discrete else numpy.float32))
    assert log_p.shape == (2, 0)
    if 'entropy' in case.stats:
        assert dist.entropy.shape == (0,)
    assert dist.sample((4,)).shape == (4, 0) + dist.event_shape


@pytest.mark.parametrize('name', ['Normal', 'Gamma', 'Beta', 'Bernoulli', 'Poisson', 'Pareto'])
def test_numpy_scalar_parameters(name):
    case = CASES[name]
    values = dist_cases.params(case, (), numpy.random.RandomState(1))
    scalars = {k: numpy.float64(v) for k, v in values.items()}
    dist = case.make(**scalars)
    assert dist.batch_shape == ()
    reference = case.reference(**values)
    x = numpy.asarray(case.events(numpy.random.RandomState(2), reference, values, ()))
    x = dist_check.event_array(x, numpy.float64, case.discrete)
    expected = getattr(reference, case.reference_methods['log_prob'])(x.astype(numpy.float64))
    dist_check.assert_variable(dist.log_prob(x), expected, numpy.float64)


@pytest.mark.parametrize('make, x', [
    (lambda a: D.Beta(a([1.0, 2.0]), a([1.0, 3.0])), [-0.5, 1.5]),
    (lambda a: D.Gamma(a([1.0, 2.0]), a([1.0, 3.0])), [-1.0, -0.1]),
    (lambda a: D.Chisquare(a([3.0, 1.0])), [-1.0, -0.1]),
    (lambda a: D.Exponential(a([1.0, 2.0])), [-1.0, -0.1]),
    (lambda a: D.Pareto(a([1.0, 2.0]), a([3.0, 1.0])), [0.5, 1.99]),
    (lambda a: D.Uniform(low=a([0.0, 1.0]), high=a([1.0, 2.0])), [-0.1, 2.1]),
    (lambda a: D.Bernoulli(a([0.3, 0.6]), binary_check=True), [0.5, 2.0]),
])
def test_log_prob_outside_the_support(mode, make, x):
    dist = make(lambda values: make_array(mode, values))
    x = make_array(mode, x)
    assert numpy.isneginf(to_numpy(dist.log_prob(x).array)).all()
    numpy.testing.assert_array_equal(to_numpy(dist.prob(x).array), 0)
