"""Array helpers shared by chainer functions: shape arithmetic, `sum_to` and deprecated reshapers.

Every helper works on NumPy, CuPy and chainerx arrays alike, using only methods the three share.
"""

import sys
import warnings
from typing import Any, Sequence

import numpy

import chainerx


def _warn_deprecated(name: str, replacement: str) -> None:
    warnings.warn(
        'chainer.utils.array.{} is deprecated; use {} instead.'.format(name, replacement),
        DeprecationWarning, stacklevel=3)


def as_vec(x: Any) -> Any:
    """Returns `x` flattened to one dimension (deprecated: use `x.ravel()`).

    Args:
        x: A NumPy, CuPy or chainerx array.

    Returns:
        `x` itself if it is already 1-d, else its raveled form.
    """
    _warn_deprecated('as_vec', 'the array\'s ravel()')
    if x.ndim == 1:
        return x
    return x.ravel()


def as_mat(x: Any) -> Any:
    """Returns `x` reshaped to a matrix of `len(x)` rows (deprecated: use `x.reshape(len(x), -1)`).

    Args:
        x: A NumPy, CuPy or chainerx array with at least one dimension.

    Returns:
        `x` itself if it is already 2-d, else a `(len(x), -1)` reshape of it.
    """
    _warn_deprecated('as_mat', 'the array\'s reshape(len(x), -1)')
    if x.ndim == 2:
        return x
    return x.reshape(len(x), -1)


def empty_like(x: Any) -> Any:
    """Returns an uninitialised array like `x` on its backend (deprecated: use `xp.empty_like`).

    Args:
        x: A NumPy, CuPy or chainerx array.

    Returns:
        An array of the same shape, dtype and device as `x`.
    """
    _warn_deprecated('empty_like', 'numpy/cupy/chainerx empty_like')
    if isinstance(x, chainerx.ndarray):
        return chainerx.empty_like(x, device=x.device)
    if isinstance(x, numpy.ndarray):
        return numpy.empty_like(x)
    import cupy  # Any other array here is a CuPy one.
    return cupy.empty_like(x)


def size_of_shape(shape: Sequence[int]) -> int:
    """Returns the number of elements of an array of the given shape, as a Python int.

    Args:
        shape (tuple of ints): The shape; `()` (a 0-d array) has size 1.
    """
    size = 1
    for extent in shape:
        size *= int(extent)
    return size


def sum_to(x: Any, shape: Sequence[int]) -> Any:
    """Sums the array `x` down to `shape`, the inverse of broadcasting `shape` to `x.shape`.

    Leading axes that `shape` lacks are summed away, and axes where `shape` has extent 1 are summed
    with keepdims. This is the array-level helper; use `chainer.functions.sum_to` on Variables.

    Args:
        x: A NumPy, CuPy or chainerx array.
        shape (tuple of ints): A shape that broadcasts to `x.shape`.

    Returns:
        `x` itself if the shapes already agree, else the reduced array.

    Raises:
        TypeError: `x` is a `chainer.Variable`.
        ValueError: `shape` does not broadcast to `x.shape`.
    """
    shape = tuple(shape)
    if x.shape == shape:
        return x
    variable_module = sys.modules.get('chainer.variable')  # Not loaded: x cannot be a Variable.
    if variable_module is not None and isinstance(x, variable_module.Variable):
        raise TypeError('chainer.utils.sum_to takes an array, not {}; use '
                        'chainer.functions.sum_to for Variables'.format(type(x).__name__))
    lead = x.ndim - len(shape)
    if lead < 0 or any(s not in (1, xs) for s, xs in zip(shape, x.shape[lead:])):
        raise ValueError('cannot sum an array of shape {} to shape {}'.format(x.shape, shape))
    lead_axes = tuple(range(lead))
    unit_axes = tuple(lead + i for i, s in enumerate(shape) if s == 1 and x.shape[lead + i] != 1)
    y = x.sum(axis=lead_axes + unit_axes, keepdims=True)
    if lead > 0:
        y = y.reshape(shape)
    return y
