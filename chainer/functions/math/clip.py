"""F.clip: elementwise clipping to [x_min, x_max]; the gradient passes inside, bounds included."""

import numbers

import numpy

import chainerx

from chainer import backend
from chainer import variable
from chainer.functions.math import unary


def _check_bound(value, name):
    if value is None or type(value) is float or type(value) is int:
        return value
    if isinstance(value, numpy.generic):
        value = value.item()
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError('{} must be a real scalar or None, not {}'.format(
            name, type(value).__name__))
    return value


def _check_bounds(x_min, x_max):
    x_min, x_max = _check_bound(x_min, 'x_min'), _check_bound(x_max, 'x_max')
    if x_min is None and x_max is None:
        raise ValueError('must set either max or min')
    if x_min is not None and x_max is not None and x_min >= x_max:
        raise ValueError('x_min must be less than x_max.')
    return x_min, x_max


class Clip(unary.ElementwiseUnary):
    """Clips the input to [x_min, x_max] (None: unbounded on that side)."""

    _name = 'Clip'  # the label: the class name, as in the original
    _retain_x = True

    def __init__(self, x_min, x_max):
        self.x_min, self.x_max = _check_bounds(x_min, x_max)

    def _chainerx_forward(self, x):
        return chainerx.clip(x, self.x_min, self.x_max)

    def _xp_forward(self, xp, x):
        return xp.clip(x, self.x_min, self.x_max)

    def _grad(self, x, y, gy):
        return unary.mask(gy, self._inside(x.array))

    def _inside(self, x):
        # The original's rule: the gradient passes where x_min <= x <= x_max, bounds included.
        if self.x_min is None:
            return x <= self.x_max
        if self.x_max is None:
            return x >= self.x_min
        return backend.get_array_module(x).logical_and(x >= self.x_min, x <= self.x_max)


def clip(x, x_min, x_max):
    """Elementwise clipping function.

    The gradient is passed where `x_min <= x <= x_max` (bounds included) and is zero elsewhere.

    .. math::

        y_i = \\min(\\max(x_i, x_{min}), x_{max})

    Args:
        x (~chainer.Variable or :ref:`ndarray`): Input variable (floating point).
        x_min (float or None): Minimum value (None: no lower bound).
        x_max (float or None): Maximum value (None: no upper bound).

    Returns:
        ~chainer.Variable: Output variable, of the dtype and the shape of `x`.

    Raises:
        ValueError: Both bounds are None, or `x_min >= x_max`.
        TypeError: A bound is not a real scalar or None.
    """
    x_min, x_max = _check_bounds(x_min, x_max)
    if isinstance(x, variable.Variable) and x._has_chainerx_array and x._data[0].dtype.kind == 'f':
        return variable.Variable._from_chainerx(chainerx.clip(x._data[0], x_min, x_max))
    return Clip(x_min, x_max).apply((x,))[0]
