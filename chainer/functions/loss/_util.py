"""Helpers shared by the loss, evaluation, noise, normalization and rnn functions."""

import numpy

import chainer
import chainerx

from chainer import function_node
from chainer import utils
from chainer import variable
from chainer.utils import type_check

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
    """Whether `a` and `b` are float arrays of one dtype and shape (`expect_floats`)."""
    return a.dtype == b.dtype and a.shape == b.shape and a.dtype.kind == 'f'


def expect_floats(in_types, names, same_shape=False):
    """Type-checks float inputs named `names` of one dtype (and one shape if `same_shape`).

    Returns:
        The types (`in_types`), to unpack.
    """
    type_check._argname(in_types, names)
    first = in_types[0]
    type_check.expect(first.dtype.kind == 'f')
    for other in in_types[1:]:
        type_check.expect(first.dtype == other.dtype)
    if same_shape:
        for other in in_types[1:]:
            type_check.expect(first.shape == other.shape)
    return in_types


def scores_and_labels(x, t):
    """Whether `x` is a float array and `t` a signed integer one (`expect_scores_and_labels`)."""
    return x.dtype.kind == 'f' and t.dtype.kind == 'i'


def expect_scores_and_labels(in_types):
    """Type-checks inputs (x, t): float scores and signed integer labels; returns their types."""
    type_check._argname(in_types, ('x', 't'))
    x_type, t_type = in_types
    type_check.expect(
        x_type.dtype.kind == 'f',
        t_type.dtype.kind == 'i',
    )
    return x_type, t_type


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


class ArrayComposition(function_node.FunctionNode):
    """A node whose forward runs as it is on NumPy, CuPy and chainerx arrays.

    Its `compute(*arrays)` is written with the array methods and routines that the three share, so
    that forward_chainerx runs it on the chainerx arrays (chainerx records the backward of a
    differentiable node; a node with `differentiable = False` records nothing).

    Subclasses define `compute`, `fits(*arrays)` (check_type_forward's conditions on plain arrays:
    for the others forward_chainerx returns Fallback, whose type check raises) and `backward` if
    differentiable, which gets the inputs listed in `retained`.
    """

    differentiable = True
    retained = (0,)

    def compute(self, *arrays):
        raise NotImplementedError

    def fits(self, *arrays):
        raise NotImplementedError

    def forward_chainerx(self, inputs):
        if not self.fits(*inputs):
            return function_node.Fallback
        if self.differentiable:
            return self.compute(*inputs),
        with chainerx.no_backprop_mode():
            return self.compute(*inputs),

    def forward(self, inputs):
        self.retain_inputs(self.retained)
        return utils.force_array(self.compute(*inputs)),
