"""Saving and loading objects to and from NPZ files (a zip of ``.npy`` arrays, one per key)."""

import os
import zipfile
import zlib

import numpy

from chainer import serializer
from chainer.serializers import _common

# Errors that a damaged (truncated, overwritten) zip or member raises while being read.
_CORRUPTION_ERRORS = (zipfile.BadZipFile, zlib.error, EOFError)


class DictionarySerializer(serializer.Serializer):
    """A serializer that stores the values in a flat dictionary of NumPy arrays.

    The keys are the slash-separated paths of the values (``'predictor/l1/W'``); arrays of any
    device are copied to NumPy. :func:`save_npz` writes such a dictionary to a file.

        >>> s = chainer.serializers.DictionarySerializer()
        >>> s.save(model)
        >>> s.target['l1/W'].shape
        (10, 3)

    Args:
        target (dict): The dictionary to store into; a new one if ``None``.
        path (str): The prefix of the keys this serializer stores (``'a/b/'``).
    """

    def __init__(self, target=None, path=''):
        self.target = {} if target is None else target
        self.path = path

    def __getitem__(self, key):
        key = key.strip('/')
        return DictionarySerializer(self.target, self.path + key + '/')

    def __call__(self, key, value):
        key = self.path + key.lstrip('/')
        if value is None:
            self.target[key] = _common.none_array()
        else:
            self.target[key] = _common.to_storable(key, value)
        return value


class NpzDeserializer(serializer.Deserializer):
    """A deserializer that reads the values from an NPZ file opened with :func:`numpy.load`.

    Arrays are copied into the given arrays in place (NumPy or chainerx, of any device).

    Args:
        npz: A ``numpy.lib.npyio.NpzFile`` (from ``numpy.load(file, allow_pickle=False)``), or any
            mapping from keys to NumPy arrays (e.g. a :class:`DictionarySerializer`'s target).
        path (str): The prefix of the keys to read (``'updater/model:main/'``).
        strict (bool): If ``True`` a missing key raises KeyError; if ``False`` the value is
            returned unchanged.
        ignore_names (str, callable or list of them): Keys to skip (the value is returned
            unchanged): a string equal to the full key, or a callable returning ``True`` for it.

    Raises:
        ValueError: If `ignore_names` has an entry that is neither a string nor a callable.
    """

    def __init__(self, npz, path='', strict=True, ignore_names=None):
        self.npz = npz
        self.path = path
        self.strict = strict
        self.ignore_names = ignore_names
        self._ignore_names = _common.check_ignore_names(ignore_names)

    def __getitem__(self, key):
        key = key.strip('/')
        return NpzDeserializer(
            self.npz, self.path + key + '/', strict=self.strict, ignore_names=self.ignore_names)

    def __call__(self, key, value):
        """Loads the value stored under `key` (see :meth:`AbstractSerializer.__call__`).

        Raises:
            KeyError: If `key` is missing and the deserializer is strict.
            ValueError: If the shapes differ, the stored array is a pickled object, or the file
                is damaged.
            TypeError: If the stored dtype cannot be cast to the target array's dtype.
        """
        key = self.path + key.lstrip('/')
        if _common.is_ignored(key, self._ignore_names):
            return value
        if key not in self.npz:
            if not self.strict:
                return value
            raise KeyError('{!r} is not in the npz file (to ignore missing keys, load with '
                           'strict=False)'.format(key))
        return _common.load_into(key, value, _read_member(self.npz, key))


def _read_member(npz, key):
    try:
        stored = npz[key]
    except _CORRUPTION_ERRORS as error:
        raise ValueError('The npz file is damaged: cannot read {!r} ({})'.format(key, error)) \
            from error
    except ValueError as error:
        if 'allow_pickle' in str(error):
            raise ValueError(
                'Refusing to load {!r}: it is a pickled object array, and loading pickles can run '
                'arbitrary code'.format(key)) from error
        raise ValueError('Cannot read {!r} from the npz file ({})'.format(key, error)) from error
    return numpy.asarray(stored)


def save_npz(file, obj, compression=True):
    """Saves the state of an object (a Link, an Optimizer, a Trainer, ...) to an NPZ file.

    The values are gathered first (``obj.serialize(DictionarySerializer())``), so a failing
    ``serialize`` leaves no file behind; a failure while writing to a path removes the partial file.
    Arrays of any device are saved as NumPy arrays; nothing is pickled.

        >>> chainer.serializers.save_npz('model.npz', model)

    Args:
        file (str, path-like or file object): Where to write.
        obj: The object to save (it has a ``serialize(serializer)`` method).
        compression (bool): Whether to deflate the arrays.

    Raises:
        TypeError: If a value can only be stored by pickling it.
    """
    _common.check_serializable('save_npz', obj)
    serializer_ = DictionarySerializer()
    serializer_.save(obj)
    if isinstance(file, (str, os.PathLike)):
        try:
            with open(file, 'wb') as f:
                _write_npz(f, serializer_.target, compression)
        except BaseException:
            if os.path.exists(file):
                os.remove(file)
            raise
    else:
        _write_npz(file, serializer_.target, compression)


def _write_npz(file, arrays, compression):
    # numpy.savez takes the keys as keyword arguments, which fails for a key named 'file'; the zip
    # is written here instead, in the same format (one '<key>.npy' member per array).
    mode = zipfile.ZIP_DEFLATED if compression else zipfile.ZIP_STORED
    with zipfile.ZipFile(file, 'w', compression=mode, allowZip64=True) as archive:
        for key, array in arrays.items():
            with archive.open(key + '.npy', 'w', force_zip64=True) as member:
                numpy.lib.format.write_array(member, numpy.asanyarray(array), allow_pickle=False)


def load_npz(file, obj, path='', strict=True, ignore_names=None):
    """Loads the state of an object from an NPZ file written by :func:`save_npz`.

    Arrays are copied into the object's arrays in place, whatever their device. Pickled objects
    are never loaded.

        >>> chainer.serializers.load_npz('model.npz', model)
        >>> chainer.serializers.load_npz('snapshot_iter_500', model, path='updater/model:main/')

    Args:
        file (str, path-like or file object): The file to read.
        obj: The object to load into (it has a ``serialize(serializer)`` method).
        path (str): The prefix of the keys of `obj` in the file.
        strict (bool): Whether a key missing in the file raises KeyError.
        ignore_names (str, callable or list of them): Keys to skip (see :class:`NpzDeserializer`).

    Raises:
        ValueError: If the file is not a valid NPZ file, or a value cannot be loaded (see
            :meth:`NpzDeserializer.__call__`).
        KeyError: If a key is missing and `strict` is ``True``.
    """
    _common.check_serializable('load_npz', obj)
    try:
        npz = numpy.load(file, allow_pickle=False)
    except (_CORRUPTION_ERRORS + (ValueError,)) as error:
        raise ValueError('{!r} is not a valid npz file ({})'.format(file, error)) from error
    if not isinstance(npz, numpy.lib.npyio.NpzFile):
        raise ValueError('{!r} is not an npz file (it holds a single array)'.format(file))
    with npz:
        NpzDeserializer(npz, path=path, strict=strict, ignore_names=ignore_names).load(obj)
