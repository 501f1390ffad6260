"""``repr`` of chainerx.ndarray, formatted by NumPy so that the body looks exactly like NumPy's."""

import numpy

import chainerx


def array_repr(array):
    """Returns e.g. ``array([1., 2.], shape=(2,), dtype=float32, device='native:0')``."""
    prefix = 'array('
    body = numpy.array2string(
        chainerx.to_numpy(array, copy=True), separator=', ', prefix=prefix)
    text = '{}{}, shape={}, dtype={}, device={!r}'.format(
        prefix, body, array.shape, array.dtype.name, array.device.name)
    backprop_ids = array._backprop_ids()
    if backprop_ids:
        text += ', backprop_ids={!r}'.format(backprop_ids)
    return text + ')'

