"""Regression tests of the normalizations found by the chainer fuzz: argument checks, big windows
and zero channels."""

import time

import numpy
import pytest

import chainer
import chainer.functions as F

from mode_utils import make_array, mode, to_numpy  # NOQA: F401 (fixture)


def _raises_exactly(error, function, *args, **kwargs):
    with pytest.raises(error) as info:
        function(*args, **kwargs)
    assert type(info.value) is error


_PARAMETER = numpy.ones(3, numpy.float32)


@pytest.mark.parametrize('function', [
    lambda x: F.batch_normalization(x, _PARAMETER, _PARAMETER),
    lambda x: F.batch_normalization(x, _PARAMETER, _PARAMETER, axis=0),
    lambda x: F.fixed_batch_normalization(x, _PARAMETER, _PARAMETER, _PARAMETER, _PARAMETER),
])
@pytest.mark.parametrize('x', [1.5, [[1.0, 2.0, 3.0]], chainer.Variable()],
                         ids=['float', 'list', 'empty'])
def test_batch_normalization_of_a_non_array(function, x):
    _raises_exactly(TypeError, function, x)


@pytest.mark.parametrize('name', ['running_mean', 'running_var'])
@pytest.mark.parametrize('running', [3, [0.0, 0.0, 0.0], chainer.Variable(_PARAMETER)],
                         ids=['int', 'list', 'variable'])
def test_batch_normalization_running_statistics_must_be_arrays(mode, name, running):
    x = make_array(mode, numpy.ones((2, 3)), numpy.float32)
    gamma = make_array(mode, _PARAMETER, numpy.float32)
    _raises_exactly(TypeError, F.batch_normalization, x, gamma, gamma, **{name: running})


@pytest.mark.parametrize('n', [2**40, 2**62])
def test_local_response_normalization_with_a_huge_window(mode, n):
    # The window was padded with n // 2 zero channels and summed in as many steps (a hang).
    x = make_array(mode, numpy.arange(24.).reshape(2, 3, 4))
    start = time.perf_counter()
    y = F.local_response_normalization(x, n=n)
    assert time.perf_counter() - start < 1
    expected = F.local_response_normalization(numpy.arange(24.).reshape(2, 3, 4), n=5)
    numpy.testing.assert_allclose(to_numpy(y.array), expected.array, rtol=1e-15)
    empty = F.local_response_normalization(make_array(mode, numpy.ones((0, 3))), n=n)
    assert empty.shape == (0, 3)


def test_local_response_normalization_windows_up_to_the_channels(mode):
    x = numpy.random.RandomState(0).uniform(-1, 1, (2, 3, 2))
    wide, widest = [to_numpy(F.local_response_normalization(make_array(mode, x), n=n).array)
                    for n in (5, 7)]
    numpy.testing.assert_array_equal(wide, widest)  # both windows cover all 3 channels


def test_decorrelated_batch_normalization_without_channels(mode):
    # The second derivative of the whitening had no value for zero channels (AttributeError).
    x = chainer.Variable(make_array(mode, numpy.ones((2, 0)), numpy.float32))
    y = F.decorrelated_batch_normalization(x, groups=1)
    assert y.shape == (2, 0)
    gx, = chainer.grad([y], [x], [chainer.Variable(make_array(
        mode, numpy.ones((2, 0)), numpy.float32))], enable_double_backprop=True)
    assert gx.shape == (2, 0)
    chainer.backward([gx], [make_array(mode, numpy.ones((2, 0)), numpy.float32)])
    assert x.grad.shape == (2, 0)
