"""Initializers: callables that fill parameter arrays in place, and :func:`generate_array`.

    >>> W = chainer.initializers.generate_array(
    ...     chainer.initializers.HeNormal(), (3, 4), chainerx, device='native:0')
"""

import numpy

import chainerx

import chainer
from chainer import _array_types
from chainer import backend
from chainer.initializers.constant import Constant  # NOQA
from chainer.initializers.constant import Identity  # NOQA
from chainer.initializers.constant import NaN  # NOQA
from chainer.initializers.constant import One  # NOQA
from chainer.initializers.constant import Zero  # NOQA
from chainer.initializers.normal import GlorotNormal  # NOQA
from chainer.initializers.normal import HeNormal  # NOQA
from chainer.initializers.normal import LeCunNormal  # NOQA
from chainer.initializers.normal import Normal  # NOQA
from chainer.initializers.orthogonal import Orthogonal  # NOQA
from chainer.initializers.sampling import DownsamplingConvFilter  # NOQA
from chainer.initializers.sampling import UpsamplingDeconvFilter  # NOQA
from chainer.initializers.uniform import GlorotUniform  # NOQA
from chainer.initializers.uniform import HeUniform  # NOQA
from chainer.initializers.uniform import LeCunUniform  # NOQA
from chainer.initializers.uniform import Uniform  # NOQA


def generate_array(initializer, shape, xp, dtype=None, device=None):
    """Creates an array of `shape` on a device and fills it with `initializer`.

    The dtype is `dtype`, else the initializer's ``dtype``, else :func:`chainer.get_dtype` (the
    ``chainer.config.dtype``; ``'mixed16'`` gives float16). On a chainerx device the array is
    created there and filled in place.

    Args:
        initializer: A :class:`~chainer.Initializer` or any callable filling an array in place.
            As for a :class:`~chainer.Parameter`, ``None`` fills NaN and a scalar fills itself.
        shape (int or tuple of ints): The shape.
        xp: The array module (:mod:`numpy`, :mod:`cupy` or :mod:`chainerx`).
        dtype: The dtype, or ``None``.
        device: A device specifier (``'@numpy'``, ``'native:0'``, a
            :class:`~chainer.backend.Device`, ...); ``None`` takes the current device of `xp`.

    Returns:
        numpy.ndarray, cupy.ndarray or chainerx.ndarray: The initialised array.

    Raises:
        ValueError: If `dtype` and the initializer's dtype differ, or `device` is not a device
            of `xp`.
    """
    if initializer is None:
        initializer = NaN()
    elif numpy.isscalar(initializer) or isinstance(initializer, chainer.get_array_types()):
        # An array: a Parameter created from an array keeps it as its initializer (copy(mode='init')).
        initializer = Constant(initializer)
    own_dtype = getattr(initializer, 'dtype', None)
    if dtype is not None and own_dtype is not None and \
            chainer.get_dtype(dtype) != chainer.get_dtype(own_dtype):
        raise ValueError('dtype mismatch: {} != {} (the dtype of {})'.format(
            chainer.get_dtype(dtype), chainer.get_dtype(own_dtype), type(initializer).__name__))
    dtype = chainer.get_dtype(own_dtype if dtype is None else dtype)
    if device is None:
        device = backend._guess_device_from_array_module(xp)
    else:
        device = backend.get_device(device)
    if device.xp is not xp:
        raise ValueError(
            'xp and device arguments are inconsistent: {} is not a device of {}'.format(
                device, getattr(xp, '__name__', xp)))
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    if xp is chainerx:
        array = xp.empty(shape, dtype=dtype, device=device.device)
    else:
        with chainer.using_device(device):
            array = xp.empty(shape, dtype=dtype)
    initializer(array)
    return array


def _get_initializer(initializer):
    """The initializer a link uses for `initializer` (an ``initialW``-like argument).

    ``None`` gives :class:`LeCunNormal`, a scalar :class:`Constant`, an array ``Constant(array)``
    (broadcast to the parameter's shape, cast to its dtype); an initializer or any callable is
    returned as it is.

    Raises:
        TypeError: For anything else.
    """
    if initializer is None:
        return LeCunNormal()
    if numpy.isscalar(initializer) or isinstance(initializer, _array_types.ARRAY_TYPES):
        return Constant(initializer)
    if not callable(initializer):
        raise TypeError('invalid type of initializer: {}'.format(type(initializer).__name__))
    return initializer
