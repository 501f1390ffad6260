"""What the NPZ and HDF5 serializers share: converting values to storable NumPy arrays, and
copying stored arrays back into the values of either device in place."""

import warnings

import numpy

import chainerx

from chainer import _array_types
from chainer import backend
from chainer import variable

# Note [None in serialized files]
# A value may be None (an uninitialised parameter, an optimizer state not created yet). The original
# stores it as a 0-d object array, which NumPy writes as a pickle; we never write nor read pickles
# (loading one could run arbitrary code), so None is stored as a 0-d array of a one-field structured
# dtype whose field name marks it. numpy.load(allow_pickle=False) reads it back like any array, and
# no real value has this dtype. The HDF5 serializers use h5py.Empty instead, as the original does.
_NONE_DTYPE = numpy.dtype([('__chainer_serializer_none__', numpy.uint8)])


def none_array():
    """The array that stands for a stored ``None`` (see Note [None in serialized files])."""
    return numpy.zeros((), _NONE_DTYPE)


def is_none_array(array):
    """Whether `array` is the stand-in of a stored ``None``."""
    return getattr(array, 'dtype', None) == _NONE_DTYPE


def check_serializable(function, obj):
    """Raises TypeError unless `obj` has a ``serialize`` method (a Link, an Optimizer, ...)."""
    if not callable(getattr(obj, 'serialize', None)):
        raise TypeError('{}: obj must have a serialize(serializer) method (a Link, an Optimizer, a '
                        'Trainer, ...), not {}'.format(function, type(obj).__name__))


def to_storable(key, value):
    """`value` (an array of any device, a Variable, a scalar or a string) as a NumPy array.

    Raises:
        TypeError: If the value would need a pickle (an object array, an unsupported type).
    """
    if isinstance(value, variable.Variable):
        value = value.array
    if isinstance(value, _array_types.ARRAY_TYPES) and not isinstance(value, numpy.ndarray):
        value = backend.CpuDevice().send(value)
    array = numpy.asarray(value)
    if array.dtype.hasobject:
        raise TypeError(
            'Cannot serialize {!r}: a value of type {} would have to be pickled; store arrays, '
            'numbers, strings or None'.format(key, type(value).__name__))
    return array


def check_ignore_names(ignore_names):
    """`ignore_names` (None, a name, a callable or a list of them) as a tuple.

    Raises:
        ValueError: If an entry is neither a string nor a callable.
    """
    if ignore_names is None:
        return ()
    if not isinstance(ignore_names, (list, tuple)):
        ignore_names = (ignore_names,)
    for name in ignore_names:
        if not isinstance(name, str) and not callable(name):
            raise ValueError('ignore_names needs to be a callable, string or list of them.')
    return tuple(ignore_names)


def is_ignored(key, ignore_names):
    """Whether `key` matches one of `ignore_names` (a tuple from :func:`check_ignore_names`)."""
    return any(key == name if isinstance(name, str) else name(key) for name in ignore_names)


def load_into(key, value, stored):
    """Copies the NumPy array `stored` into `value` and returns the loaded value.

    `value` None returns `stored` (or None for a stored None). An array (or the array of a
    Variable) of any device is written in place with 'same_kind' casting; a scalar or a string is
    returned converted to ``type(value)``.

    Raises:
        ValueError: If the shapes differ.
        TypeError: If the stored dtype cannot be cast to the array's dtype.
    """
    if is_none_array(stored):
        return None
    if value is None:
        return stored
    target = value.array if isinstance(value, variable.Variable) else value
    if not hasattr(target, 'shape') or isinstance(target, numpy.generic):
        return _convert_scalar(key, value, stored)
    if tuple(target.shape) != tuple(stored.shape):
        raise ValueError(
            'Shape mismatch for {!r}: the array to load into has shape {} but the stored value '
            'has shape {}'.format(key, tuple(target.shape), tuple(stored.shape)))
    if not numpy.can_cast(stored.dtype, target.dtype, casting='same_kind'):
        raise TypeError(
            'Cannot load {!r}: the stored dtype {} cannot be cast to the dtype {} of the array to '
            'load into'.format(key, stored.dtype, numpy.dtype(target.dtype)))
    if isinstance(target, numpy.ndarray):
        numpy.copyto(target, stored, casting='same_kind')
    elif isinstance(target, chainerx.ndarray) and target.device.backend.name == 'native':
        numpy.copyto(chainerx.to_numpy(target, copy=False), stored, casting='same_kind')
    else:
        backend.copyto(target, stored.astype(target.dtype, copy=False))
    return value


def _convert_scalar(key, value, stored):
    value_type = type(value)
    if stored.ndim != 0:
        raise ValueError(
            'Shape mismatch for {!r}: a scalar of type {} cannot be loaded from an array of shape '
            '{}'.format(key, value_type.__name__, stored.shape))
    is_number = issubclass(stored.dtype.type, numpy.number)
    exact_integer = issubclass(stored.dtype.type, numpy.integer) and value_type is int
    if is_number and not exact_integer and not numpy.can_cast(stored.dtype, value_type):
        warnings.warn('Possible loss of data while casting from {} to {} for {!r}'.format(
            stored.dtype, value_type.__name__, key))
    if value_type is str:
        return str(stored[()])
    return value_type(stored[()])
