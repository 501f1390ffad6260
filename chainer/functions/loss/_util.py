"""Helpers shared by the loss, evaluation, normalization and rnn functions."""

import numpy

import chainer
import chainerx

from chainer import variable

Variable = variable.Variable


# What chainerx routines raise for inputs that the type check rejects: forward_chainerx returns
# Fallback on them, and the fallback's type check raises the original's InvalidType.
CHAINERX_INPUT_ERRORS = (chainerx.DimensionError, chainerx.DtypeError)


def constant(array):
    """`array` (NumPy, CuPy or chainerx, or a NumPy scalar) as a Variable without gradient."""
    if isinstance(array, numpy.generic):
        array = numpy.asarray(array)
    return Variable(array, requires_grad=False)


def check_reduce(reduce, valid):
    """Raises the original's ValueError unless `reduce` is one of `valid` (a tuple of names)."""
    if reduce not in valid:
        names = ', '.join("'{}'".format(name) for name in valid[:-1])
        raise ValueError("only {} and '{}' are valid for 'reduce', but '{}' is given".format(
            names, valid[-1], reduce))


def same_float_arrays(a, b):
    """Whether `a` and `b` are float arrays of one dtype and shape."""
    return a.dtype == b.dtype and a.shape == b.shape and a.dtype.kind == 'f'


def expand_axis1(gy, ndim):
    """`gy` (a Variable reduced over axis 1) reshaped to broadcast against an `ndim`-d array."""
    if gy.ndim + 1 != ndim:
        raise ValueError('cannot expand a gradient of shape {} to {} dimensions'.format(
            gy.shape, ndim))
    return chainer.functions.reshape(gy, gy.shape[:1] + (1,) + gy.shape[1:])


def chainerx_array(x):
    """The backprop-connected chainerx array of a chainerx Variable or array, else None."""
    if isinstance(x, Variable):
        return x._data[0] if x._has_chainerx_array else None
    return x if isinstance(x, chainerx.ndarray) else None


def xlogx(xp, t):
    """t * log(t) with 0 * log(0) = 0 (for t >= 0), differentiable without NaN at t = 0."""
    return t * xp.log(xp.where(t > 0, t, 1))


def arange_like(xp, n, dtype, like):
    """xp.arange(n, dtype=dtype) on the device of the array `like`."""
    if xp is chainerx:
        return chainerx.arange(n, dtype=dtype, device=like.device)
    return xp.arange(n, dtype=dtype)


def one_hot(xp, t, n_classes):
    """Bool array of shape (N, n_classes) + t.shape[1:], True at [n, t[n, ...], ...]."""
    classes = arange_like(xp, n_classes, t.dtype, t).reshape((1, n_classes) + (1,) * (t.ndim - 1))
    return t.reshape(t.shape[:1] + (1,) + t.shape[1:]) == classes
