"""Saving and loading objects to and from HDF5 files (needs h5py); one HDF5 group per child."""

import numpy

from chainer import serializer
from chainer.serializers import _common

try:
    import h5py
    _h5py_import_error = None
except ImportError as _error:  # h5py is optional: only the HDF5 serializers need it.
    h5py = None
    _h5py_import_error = _error


def _check_available():
    if h5py is None:
        raise RuntimeError(
            'The HDF5 serializers need h5py, which could not be imported ({}); install it with '
            '`pip install h5py`, or use save_npz/load_npz'.format(_h5py_import_error))


class HDF5Serializer(serializer.Serializer):
    """A serializer that writes the values into an HDF5 group (children become subgroups).

    Arrays of any device are written as NumPy datasets; ``None`` is written as an empty dataset
    (``h5py.Empty``).

    Args:
        group (h5py.Group): The group to write into (an open ``h5py.File`` is one).
        compression (int): The gzip compression level (0-9) of datasets with more than one
            element.

    Raises:
        RuntimeError: If h5py is not installed.
    """

    def __init__(self, group, compression=4):
        _check_available()
        self.group = group
        self.compression = compression

    def __getitem__(self, key):
        return HDF5Serializer(self.group.require_group(key), self.compression)

    def __call__(self, key, value):
        if value is None or _common.is_none_array(value):
            # (The second case: a None that went through a DictionarySerializer before.)
            self.group.create_dataset(key, data=h5py.Empty('f'))
            return value
        array = _common.to_storable(self.group.name + '/' + key, value)
        if array.dtype.kind == 'U':
            # HDF5 has no fixed-width UCS-4 strings: store UTF-8 as h5py's variable-length string.
            self.group.create_dataset(key, data=str(array[()]), dtype=h5py.string_dtype())
            return value
        compression = self.compression if array.size > 1 else None
        self.group.create_dataset(key, data=array, compression=compression)
        return value


class HDF5Deserializer(serializer.Deserializer):
    """A deserializer that reads the values from an HDF5 group written by :class:`HDF5Serializer`.

    Args:
        group (h5py.Group): The group to read from.
        strict (bool): If ``True`` a missing key raises KeyError; if ``False`` the value is
            returned unchanged.

    Raises:
        RuntimeError: If h5py is not installed.
    """

    _name = ''  # the path of a missing group (see __getitem__)

    def __init__(self, group, strict=True):
        _check_available()
        self.group = group
        self.strict = strict

    def __getitem__(self, key):
        if self.group is not None and key in self.group:
            return HDF5Deserializer(self.group[key], strict=self.strict)
        if self.strict:
            raise KeyError('{!r} is not in the HDF5 file (to ignore missing keys, load with '
                           'strict=False)'.format(self._full_key(key)))
        # A missing child of a non-strict deserializer: every value of it stays as it is.
        missing = HDF5Deserializer(None, strict=False)
        missing._name = self._full_key(key)
        return missing

    def _full_key(self, key):
        name = self.group.name if self.group is not None else self._name
        return name.rstrip('/') + '/' + key

    def __call__(self, key, value):
        """Loads the value stored under `key` (see :meth:`AbstractSerializer.__call__`).

        Raises:
            KeyError: If `key` is missing and the deserializer is strict.
            ValueError: If the shapes differ.
            TypeError: If the stored dtype cannot be cast to the target array's dtype.
        """
        full_key = self._full_key(key)
        if self.group is None or key not in self.group:
            if not self.strict:
                return value
            raise KeyError('{!r} is not in the HDF5 file (to ignore missing keys, load with '
                           'strict=False)'.format(full_key))
        dataset = self.group[key]
        if dataset.shape is None:  # h5py.Empty: a stored None.
            return None
        stored = dataset[()]
        if isinstance(stored, bytes):
            stored = stored.decode('utf-8')
        return _common.load_into(full_key, value, numpy.asarray(stored))


def save_hdf5(filename, obj, compression=4):
    """Saves the state of an object (a Link, an Optimizer, ...) to an HDF5 file.

    Args:
        filename (str or path-like): The file to write (overwritten).
        obj: The object to save (it has a ``serialize(serializer)`` method).
        compression (int): The gzip compression level (0-9).

    Raises:
        RuntimeError: If h5py is not installed.
    """
    _check_available()
    _common.check_serializable('save_hdf5', obj)
    with h5py.File(filename, 'w') as f:
        HDF5Serializer(f, compression=compression).save(obj)


def load_hdf5(filename, obj):
    """Loads the state of an object from an HDF5 file written by :func:`save_hdf5`.

    Arrays are copied into the object's arrays in place, whatever their device.

    Args:
        filename (str or path-like): The file to read.
        obj: The object to load into (it has a ``serialize(serializer)`` method).

    Raises:
        RuntimeError: If h5py is not installed.
        KeyError: If a key is missing.
    """
    _check_available()
    _common.check_serializable('load_hdf5', obj)
    with h5py.File(filename, 'r') as f:
        HDF5Deserializer(f).load(obj)
