"""Python-level parts of the arithmetic routines.

``clip`` is ``minimum(maximum(a, a_min), a_max)`` in one kernel (``_core._clip``, Note [Clip in one pass]) or,
with one bound, ``maximum`` or ``minimum`` alone; ``fix`` and ``copysign`` are NumPy fallbacks, computed on a host
copy and not connected to any graph.
"""

import typing

import numpy

import chainerx

__all__ = ['clip', 'fix', 'copysign']

Scalar = typing.Union[bool, int, float, numpy.bool_, numpy.number]
ArrayOrScalar = typing.Union['chainerx.ndarray', Scalar]

_SCALAR_TYPES = (bool, int, float, numpy.bool_, numpy.number)


def _is_scalar(value: typing.Any) -> bool:
    complex_types = (complex, numpy.complexfloating)
    return isinstance(value, _SCALAR_TYPES) and not isinstance(value, complex_types)


def clip(
    a: 'chainerx.ndarray', a_min: typing.Optional[Scalar], a_max: typing.Optional[Scalar]
) -> 'chainerx.ndarray':
    """Limits the values of an array to the interval ``[a_min, a_max]``.

    Computed as ``minimum(maximum(a, a_min), a_max)``, so the gradient flows to ``a`` where it lies
    within the bounds, the bounds included.

    Args:
        a: The input array.
        a_min: The lower bound, a scalar, or ``None`` for none.
        a_max: The upper bound, a scalar, or ``None`` for none.

    Returns:
        The clipped array, with the array-scalar result dtype of ``maximum``/``minimum``.

    Raises:
        ValueError: If both bounds are ``None``.
        TypeError: If a bound is an array (array bounds are not supported, as in the original).

    >>> import chainerx as chx
    >>> chx.clip(chx.array([-2.0, 0.5, 3.0]), -1, 1)
    array([-1. ,  0.5,  1. ], shape=(3,), dtype=float64, device='native:0')
    """
    if a_min is None and a_max is None:
        raise ValueError('clip: at least one of a_min and a_max must be given')
    for name, bound in (('a_min', a_min), ('a_max', a_max)):
        if bound is not None and not _is_scalar(bound):
            raise TypeError(
                f'clip: {name} must be a scalar or None (array bounds are not supported), '
                f'got {type(bound).__name__}'
            )
    if a_max is None:
        return chainerx.maximum(a, a_min)
    if a_min is None:
        return chainerx.minimum(a, a_max)
    return chainerx._core._clip(a, a_min, a_max)


def _math_dtype(*operands: ArrayOrScalar) -> numpy.dtype:
    """The dtype chainerx's math functions give: the widest float array dtype, else float32.

    Scalars never widen a float array, as in chainerx's array-scalar promotion.
    """
    floats = [x.dtype for x in operands if isinstance(x, chainerx.ndarray) and x.dtype.kind == 'f']
    return max(floats, key=lambda dtype: dtype.itemsize) if floats else numpy.dtype('float32')


def _common_device(name: str, *operands: ArrayOrScalar) -> 'chainerx.Device':
    arrays = [x for x in operands if isinstance(x, chainerx.ndarray)]
    if not arrays:
        raise TypeError(f'{name}: at least one operand must be a chainerx.ndarray')
    for x in operands:
        if not isinstance(x, chainerx.ndarray) and not _is_scalar(x):
            raise TypeError(
                f'{name}: expected a chainerx.ndarray or a scalar, got {type(x).__name__}'
            )
    if any(x.device is not arrays[0].device for x in arrays):
        raise chainerx.DeviceError(
            f'{name}: arrays are on different devices ({", ".join(x.device.name for x in arrays)})'
        )
    return arrays[0].device


def _fallback(
    name: str, numpy_func: typing.Callable, *operands: ArrayOrScalar
) -> 'chainerx.ndarray':
    """numpy_func on host copies of the operands in the math dtype, on the operands' device."""
    device = _common_device(name, *operands)
    values = [chainerx.to_numpy(x) if isinstance(x, chainerx.ndarray) else x for x in operands]
    shapes = [numpy.shape(v) for v in values]
    try:
        numpy.broadcast_shapes(*shapes)
    except ValueError:
        raise chainerx.DimensionError(
            f'{name}: operands could not be broadcast together with shapes {shapes}'
        ) from None
    dtype = _math_dtype(*operands)
    with numpy.errstate(all='ignore'):
        out = numpy_func(*[numpy.asarray(v, dtype) for v in values])
    return chainerx.array(numpy.asarray(out, dtype), device=device)


def fix(x: 'chainerx.ndarray') -> 'chainerx.ndarray':
    """Rounds to the nearest integer towards zero, through NumPy (no autograd).

    Float arrays keep their dtype; other dtypes give float32, like chainerx's ``floor``/``ceil``.

    Args:
        x: Input array.

    >>> import chainerx as chx
    >>> chx.fix(chx.array([-1.5, 2.7]))
    array([-1.,  2.], shape=(2,), dtype=float64, device='native:0')
    """
    if not isinstance(x, chainerx.ndarray):
        raise TypeError(f'fix: expected a chainerx.ndarray, got {type(x).__name__}')
    return _fallback('fix', numpy.fix, x)


def copysign(x1: ArrayOrScalar, x2: ArrayOrScalar) -> 'chainerx.ndarray':
    """The magnitude of ``x1`` with the sign of ``x2``, elementwise, through NumPy (no autograd).

    At least one operand must be an array; they broadcast. The result dtype follows chainerx's
    math functions: the widest float array dtype among the operands, else float32.

    Raises:
        chainerx.DimensionError: If the shapes do not broadcast.
        chainerx.DeviceError: If the arrays are on different devices.

    >>> import chainerx as chx
    >>> chx.copysign(chx.array([1.0, 2.0]), -1.0)
    array([-1., -2.], shape=(2,), dtype=float64, device='native:0')
    """
    return _fallback('copysign', numpy.copysign, x1, x2)


def populate(ndarray: type) -> None:
    """Adds the Python-level arithmetic methods to `ndarray`."""

    def clip_method(self, a_min, a_max):
        """Same as :func:`chainerx.clip` with this array as ``a``."""
        return clip(self, a_min, a_max)

    clip_method.__name__ = clip_method.__qualname__ = 'clip'
    ndarray.clip = clip_method
