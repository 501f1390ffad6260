"""Fixtures of the initializer tests: the two devices every initializer is checked on."""

import numpy
import pytest

import chainer


@pytest.fixture(params=['@numpy', 'native:0'])
def device(request):
    """The device of the arrays to fill: NumPy, or chainerx on native:0."""
    return chainer.get_device(request.param)


@pytest.fixture
def empty(device):
    """A factory of arrays of garbage on `device`: empty(shape, dtype=numpy.float32)."""

    def make(shape, dtype=numpy.float32):
        # Filled with a sentinel so that a cell the initializer misses shows.
        return device.send(numpy.full(shape, 12345, dtype=dtype))

    return make
