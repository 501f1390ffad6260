"""Tests of chainer.utils.WalkerAlias: table invariants and the sampled distribution."""

import numpy
import pytest

import chainerx
from chainer import utils

# (weights, number of draws)
_DISTRIBUTIONS = [
    ([1.0], 1000),
    ([1, 1], 20000),
    ([0.1, 0.0, 0.6, 0.3], 40000),
    ([5, 1, 1, 1, 1, 1], 40000),
    ([0.0, 3.0, 0.0, 1.0, 2.0, 0.5, 0.5, 0.0], 40000),
    (numpy.arange(1, 21) ** 2, 80000),
]
# By number k of non-zero outcomes: the 99.99% quantile of chi-square with k - 1 degrees of freedom.
_CHI2_BOUND = {1: 1e-9, 2: 15.14, 3: 18.42, 4: 21.11, 5: 23.51, 6: 25.74, 20: 50.80}


def _table_probabilities(sampler):
    """The exact distribution the alias table encodes."""
    threshold = numpy.asarray(sampler.threshold, numpy.float64)
    values = numpy.asarray(sampler.values)
    n = len(threshold)
    probs = numpy.zeros(n)
    numpy.add.at(probs, values[0::2], threshold / n)
    numpy.add.at(probs, values[1::2], (1 - threshold) / n)
    return probs


@pytest.mark.parametrize('weights,n', _DISTRIBUTIONS)
def test_table_encodes_the_normalised_weights(weights, n):
    sampler = utils.WalkerAlias(weights)
    weights = numpy.asarray(weights, numpy.float64)
    assert sampler.threshold.dtype == numpy.float32 and sampler.values.dtype == numpy.int32
    assert sampler.threshold.shape == (len(weights),)
    assert sampler.values.shape == (2 * len(weights),)
    assert ((0 <= sampler.values) & (sampler.values < len(weights))).all()
    numpy.testing.assert_allclose(_table_probabilities(sampler), weights / weights.sum(),
                                  atol=1e-6)


def _chi_square(samples, weights):
    weights = numpy.asarray(weights, numpy.float64)
    counts = numpy.bincount(samples.ravel(), minlength=len(weights))
    assert len(counts) == len(weights)
    assert (counts[weights == 0] == 0).all()
    expected = samples.size * weights / weights.sum()
    nonzero = weights > 0
    return (((counts - expected)[nonzero] ** 2) / expected[nonzero]).sum(), int(nonzero.sum())


@pytest.mark.parametrize('weights,n', _DISTRIBUTIONS)
def test_numpy_samples_follow_the_distribution(weights, n):
    numpy.random.seed(0)
    samples = utils.WalkerAlias(weights).sample((n,))
    assert type(samples) is numpy.ndarray and samples.dtype == numpy.int32
    statistic, k = _chi_square(samples, weights)
    assert statistic < _CHI2_BOUND[k]


@pytest.mark.parametrize('weights,n', _DISTRIBUTIONS)
def test_chainerx_samples_follow_the_distribution(weights, n):
    numpy.random.seed(1)
    sampler = utils.WalkerAlias(weights).to_device('native:0')
    samples = sampler.sample((2, n // 2))
    assert isinstance(samples, chainerx.ndarray)
    assert (samples.shape, samples.dtype, samples.device.name) == ((2, n // 2), numpy.int32,
                                                                   'native:0')
    statistic, k = _chi_square(chainerx.to_numpy(samples), weights)
    assert statistic < _CHI2_BOUND[k]


def test_sampling_is_reproducible_under_numpy_seed():
    sampler = utils.WalkerAlias([0.2, 0.3, 0.5])
    numpy.random.seed(7)
    first = sampler.sample((50,))
    numpy.random.seed(7)
    numpy.testing.assert_array_equal(sampler.sample((50,)), first)


@pytest.mark.parametrize('shape,expected', [(5, (5,)), ((), ()), ((2, 0), (2, 0)),
                                            ((2, 3, 4), (2, 3, 4))])
def test_sample_shapes(shape, expected):
    assert utils.WalkerAlias([1, 2, 3]).sample(shape).shape == expected


def test_to_device_round_trip_and_device_property():
    sampler = utils.WalkerAlias([1, 2, 3])
    assert sampler.device.xp is numpy
    assert not sampler.use_gpu
    threshold = sampler.threshold.copy()
    assert sampler.to_device('native:0') is sampler
    assert isinstance(sampler.threshold, chainerx.ndarray)
    assert isinstance(sampler.values, chainerx.ndarray)
    assert sampler.device.xp is chainerx
    assert not sampler.use_gpu
    assert sampler.to_cpu() is sampler
    assert type(sampler.threshold) is numpy.ndarray
    numpy.testing.assert_array_equal(sampler.threshold, threshold)
    assert sampler.device.xp is numpy


@pytest.mark.parametrize('weights', [[], [[1, 2]], [1, -1], [0, 0], [1, numpy.nan],
                                     [numpy.inf, 1]])
def test_invalid_weights(weights):
    with pytest.raises(ValueError):
        utils.WalkerAlias(weights)
