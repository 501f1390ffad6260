"""F.average (alias F.mean): the (weighted) mean, composed of F.sum and the Variable operators."""

import chainerx

from chainer import variable
from chainer.functions.array.reshape import reshape
from chainer.functions.math.sum import call_chainerx
from chainer.functions.math.sum import normalize_axis
from chainer.functions.math.sum import reduced_size
from chainer.functions.math.sum import sum as sum_function
from chainer.utils import _checks


def _weights_along(weights, x, axis):
    """1-d `weights` reshaped to broadcast along the single axis `axis` of `x` (numpy.average's)."""
    if axis is None or len(axis) != 1:
        raise TypeError('Axis must be specified when shapes of x and weights differ: {} and {}'
                        .format(x.shape, weights.shape))
    if weights.ndim != 1:
        raise TypeError('1-d weights expected when shapes of x and weights differ: {} and {}'
                        .format(x.shape, weights.shape))
    a = axis[0]
    if not -x.ndim <= a < x.ndim:
        raise ValueError('axis {} is out of bounds for an array of dimension {}'.format(a, x.ndim))
    if weights.shape[0] != x.shape[a]:
        raise ValueError('Length of weights ({}) not compatible with axis {} of shape {}'.format(
            weights.shape[0], a, x.shape))
    shape = [1] * x.ndim
    shape[a] = x.shape[a]
    return reshape(weights, tuple(shape))


def average(x, axis=None, weights=None, keepdims=False):
    """Computes the (weighted) average of the elements over the given axes.

    Args:
        x (~chainer.Variable or array): Input of a float dtype.
        axis (None, int or tuple of int): Axes to average over; None averages all elements.
        weights (~chainer.Variable or array): Optional weights of the dtype of `x`: an array of the
            shape of `x`, or a 1-d array along the single axis `axis`. The result is
            ``sum(x * weights) / sum(weights)`` over the axes.
        keepdims (bool): Keep the reduced axes with length 1.

    Returns:
        ~chainer.Variable: The average.

    Raises:
        TypeError: `axis` has a wrong type, or `weights` has neither the shape of `x` nor is 1-d
            with a single `axis`.
        ValueError: `axis` repeats an axis or is out of range for 1-d weights, or the length of
            1-d weights differs from that axis of `x`.
        ~chainer.utils.type_check.InvalidType: `x` (or `weights`) is not float, or an axis is out
            of range.

    Example:
        >>> F.average(numpy.array([1., 2., 6.]), weights=numpy.array([1., 1., 2.])).array
        array(3.75)
    """
    if weights is None:
        y = call_chainerx(chainerx.mean, x, axis, keepdims)
        if y is not None:
            return y
        axis = normalize_axis(axis)
        return sum_function(x, axis, keepdims) / reduced_size(_checks.shape_of(x), axis)
    axis = normalize_axis(axis)
    _checks.check_array(x)
    _checks.check_array(weights, 'weights')
    x = variable.as_variable(x)
    weights = variable.as_variable(weights)
    if weights.shape == x.shape:
        return sum_function(x * weights, axis, keepdims) / sum_function(weights, axis, keepdims)
    x_sum = sum_function(x * _weights_along(weights, x, axis), axis, keepdims)
    return x_sum / sum_function(weights)


mean = average
