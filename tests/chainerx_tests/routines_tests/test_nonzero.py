"""Nonzero: the coordinates of nonzero elements, one int64 array per axis (spec A.10)."""

import numpy
import pytest

import chainerx as chx

import array_utils

_SHAPES = ((1,), (5,), (2, 3), (2, 0, 3), (3, 1, 4), (2, 3, 2, 2))


@pytest.mark.parametrize('shape', _SHAPES)
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
@pytest.mark.parametrize('contiguous', [True, False])
def test_nonzero_matches_numpy(shape, dtype, contiguous, device):
    x = array_utils.make_numpy(shape, dtype, contiguous=contiguous)
    x[...] = array_utils.make_numpy(shape, 'uint8', seed=1, high=2)  # about a third zeros
    out = chx.nonzero(chx.array(x, copy=False, device=device))
    expected = numpy.nonzero(x)
    assert isinstance(out, tuple) and len(out) == len(expected)
    for actual, coords in zip(out, expected):
        array_utils.assert_array_equal(actual, coords, dtype='int64')
        assert actual.device is device


def test_nonzero_counts_nan_and_negative_zero_as_numpy_does():
    x = numpy.array([0.0, -0.0, numpy.nan, numpy.inf, 1e-30], 'float32')
    array_utils.assert_array_equal(chx.nonzero(chx.array(x))[0], numpy.nonzero(x)[0], dtype='int64')


def test_nonzero_of_all_zeros_and_all_nonzero():
    array_utils.assert_array_equal(chx.nonzero(chx.zeros((2, 2)))[1], numpy.zeros(0), dtype='int64')
    array_utils.assert_array_equal(chx.nonzero(chx.ones((2, 2)))[0], numpy.array([0, 0, 1, 1]), dtype='int64')


def test_nonzero_rejects_0d_arrays():
    with pytest.raises(chx.DimensionError):
        chx.nonzero(chx.ones(()))


@pytest.mark.parametrize('contiguous', [True, False])
def test_nonzero_of_a_large_array_matches_numpy(contiguous, device):
    # Many thousand elements: the CUDA scan runs over many blocks.
    x = array_utils.make_numpy((300, 71), 'float32', contiguous=contiguous)
    x[x < 1] = 0
    out = chx.nonzero(chx.array(x, copy=False, device=device))
    for actual, coords in zip(out, numpy.nonzero(x)):
        array_utils.assert_array_equal(actual, coords, dtype='int64')


@pytest.mark.parametrize('shape,transpose', [
    ((5000,), False), ((3, 700), False), ((700, 3), True), ((2, 257, 3), True)])
@pytest.mark.parametrize('dtype', ['bool', 'int8', 'float16', 'float64'])
def test_nonzero_of_rows_beyond_a_chunk_matches_numpy(shape, transpose, dtype, device):
    # The native kernel compacts rows in chunks of 256 positions; rows longer than that, transposed inputs
    # (strided rows), and masks selecting by them.
    x = (numpy.random.default_rng(8).random(shape) < 0.4).astype(dtype)
    if transpose:
        x = x.T
    out = chx.nonzero(chx.array(x, copy=False, device=device))
    for actual, coords in zip(out, numpy.nonzero(x)):
        array_utils.assert_array_equal(actual, coords, dtype='int64')
    values = numpy.arange(x.size, dtype='float32').reshape(x.shape)
    mask = x.astype(bool)
    selected = chx.array(values, device=device)[chx.array(mask, device=device)]
    array_utils.assert_array_equal(selected, values[mask])
