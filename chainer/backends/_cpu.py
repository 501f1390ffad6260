"""The NumPy device (:class:`CpuDevice`, ``'@numpy'``) and the conversion of arrays to NumPy."""

import numpy

import chainerx

from chainer import _backend
from chainer.backends import cuda

# Scalars that become 0-d NumPy arrays when sent to a device.
_SCALAR_TYPES = (numpy.generic, bool, int, float, complex)


class CpuDevice(_backend.Device):
    """The device of NumPy arrays in host memory (``'@numpy'``).

        >>> import chainer, numpy
        >>> device = chainer.get_device('@numpy')
        >>> device.send(chainerx.ones(2))   # a NumPy view of the chainerx array (no copy)
        array([1., 1.], dtype=float32)
    """

    xp = numpy
    name = '@numpy'
    supported_array_types = (numpy.ndarray,)

    @staticmethod
    def from_array(array):
        """Returns a CpuDevice if `array` is a NumPy array, else ``None``."""
        return CpuDevice() if isinstance(array, numpy.ndarray) else None

    def send_array(self, array):
        return _array_to_cpu(array)

    def is_array_supported(self, array):
        return isinstance(array, numpy.ndarray)


def _array_to_cpu(array):
    # `array` as a NumPy array: NumPy arrays and None are returned as they are, chainerx arrays in
    # host memory are viewed without copying (the view keeps them alive), others are copied.
    if type(array) is numpy.ndarray or array is None:
        return array
    if isinstance(array, chainerx.ndarray):
        return _chainerx_to_numpy(array)
    if isinstance(array, numpy.ndarray):
        return array
    if isinstance(array, _SCALAR_TYPES):
        return numpy.asarray(array)
    if cuda.available and isinstance(array, cuda.ndarray):
        with array.device:
            return array.get()
    raise TypeError(
        'Cannot convert an object of type {} to a numpy.ndarray; expected a NumPy, CuPy or '
        'ChainerX array or a scalar'.format(type(array).__name__))


def _chainerx_to_numpy(array):
    try:
        return chainerx.to_numpy(array, copy=False)
    except chainerx.ChainerxError:
        # Device memory (e.g. cuda:0) cannot be viewed from the host: copy it.
        return chainerx.to_numpy(array, copy=True)
