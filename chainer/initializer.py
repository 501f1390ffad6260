"""`chainer.Initializer`: the base of the objects that fill a parameter array in place.

The concrete initializers live in :mod:`chainer.initializers`; this module holds the base class,
:func:`get_fans` and the helper that writes host-computed values into an array of any device.
"""

import numpy

import chainerx

import chainer
from chainer import backend
from chainer.utils import array as array_utils


class Initializer:
    """Base of the initializers: callables that fill an array in place.

    A subclass implements ``__call__(array)``, which writes the initial values into ``array``
    (a NumPy, CuPy or chainerx array) without replacing the array object, so that an array already
    owned by a :class:`~chainer.Parameter` can be re-initialised.

    Args:
        dtype: The dtype the initializer insists on, or ``None`` for whatever the array has
            (``'mixed16'`` means float16). :func:`chainer.initializers.generate_array` creates
            arrays of this dtype; calling the initializer on an array of another dtype raises
            ValueError.
    """

    def __init__(self, dtype=None):
        if dtype is not None:
            dtype = chainer.get_dtype(dtype)
        self.dtype = dtype

    def __call__(self, array):
        """Fills `array` in place.

        Args:
            array (numpy.ndarray, cupy.ndarray or chainerx.ndarray): The array to fill.
        """
        raise NotImplementedError(
            '{} does not implement __call__(array)'.format(type(self).__name__))

    def _check_dtype(self, array):
        # The original asserts this; a wrong dtype is user input, so it is a ValueError here.
        if self.dtype is not None and numpy.dtype(self.dtype) != numpy.dtype(array.dtype):
            raise ValueError(
                '{} has dtype {} but the array to initialize has dtype {}'.format(
                    type(self).__name__, numpy.dtype(self.dtype), numpy.dtype(array.dtype)))

    def __repr__(self):
        fields = ', '.join('{}={!r}'.format(k, v) for k, v in sorted(vars(self).items())
                           if not k.startswith('_'))
        return '{}({})'.format(type(self).__name__, fields)


def get_fans(shape):
    """Returns the fan-in and fan-out of a weight of `shape`.

    The first axis is the output channels, the second the input channels and the remaining axes the
    receptive field (e.g. ``(out, in, kh, kw)`` of a convolution):
    ``fan_in = shape[1] * prod(shape[2:])`` and ``fan_out = shape[0] * prod(shape[2:])``.

    Args:
        shape (tuple of ints): The shape of the weight.

    Returns:
        tuple: ``(fan_in, fan_out)``.

    Raises:
        ValueError: If `shape` is not a tuple or has fewer than two axes.
    """
    if not isinstance(shape, tuple):
        raise ValueError('shape must be a tuple, not {}'.format(type(shape).__name__))
    if len(shape) < 2:
        raise ValueError('shape must be of length >= 2: shape={}'.format(shape))
    receptive_field_size = array_utils.size_of_shape(shape[2:])
    return shape[1] * receptive_field_size, shape[0] * receptive_field_size


def _copy_into(array, values):
    # Writes `values` (a NumPy array or scalar, broadcast, cast unsafely as `array[...] = values`
    # does) into `array` in place. A chainerx array in host memory is written through a zero-copy
    # NumPy view, so initialising a native parameter costs one pass over its memory.
    if isinstance(values, chainerx.ndarray):
        values = backend.CpuDevice().send(values)
    if isinstance(array, numpy.ndarray):
        numpy.copyto(array, values, casting='unsafe')
    elif isinstance(array, chainerx.ndarray) and array.device.backend.name == 'native':
        numpy.copyto(chainerx.to_numpy(array, copy=False), values, casting='unsafe')
    else:
        backend.copyto(array, numpy.asarray(values).astype(array.dtype, copy=False))
