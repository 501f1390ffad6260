"""Python-level parts of the indexing routines: the NumPy fallbacks of ``ndarray.__getitem__`` and
``ndarray.__setitem__`` for keys that basic indexing does not cover, and ``ndarray.tolist``.

Basic keys (integers, slices, ``None``, ``Ellipsis`` and tuples of them) are handled in C++
(``chainerx/python/indexing.cc``). Advanced keys whose arrays are integer or (at least 1-d) bool arrays
(``chainerx.ndarray``, NumPy arrays or lists of ints / bools, alone or inside a tuple) are converted to
chainerx arrays here and handled in C++ too, with autograd (``AtAdvanced``, ``SetItemAdvanced``). Any
other advanced key (0-d bool arrays, ragged lists, ...) goes through NumPy on the host, without autograd,
as in the original ChainerX.
"""

import numbers

import numpy

import chainerx

__all__ = []


def _is_advanced_item(item):
    return isinstance(item, (chainerx.ndarray, numpy.ndarray, list))


def _is_advanced_key(key):
    if isinstance(key, tuple):
        return any(_is_advanced_item(item) for item in key)
    return _is_advanced_item(key)


def _to_numpy_item(item):
    return chainerx.to_numpy(item) if isinstance(item, chainerx.ndarray) else item


def _to_numpy_key(key):
    if isinstance(key, tuple):
        return tuple(_to_numpy_item(item) for item in key)
    return _to_numpy_item(key)


def _is_basic_item(item):
    return (item is None or item is Ellipsis or isinstance(item, slice)
            or (isinstance(item, (numbers.Integral, numpy.integer))
                and not isinstance(item, (bool, numpy.bool_))))


def _to_native_item(item, device):
    """An index array as a chainerx.ndarray on `device`, or None if C++ cannot take it."""
    if isinstance(item, chainerx.ndarray):
        if item.dtype.kind not in 'biu' or (item.dtype.kind == 'b' and item.ndim == 0):
            return None
        # Index arrays are small: move them rather than refuse keys that NumPy indexing accepted.
        return item if item.device is device else item.to_device(device)
    try:
        as_numpy = numpy.asarray(item)
    except ValueError:  # ragged lists
        return None
    if isinstance(item, list) and as_numpy.size == 0:
        as_numpy = as_numpy.astype(numpy.int64)  # NumPy reads [] as an empty integer index
    if as_numpy.dtype.kind not in 'biu' or (as_numpy.dtype.kind == 'b' and as_numpy.ndim == 0):
        return None
    if as_numpy.dtype == numpy.uint64:
        return None
    return chainerx.array(as_numpy, device=device)


def _to_native_key(key, device):
    """The key with its index arrays converted for C++, or None when NumPy has to handle it."""
    items = key if isinstance(key, tuple) else (key,)
    native = []
    for item in items:
        if _is_basic_item(item):
            native.append(item)
            continue
        if not _is_advanced_item(item):
            return None
        converted = _to_native_item(item, device)
        if converted is None:
            return None
        native.append(converted)
    return tuple(native)


def _getitem_fallback(array, key):
    """``array[key]`` computed by NumPy on a host copy; the result is a new array on array's device."""
    if array.is_backprop_required(chainerx.anygraph):
        raise RuntimeError(
            'chainerx.ndarray.__getitem__ with an array or list key falls back to NumPy, which does not '
            'support arrays connected to a graph')
    result = numpy.asarray(chainerx.to_numpy(array)[_to_numpy_key(key)])
    return chainerx.array(result, device=array.device)


def _is_fast_value(value, device):
    if isinstance(value, chainerx.ndarray):
        return value.device is device
    return isinstance(value, (bool, numbers.Number, numpy.generic)) and not isinstance(value, complex)


def _setitem(array, key, value):
    """``array[key] = value`` in place; RuntimeError if the array is connected to a graph."""
    if array.is_backprop_required(chainerx.anygraph):
        raise RuntimeError(
            'chainerx.ndarray.__setitem__ writes in place, which is not supported for arrays connected '
            'to a graph')
    advanced = _is_advanced_key(key)
    if not advanced and _is_fast_value(value, array.device):
        array._setitem_basic(key, value)
        return
    native_key = _to_native_key(key, array.device) if advanced else None
    if native_key is not None and _is_fast_value(value, array.device):
        if not isinstance(value, chainerx.ndarray):
            value = chainerx.full((), value, array.dtype, device=array.device)
        array._setitem_advanced(native_key, value)
        return
    try:
        # A zero-copy NumPy view of host memory: writing into it writes into the chainerx array.
        target = chainerx.to_numpy(array, copy=False)
    except chainerx.ChainerxError:
        # Device memory (cuda:N) has no host view: NumPy writes into a host copy, which is copied back.
        host = chainerx.to_numpy(array)
        host[_to_numpy_key(key)] = _to_numpy_item(value)
        chainerx.copyto(array, chainerx.array(host, device=array.device))
        return
    target[_to_numpy_key(key)] = _to_numpy_item(value)


def scatter_add(a, key, b):
    """A copy of `a` with `b` added at `a[key]`, repeats accumulating (``numpy.add.at``), with autograd.

    The forward of F.scatter_add on chainerx: `b` must have a's dtype and the shape of `a[key]`
    (chainerx.DtypeError, chainerx.DimensionError). Returns None for a key that only NumPy can take
    (see `_to_native_key`).
    """
    native_key = _to_native_key(key, a.device)
    if native_key is None:
        return None
    return chainerx._core._scatter_add(a, native_key, b)


def populate(ndarray):
    """Adds the Python-level indexing methods to `ndarray`."""
    basic_getitem = ndarray.__getitem__

    def __getitem__(self, key):
        if _is_advanced_key(key):
            native_key = _to_native_key(key, self.device)
            if native_key is not None:
                return self._getitem_advanced(native_key)
            return _getitem_fallback(self, key)
        return basic_getitem(self, key)

    def tolist(self):
        """The array's elements as (nested lists of) Python scalars, like ``numpy.ndarray.tolist``."""
        return chainerx.to_numpy(self).tolist()

    __getitem__.__doc__ = basic_getitem.__doc__
    ndarray.__getitem__ = __getitem__
    ndarray.__setitem__ = _setitem
    ndarray.tolist = tolist
