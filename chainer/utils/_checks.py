"""Argument checks shared by chainer functions: input arrays, shape arguments, output sizes.

Note [Checked sizes]: NumPy computes the byte size of a new array in its intp and does not always
check the product for overflow: `numpy.ones(4, 'int8').repeat(2**62)` or a `numpy.tile` with such
counts crashes the process inside NumPy. So the functions whose output sizes come from their
arguments (repeat and tile counts, padding widths, output shapes and lengths, window geometries)
call `check_size` with the shape before they allocate: it raises NumPy's ValueError ('array is too
big') where NumPy would, or would overflow. chainerx checks its own sizes, but the functions fall
back to NumPy when chainerx rejects an argument (Note [Errors on chainerx] in
chainer/functions/array/_routine.py), and the check gives both modes the same error.

Note [Shape arguments]: a shape argument is an int or a sequence of ints, as for NumPy: Python ints,
NumPy integer scalars or anything else with `__index__`, in a sequence (tuple, list, range) or an
integer array (NumPy or chainerx), but not bools, floats or nested sequences (TypeError), and at
most MAX_NDIM entries (ValueError). The length is checked before the entries are converted, so a
huge array given as a shape fails at once instead of being converted element by element.

The helpers here run in the wrappers and in the slow paths only: the native fast paths do not pay
for them (Note [utils imports] in chainer/utils/__init__.py holds for this module too).
"""

import collections.abc
import numbers
import operator
import sys
from typing import Any, Iterable, Tuple

import numpy

import chainerx

# NumPy 2's limit on the number of dimensions (NumPy 1 has 32 and raises its own ValueError).
MAX_NDIM = 64
_INTP_MAX = int(numpy.iinfo(numpy.intp).max)
_BOOLS = (bool, numpy.bool_)


def is_integer(value: Any) -> bool:
    """Whether `value` is an integer (a Python int or a NumPy integer scalar), bools excluded."""
    return type(value) is int or (  # the common case first: ABC checks cost a few 100 ns
        isinstance(value, numbers.Integral) and not isinstance(value, _BOOLS))


def _index(value: Any, name: str) -> int:
    if type(value) is int:
        return value
    if not isinstance(value, _BOOLS):
        try:
            return operator.index(value)
        except TypeError:
            pass
    raise TypeError('{} must be an integer, not {}'.format(name, type(value).__name__))


def as_shape(shape: Any, name: str = 'shape') -> Tuple[int, ...]:
    """Returns a shape argument (an int or a sequence of ints) as a tuple of Python ints.

    See Note [Shape arguments]. The entries are not checked for sign: what a negative entry means
    (-1 is inferred by reshape) is the caller's business.

    Args:
        shape: An int (or 0-d integer array), or a sequence or 1-d integer array of at most
            MAX_NDIM ints.
        name (str): The argument's name, for the messages.

    Returns:
        tuple of ints: The shape.

    Raises:
        TypeError: `shape` is neither an int nor a sequence, or an entry is not an integer (bools
            and floats included).
        ValueError: `shape` has more than MAX_NDIM entries.
    """
    if type(shape) is tuple and len(shape) <= MAX_NDIM:  # the common case first, and fast
        for n in shape:
            if type(n) is not int:
                break
        else:
            return shape
    if isinstance(shape, numbers.Integral) and not isinstance(shape, _BOOLS):
        return (int(shape),)
    if isinstance(shape, (numpy.ndarray, chainerx.ndarray)) and shape.dtype.kind in 'iu' and (
            shape.ndim <= 1):
        if shape.size > MAX_NDIM:
            raise ValueError('{} has {} entries; at most {} dimensions are supported'.format(
                name, shape.size, MAX_NDIM))
        return tuple(shape.reshape(-1).tolist()) if shape.ndim else (int(shape.tolist()),)
    if not isinstance(shape, collections.abc.Sequence) or isinstance(shape, (str, bytes)):
        raise TypeError('{} must be an int or a sequence of ints, not {}'.format(
            name, type(shape).__name__))
    if len(shape) > MAX_NDIM:
        raise ValueError('{} has {} entries; at most {} dimensions are supported'.format(
            name, len(shape), MAX_NDIM))
    return tuple([_index(n, name) for n in shape])


def check_size(shape: Iterable[int], itemsize: int = 1, what: str = 'the output') -> None:
    """Raises ValueError where NumPy could not allocate an array of `shape` (Note [Checked sizes]).

    Args:
        shape (iterable of ints): The array's shape (Python or NumPy ints).
        itemsize (int): Bytes per element.
        what (str): What the array is, for the message.

    Raises:
        ValueError: A length is negative or does not fit in `intp`, there are more than MAX_NDIM
            of them, or the byte size (of the nonzero lengths, as NumPy counts) does not fit in
            `intp`.
    """
    shape = tuple([int(n) for n in shape])
    if len(shape) > MAX_NDIM:
        raise ValueError('{} would have {} dimensions; at most {} are supported'.format(
            what, len(shape), MAX_NDIM))
    nbytes = max(int(itemsize), 1)
    for n in shape:
        if n < 0:
            raise ValueError('negative dimensions are not allowed: {} would have shape {}'.format(
                what, shape))
        if n > _INTP_MAX:
            raise ValueError('Maximum allowed dimension exceeded: {} would have shape {}'.format(
                what, shape))
        nbytes *= max(n, 1)
    if nbytes > _INTP_MAX:
        raise ValueError('array is too big; {} would have shape {} of {}-byte elements, larger '
                         'than the maximum possible size'.format(what, shape, itemsize))


def _is_variable(x: Any) -> bool:
    variable_module = sys.modules.get('chainer.variable')  # not loaded: x is no Variable
    return variable_module is not None and isinstance(x, variable_module.Variable)


def is_array(x: Any) -> bool:
    """Whether `x` is a Variable or a NumPy, CuPy or chainerx array."""
    if isinstance(x, (numpy.ndarray, chainerx.ndarray)) or _is_variable(x):
        return True
    cupy = sys.modules.get('cupy')  # not imported: x is no CuPy array
    return cupy is not None and isinstance(x, cupy.ndarray)


def check_array(x: Any, name: str = 'x') -> None:
    """Raises TypeError unless `x` is a Variable with an array or a NumPy, CuPy or chainerx array.

    Functions call it where they read `x.shape` or `x.dtype` before `FunctionNode.apply` (which
    makes the same check): a wrong argument then gets a TypeError naming it, not an AttributeError.

    Args:
        x: The argument.
        name (str): Its name, for the message.
    """
    if not is_array(x):
        raise TypeError('{} must be a chainer.Variable or a NumPy, CuPy or chainerx array, not '
                        '{}'.format(name, type(x).__name__))
    if _is_variable(x) and x.array is None:
        raise TypeError('{} is a Variable without an array'.format(name))


def check_optional_array(value: Any, name: str) -> None:
    """Raises TypeError unless `value` is None or a NumPy, CuPy or chainerx array (no Variable).

    For the arrays that functions take besides their inputs: masks, noise, running statistics.
    """
    if value is not None and (_is_variable(value) or not is_array(value)):
        raise TypeError('{} must be None or an array, not {}'.format(name, type(value).__name__))


def shape_of(x: Any, name: str = 'x') -> Tuple[int, ...]:
    """Returns `x.shape`, or raises check_array's TypeError where `x` has none.

    For the wrappers that need the shape (or the number of dimensions) of an input before
    `FunctionNode.apply` checks it.
    """
    try:
        return x.shape
    except AttributeError:
        check_array(x, name)
        raise
