"""Random arrays drawn by NumPy's global generator (``numpy.random``) and moved to a chainerx device.

Seed them with ``numpy.random.seed``. The results are float64, as NumPy draws them; on a native device the
returned array shares NumPy's freshly drawn memory instead of copying it.
"""

import typing as tp

import numpy

import chainerx

__all__ = ['normal', 'uniform']


def normal(*args: tp.Any, device: tp.Any = None, **kwargs: tp.Any) -> chainerx.ndarray:
    """Samples from a normal distribution: ``numpy.random.normal(*args, **kwargs)`` on `device`.

    Args:
        args, kwargs: ``loc``, ``scale`` and ``size``, as :func:`numpy.random.normal` takes them.
        device: The device of the result (default: the default device).

    Returns:
        A float64 array (0-d when no ``size`` is given).

    >>> import chainerx as chx
    >>> chx.random.normal(0.0, 1.0, (2, 3)).shape
    (2, 3)
    """
    return chainerx.array(numpy.random.normal(*args, **kwargs), copy=False, device=device)


def uniform(*args: tp.Any, device: tp.Any = None, **kwargs: tp.Any) -> chainerx.ndarray:
    """Samples from a uniform distribution: ``numpy.random.uniform(*args, **kwargs)`` on `device`.

    Args:
        args, kwargs: ``low``, ``high`` and ``size``, as :func:`numpy.random.uniform` takes them.
        device: The device of the result (default: the default device).

    Returns:
        A float64 array (0-d when no ``size`` is given).

    >>> import chainerx as chx
    >>> chx.random.uniform(-1, 1, size=4).shape
    (4,)
    """
    return chainerx.array(numpy.random.uniform(*args, **kwargs), copy=False, device=device)
