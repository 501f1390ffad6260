"""Python-level parts of the manipulation routines (NumPy-backed fallbacks)."""

from __future__ import annotations

import typing as tp

import numpy

import chainerx

__all__ = ['broadcast_arrays']


def broadcast_arrays(*args: chainerx.ndarray) -> tp.List[chainerx.ndarray]:
    """Broadcasts arrays against each other through NumPy, as :func:`numpy.broadcast_arrays` does.

    The results are new arrays on the device of the first input and are not connected to any graph.

    Example:
        >>> [a.shape for a in chainerx.broadcast_arrays(chainerx.zeros((2, 1)), chainerx.zeros(3))]
        [(2, 3), (2, 3)]
    """
    if not args:
        return []
    device = args[0].device
    arrays = numpy.broadcast_arrays(*[chainerx.to_numpy(a) for a in args])
    return [chainerx.array(a, device=device) for a in arrays]


def populate(ndarray: type) -> None:
    """Adds the Python-level manipulation methods to `ndarray` (there are none)."""
