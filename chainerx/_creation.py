"""Python-level parts of the creation routines: NumPy readers whose result is copied into a
chainerx array.

None of these record a graph; each takes `device` (default: the default device) like the compiled
routines.
"""

from __future__ import annotations

import typing as tp

import numpy

import chainerx

__all__ = ['asanyarray', 'fromfile', 'fromfunction', 'fromiter', 'fromstring', 'loadtxt']


def asanyarray(a: tp.Any, dtype: tp.Any = None, device: tp.Any = None) -> chainerx.ndarray:
    """Converts `a` to an array without copying when possible; the same as :func:`chainerx.asarray`.

    Args:
        a: An array, a NumPy array, a sequence or a scalar.
        dtype: The dtype of the result; ``None`` keeps the dtype of the data.
        device: The device of the result; ``None`` means the default device.

    Example:
        >>> chainerx.asanyarray([1, 2]).shape
        (2,)
    """
    return chainerx.asarray(a, dtype, device=device)


def fromfile(
    file: tp.Any, dtype: tp.Any = float, count: int = -1, sep: str = '', device: tp.Any = None
) -> chainerx.ndarray:
    """Reads an array from a binary or text file, as :func:`numpy.fromfile` does.

    Args:
        file: A file name or an open file.
        dtype: The element type of the data.
        count: The number of items to read; -1 reads the whole file.
        sep: The separator of a text file; ``''`` means a binary file.
        device: The device of the result; ``None`` means the default device.
    """
    return chainerx.array(numpy.fromfile(file, dtype, count, sep), device=device)


def fromfunction(
    function: tp.Callable[..., tp.Any], shape: tp.Any, **kwargs: tp.Any
) -> chainerx.ndarray:
    """Builds an array by calling `function` on coordinate arrays, as :func:`numpy.fromfunction`.

    Args:
        function: Called with one coordinate array per dimension.
        shape: The shape of the result.
        kwargs: ``dtype`` (default float) and ``device`` are taken from them; the others go to
            `function`.

    Example:
        >>> chainerx.fromfunction(lambda i, j: i + j, (2, 3), dtype=int).shape
        (2, 3)
    """
    dtype = kwargs.pop('dtype', float)
    device = kwargs.pop('device', None)
    return chainerx.array(numpy.fromfunction(function, shape, dtype=dtype, **kwargs), device=device)


def fromiter(
    iterable: tp.Iterable[tp.Any], dtype: tp.Any, count: int = -1, device: tp.Any = None
) -> chainerx.ndarray:
    """A 1-d array from the values of an iterable, as :func:`numpy.fromiter` does.

    Args:
        iterable: The values.
        dtype: The element type.
        count: The number of items to read; -1 reads them all.
        device: The device of the result; ``None`` means the default device.
    """
    return chainerx.array(numpy.fromiter(iterable, dtype, count), device=device)


def fromstring(
    string: tp.Any, dtype: tp.Any = float, count: int = -1, sep: str = '', device: tp.Any = None
) -> chainerx.ndarray:
    """A 1-d array from text data, as :func:`numpy.fromstring` does.

    NumPy 2 rejects binary mode (``sep=''``); that case reads the bytes with
    :func:`numpy.frombuffer`, which is what binary mode did.

    Args:
        string: The text (or, with ``sep=''``, the bytes).
        dtype: The element type.
        count: The number of items to read; -1 reads them all.
        sep: The separator between numbers; ``''`` reads raw bytes.
        device: The device of the result; ``None`` means the default device.
    """
    if sep == '':
        data = string.encode() if isinstance(string, str) else string
        return chainerx.array(numpy.frombuffer(data, dtype, count), device=device)
    return chainerx.array(numpy.fromstring(string, dtype, count, sep), device=device)


def loadtxt(
    fname: tp.Any,
    dtype: tp.Any = float,
    comments: tp.Any = '#',
    delimiter: tp.Any = None,
    converters: tp.Any = None,
    skiprows: int = 0,
    usecols: tp.Any = None,
    unpack: bool = False,
    ndmin: int = 0,
    encoding: tp.Any = 'bytes',
    device: tp.Any = None,
) -> tp.Any:
    """Loads data from a text file, as :func:`numpy.loadtxt` does.

    ``fname``, ``dtype``, ``comments``, ``delimiter``, ``converters``, ``skiprows``, ``usecols``,
    ``unpack``, ``ndmin`` and ``encoding`` are passed to :func:`numpy.loadtxt`; the result is copied
    to ``device`` (the default device for ``None``). With ``unpack``, a tuple of arrays is returned.
    """
    if isinstance(usecols, chainerx.ndarray):
        # NumPy reads usecols element by element: one copy to NumPy first, not an indexing call per column.
        usecols = chainerx.to_numpy(usecols)
    values = numpy.loadtxt(
        fname,
        dtype=dtype,
        comments=comments,
        delimiter=delimiter,
        converters=converters,
        skiprows=skiprows,
        usecols=usecols,
        unpack=unpack,
        ndmin=ndmin,
        encoding=encoding,
    )
    if isinstance(values, tuple):
        return tuple(chainerx.array(v, device=device) for v in values)
    return chainerx.array(values, device=device)


def populate(ndarray: type) -> None:
    """Adds the Python-level creation methods to `ndarray` (there are none)."""
