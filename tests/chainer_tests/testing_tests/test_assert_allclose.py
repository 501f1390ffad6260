"""chainer.testing.assert_allclose on every array kind, and its failure message."""

import numpy
import pytest

import chainer
import chainerx
from chainer import testing


@pytest.mark.parametrize('convert', [
    lambda a: a,
    chainerx.array,
    lambda a: chainer.Variable(a),
    lambda a: chainer.Variable(chainerx.array(a)),
], ids=['numpy', 'chainerx', 'variable', 'chainerx_variable'])
def test_assert_allclose_accepts_every_array_kind(convert):
    x = numpy.array([[1.0, 2.0], [3.0, 4.0]], numpy.float32)
    testing.assert_allclose(convert(x), convert(x + 1e-6))
    with pytest.raises(AssertionError):
        testing.assert_allclose(convert(x), convert(x + 1e-2))


def test_assert_allclose_scalars_and_broadcasting():
    testing.assert_allclose(numpy.float32(1.0), 1.0 + 1e-6)
    testing.assert_allclose(2.0, numpy.array(2.0))
    testing.assert_allclose(numpy.full((2, 3), 5.0), 5.0)
    with pytest.raises(AssertionError):
        testing.assert_allclose(numpy.zeros((2, 3)), numpy.zeros((3, 2)))


def test_assert_allclose_tolerances_follow_the_formula():
    # |x - y| <= atol + rtol * |y|: 1e-3 away from 10 passes with rtol 1e-4 (tolerance 1e-3 + atol)
    testing.assert_allclose(10.001, 10.0, atol=1e-5, rtol=1e-4)
    with pytest.raises(AssertionError):
        testing.assert_allclose(10.002, 10.0, atol=1e-5, rtol=1e-4)
    testing.assert_allclose(10.002, 10.0, atol=0, rtol=1e-3)


def test_assert_allclose_nan_in_the_same_place_is_equal():
    x = numpy.array([1.0, numpy.nan])
    testing.assert_allclose(x, x.copy())
    with pytest.raises(AssertionError):
        testing.assert_allclose(x, numpy.array([1.0, 2.0]))


def test_assert_allclose_message_names_the_worst_element():
    x = numpy.zeros((2, 3), numpy.float32)
    y = x.copy()
    y[1, 2] = 0.5
    y[0, 0] = 0.25
    with pytest.raises(AssertionError) as info:
        testing.assert_allclose(chainerx.array(x), y, atol=1e-3, rtol=0)
    message = str(info.value)
    assert 'assert_allclose failed' in message
    assert 'shape: (2, 3) (2, 3)' in message
    assert 'dtype: float32 float32' in message
    assert 'i: (1, 2)' in message
    assert 'x[i]: 0.0' in message
    assert 'y[i]: 0.5' in message
    assert 'absolute error[i]: 0.5' in message
    assert 'total tolerance: 0.001' in message
    assert 'x: [[0. 0. 0.]' in message and 'y: [[0.25' in message


def test_assert_allclose_not_verbose_omits_the_arrays():
    with pytest.raises(AssertionError) as info:
        testing.assert_allclose(numpy.zeros(3), numpy.ones(3), verbose=False)
    assert 'y: [' not in str(info.value)
    assert 'i: (0,)' in str(info.value)


def test_assert_allclose_zero_dim_message():
    with pytest.raises(AssertionError) as info:
        testing.assert_allclose(numpy.float64(1.0), 2.0)
    assert 'i: ()' in str(info.value)
