"""F.maxout: the maximum over groups of `pool_size` consecutive channels."""

import numbers

import chainerx

from chainer import backend
from chainer import utils
from chainer.functions.activation import _util
from chainer.utils import _checks
from chainer.utils import type_check


def _grouped_shape(shape, pool_size, axis):
    return shape[:axis] + (shape[axis] // pool_size, pool_size) + shape[axis + 1:]


def _maxout_chainerx(a, pool_size, axis):
    return chainerx.amax(a.reshape(_grouped_shape(a.shape, pool_size, axis)), axis=axis + 1)


class Maxout(_util.Unary):
    """Maxout; every element equal to its group's maximum receives the gradient, as in F.max."""

    chainerx_routine = staticmethod(_maxout_chainerx)

    def __init__(self, pool_size, axis):
        self.pool_size = pool_size
        self.axis = axis
        self.params = (pool_size, axis)

    def forward(self, inputs):
        x, = inputs
        self.retain_inputs((0,))
        self.retain_outputs((0,))
        grouped = x.reshape(_grouped_shape(x.shape, self.pool_size, self.axis))
        return utils.force_array(grouped.max(axis=self.axis + 1)),

    def backward(self, indexes, grad_outputs):
        x, y = self.get_retained_inputs()[0].array, self.get_retained_outputs()[0].array
        xp = backend.get_array_module(x)
        group_axis = self.axis + 1
        grouped_shape = _grouped_shape(x.shape, self.pool_size, self.axis)
        x_shape = x.shape
        is_max = x.reshape(grouped_shape) == xp.expand_dims(y, group_axis)

        def spread(gy):
            return (xp.expand_dims(gy, group_axis) * is_max).reshape(x_shape)

        def gather(gx):
            return (gx.reshape(grouped_shape) * is_max).sum(axis=group_axis)

        return _util.LinearMap(spread, gather).apply(grad_outputs)


def maxout(x, pool_size, axis=1):
    """Maxout activation: the maximum of every `pool_size` consecutive elements along `axis`.

    Args:
        x (~chainer.Variable or array): Input of a floating-point dtype.
        pool_size (int): Size of the groups; ``x.shape[axis]`` must be a multiple of it.
        axis (int): The axis along which the groups are formed.

    Returns:
        ~chainer.Variable: Output with ``x.shape[axis] // pool_size`` elements along `axis`.

    Raises:
        TypeError: `pool_size` is not an integer.
        ValueError: `pool_size` is not positive, or `axis` is out of range.
        ~chainer.utils.type_check.InvalidType: ``x.shape[axis]`` is not a multiple of
            `pool_size`.

    Example:
        >>> x = numpy.array([[1, 5, 3, 2]], numpy.float32)
        >>> F.maxout(x, 2).array
        array([[5., 3.]], dtype=float32)
    """
    if isinstance(pool_size, bool) or not isinstance(pool_size, numbers.Integral):
        raise TypeError('pool_size must be an integer, not {}'.format(type(pool_size).__name__))
    if pool_size <= 0:
        raise ValueError('pool_size must be a positive integer.')
    ndim = len(_checks.shape_of(x))
    if not -ndim <= axis < ndim:
        raise ValueError('axis {} is out of bounds for an input of {} dimensions'.format(
            axis, ndim))
    axis %= ndim
    if x.shape[axis] % pool_size != 0:
        expect = 'x.shape[axis] % pool_size == 0'
        actual = 'x.shape[axis]={}, pool_size={}'.format(x.shape[axis], pool_size)
        raise type_check.InvalidType(expect, actual, (
            'axis dimension must be divided by pool_size\nExpect: {}\nActual: {}'.format(
                expect, actual)))
    return _util.apply_unary(Maxout, x, int(pool_size), axis)
