"""The two modes of chainer Variables that every core test runs in: NumPy-backed and chainerx-backed."""

import numpy
import pytest

import chainerx

MODES = ['numpy', 'chainerx']


def make_array(mode, values, dtype=numpy.float64):
    """An array of `values` in `mode`: a NumPy array, or a chainerx array on native:0."""
    array = numpy.asarray(values, dtype=dtype)
    return array if mode == 'numpy' else chainerx.array(array)


def to_numpy(array):
    """A NumPy copy of a NumPy or chainerx array (None stays None)."""
    if array is None:
        return None
    if isinstance(array, chainerx.ndarray):
        return chainerx.to_numpy(array)
    return numpy.asarray(array)


@pytest.fixture(params=MODES)
def mode(request):
    """'numpy' or 'chainerx'."""
    return request.param
