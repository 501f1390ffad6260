"""Regression tests of the argument checks of the activations (found by the chainer fuzz)."""

import numpy
import pytest

import chainer
import chainer.functions as F

from mode_utils import make_array, mode, to_numpy  # NOQA: F401 (fixture)


def _raises_exactly(error, function, *args, **kwargs):
    with pytest.raises(error) as info:
        function(*args, **kwargs)
    assert type(info.value) is error


@pytest.mark.parametrize('beta', [0.0, 0, -0.0, numpy.float32(0)])
def test_softplus_beta_zero(mode, beta):
    # ZeroDivisionError on NumPy, a value on chainerx: softplus divides by beta
    _raises_exactly(ValueError, F.softplus, make_array(mode, [1.0, -1.0]), beta)


def test_softplus_negative_beta_still_works(mode):
    y = F.softplus(make_array(mode, [1.0, -1.0]), -2.0)
    numpy.testing.assert_allclose(to_numpy(y.array), numpy.log1p(numpy.exp([-2.0, 2.0])) / -2.0)


@pytest.mark.parametrize('r', [(), [0.5, 0.5], 0.25, 'r', chainer.Variable()])
def test_rrelu_slopes_must_be_an_array(mode, r):
    _raises_exactly(TypeError, F.rrelu, make_array(mode, [1.0, -1.0]), r=r)


def test_rrelu_takes_slopes_as_a_variable(mode):
    x = make_array(mode, [1.0, -1.0])
    r = make_array(mode, [0.25, 0.25])
    y = F.rrelu(x, r=chainer.Variable(r))
    numpy.testing.assert_array_equal(to_numpy(y.array), [1.0, -0.25])


@pytest.mark.parametrize('x', [1.5, [1.0, 2.0], chainer.Variable()], ids=['float', 'list', 'empty'])
def test_maxout_of_a_non_array(x):
    _raises_exactly(TypeError, F.maxout, x, 2)
