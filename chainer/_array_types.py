"""The array types chainer accepts (`chainer.get_array_types`) and the no-mixing rule for them."""

import numpy

import chainerx

try:
    import cupy
except ImportError:  # CuPy is optional: without it, GPUs are reached through chainerx's cuda backend only.
    cupy = None

ARRAY_TYPES = (numpy.ndarray, chainerx.ndarray) + (() if cupy is None else (cupy.ndarray,))


def get_array_types():
    """The array types a Variable may hold: NumPy's, chainerx's and, when CuPy is importable, CuPy's."""
    return ARRAY_TYPES


def is_arrays_compatible(arrays):
    """Whether the arrays may be used together: a chainerx array may not be mixed with other kinds.

    None entries are ignored.
    """
    arrays = [a for a in arrays if a is not None]
    if not arrays:
        return True
    chx = [isinstance(a, chainerx.ndarray) for a in arrays]
    if any(chx):
        return all(chx)
    return all(isinstance(a, ARRAY_TYPES) for a in arrays)
