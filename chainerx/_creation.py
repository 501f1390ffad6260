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

    Example:
        >>> chainerx.asanyarray([1, 2]).shape
        (2,)
    """
    return chainerx.asarray(a, dtype, device=device)


def fromfile(
    file: tp.Any, dtype: tp.Any = float, count: int = -1, sep: str = '', device: tp.Any = None
) -> chainerx.ndarray:
    """Reads an array from a binary or text file, as :func:`numpy.fromfile` does."""
    return chainerx.array(numpy.fromfile(file, dtype, count, sep), device=device)


def fromfunction(
    function: tp.Callable[..., tp.Any], shape: tp.Any, **kwargs: tp.Any
) -> chainerx.ndarray:
    """Builds an array by calling `function` on coordinate arrays, as :func:`numpy.fromfunction`.

    `dtype` (default float) and `device` are taken from the keyword arguments; the others go to
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
    """A 1-d array from the values of an iterable, as :func:`numpy.fromiter` does."""
    return chainerx.array(numpy.fromiter(iterable, dtype, count), device=device)


def fromstring(
    string: tp.Any, dtype: tp.Any = float, count: int = -1, sep: str = '', device: tp.Any = None
) -> chainerx.ndarray:
    """A 1-d array from text data, as :func:`numpy.fromstring` does.

    NumPy 2 rejects binary mode (``sep=''``); that case reads the bytes with
    :func:`numpy.frombuffer`, which is what binary mode did.
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
    """Loads data from a text file, as :func:`numpy.loadtxt` does."""
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
