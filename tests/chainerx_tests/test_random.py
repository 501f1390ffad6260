"""chainerx.random: NumPy's global generator, results moved to a chainerx device (spec A.17)."""

import numpy
import pytest

import chainerx as chx

_FUNCS = {'normal': numpy.random.normal, 'uniform': numpy.random.uniform}


@pytest.mark.parametrize('name', sorted(_FUNCS))
@pytest.mark.parametrize('size', [None, (), 0, 5, (2, 3), (2, 0, 3)])
def test_draws_what_numpy_draws_with_the_same_seed(name, size):
    numpy.random.seed(3)
    expected = _FUNCS[name](1.0, 2.0, size)
    numpy.random.seed(3)
    a = getattr(chx.random, name)(1.0, 2.0, size)
    assert a.dtype == numpy.float64
    assert a.shape == numpy.shape(expected)
    assert a.device is chx.get_default_device()
    numpy.testing.assert_array_equal(chx.to_numpy(a), expected)


@pytest.mark.parametrize('name', sorted(_FUNCS))
def test_device_and_keyword_arguments(name, device):
    a = getattr(chx.random, name)(size=(3, 4), device=device)
    assert a.device is device and a.shape == (3, 4)


def test_normal_moments():
    numpy.random.seed(0)
    x = chx.to_numpy(chx.random.normal(loc=3.0, scale=0.5, size=20000))
    assert abs(x.mean() - 3.0) < 0.02 and abs(x.std() - 0.5) < 0.02


def test_uniform_bounds():
    numpy.random.seed(0)
    x = chx.to_numpy(chx.random.uniform(low=-2.0, high=-1.0, size=10000))
    assert x.min() >= -2.0 and x.max() < -1.0 and abs(x.mean() + 1.5) < 0.02


@pytest.mark.parametrize('name', sorted(_FUNCS))
def test_numpy_errors_propagate(name):
    with pytest.raises(ValueError):
        getattr(chx.random, name)(size=-1)
    with pytest.raises(TypeError):
        getattr(chx.random, name)(no_such_argument=1)
