"""F.sum, and the pieces that every reduction of the math family shares.

`Reduction` is the base of the reduction nodes: it validates the `axis` argument as the original's
reductions do (TypeError for a wrong type, ValueError for a repeated axis, InvalidType from the
type check for an axis out of range), with the axis helpers of chainer/functions/array/_routine.py,
and runs the chainerx routine in `forward_chainerx`. `unreduce` undoes a reduction in backward
(puts the reduced axes back and broadcasts the gradient).

Note [Reduction native path]: the wrappers of the reductions that chainerx computes call the routine
directly for a float chainerx-backed Variable (`call_chainerx`), so they cost little more than the
routine itself; the routine records its backward in C++. An argument that chainerx rejects (a bad
axis: chainerx.DimensionError or TypeError) sends the call to the node instead, whose argument
checks, type check and NumPy forward raise the original's errors, as for NumPy-backed Variables.
Raw chainerx arrays reach the same routine through the node's `forward_chainerx`.
"""

import importlib

import chainerx

from chainer import function_node
from chainer import utils
from chainer import variable
from chainer.functions.array import _routine
from chainer.functions.array.reshape import reshape
from chainer.utils import type_check


# The module (the package's attribute of that name is the function F.broadcast), imported as a
# module because broadcast.py imports the math package, and so this module, while it loads.
_broadcast = importlib.import_module('chainer.functions.array.broadcast')

Variable = variable.Variable
_from_chainerx = Variable._from_chainerx
_CHAINERX_ARGUMENT_ERRORS = (chainerx.DimensionError, TypeError)


def call_chainerx(routine, x, *args):
    """`routine(array, *args)` as a Variable if `x` is a float chainerx-backed Variable, else None.

    None also when chainerx rejects the arguments (see Note [Reduction native path]).
    """
    if isinstance(x, Variable) and x._has_chainerx_array:
        a = x._data[0]
        if a.dtype.kind == 'f':
            try:
                return _from_chainerx(routine(a, *args))
            except _CHAINERX_ARGUMENT_ERRORS:
                return None
    return None


def normalize_axis(axis):
    """Returns `axis` (None, an int or a tuple of ints) as None or a tuple of ints.

    Raises:
        TypeError: `axis` is of another type.
        ValueError: The tuple repeats an axis.
    """
    return _routine.as_axis_tuple(axis, unique=True)


def check_reduction_type(in_types, axis):
    """The type check of the reductions: one float input `x`, every axis of `axis` in its range.

    Args:
        in_types: The `in_types` of `check_type_forward`.
        axis (None, int or tuple of int): The normalized axis or axes (None: all axes).
    """
    type_check._argname(in_types, ('x',))
    x_type, = in_types
    type_check.expect(x_type.dtype.kind == 'f')
    for a in (axis,) if isinstance(axis, int) else axis or ():
        _routine.expect_axis(x_type, a)


class Reduction(function_node.FunctionNode):
    """Base of the nodes that reduce one float input `x` over `axis` (sum, max, argmax, cumsum...).

    `axis` is None, an int or a tuple of ints, kept as None or a tuple (`normalize_axis`); or,
    where `_single_axis` is set (argmax, cumsum, ...), None or an int. A subclass with a chainerx
    routine computes it in `_chainerx_forward(x)`; without one, chainerx inputs take the fallback.
    """

    _single_axis = False
    _chainerx_forward = None  # (self, chainerx array) -> chainerx array, or None

    def __init__(self, axis=None, keepdims=False):
        if self._single_axis:
            self.axis = _routine.as_int(axis, allow_none=True)
        else:
            self.axis = normalize_axis(axis)
        self.keepdims = keepdims

    def check_type_forward(self, in_types):
        check_reduction_type(in_types, self.axis)

    def forward_chainerx(self, inputs):
        x, = inputs
        if self._chainerx_forward is None or x.dtype.kind != 'f':
            return function_node.Fallback
        try:
            return self._chainerx_forward(x),
        except chainerx.DimensionError:
            return function_node.Fallback  # the type check or NumPy names the error


def kept_shape(shape, axis):
    """The shape of a reduction of `shape` over `axis` (None: all axes) with keepdims=True."""
    if axis is None:
        return (1,) * len(shape)
    ndim = len(shape)
    reduced = {a % ndim for a in axis}
    return tuple([1 if i in reduced else n for i, n in enumerate(shape)])


def reduced_size(shape, axis):
    """The number of elements that a reduction of `shape` over `axis` combines into one."""
    ndim = len(shape)
    axes = range(ndim) if axis is None else {a % ndim for a in axis}
    return utils.size_of_shape([shape[a] for a in axes])


def unreduce(gy, shape, axis, keepdims):
    """Broadcasts `gy`, a Variable shaped like a reduction of `shape`, back to `shape`."""
    if not keepdims and axis is not None:
        gy = reshape(gy, kept_shape(shape, axis))
    return _broadcast.broadcast_to(gy, shape)


def unreduce_array(y, shape, axis, keepdims):
    """`unreduce` for an array, without broadcasting: puts the reduced axes back with length 1."""
    if not keepdims and axis is not None:
        y = y.reshape(kept_shape(shape, axis))
    return y


class Sum(Reduction):
    """Sum of the elements over some axes."""

    def _chainerx_forward(self, x):
        return chainerx.sum(x, self.axis, self.keepdims)

    def forward(self, inputs):
        x, = inputs
        return utils.force_array(x.sum(axis=self.axis, keepdims=self.keepdims)),

    def backward(self, indexes, grad_outputs):
        return unreduce(grad_outputs[0], self.inputs[0].shape, self.axis, self.keepdims),


# The docstring of sum, prod, max and min after the summary (and the `gradient` paragraph).
REDUCTION_DOC = """
{gradient}
    Args:
        x (~chainer.Variable or array): Input of a float dtype.
        axis (None, int or tuple of int): Axes to {verb} (negative values count from the end);
            None: all axes.
        keepdims (bool): Keep the reduced axes with length 1.

    Returns:
        ~chainer.Variable: The {what}.

    Raises:
        TypeError: `axis` is not None, an int or a tuple of ints.
        ValueError: `axis` repeats an axis{empty}.
        ~chainer.utils.type_check.InvalidType: `x` is not float, or an axis is out of range.

    Example:
        >>> F.{name}({example}).array
        {result}
    """


def sum(x, axis=None, keepdims=False):  # NOQA: shadows the builtin, as the original's name does
    """Sums the elements of an array over the given axes."""
    if axis is None and not keepdims and isinstance(x, Variable) and x._has_chainerx_array:
        a = x._data[0]
        if a.dtype.kind == 'f':
            return _from_chainerx(a.sum())  # the whole-array sum: no argument parsing in the binding
    y = call_chainerx(chainerx.sum, x, axis, keepdims)
    return Sum(axis, keepdims).apply((x,))[0] if y is None else y


sum.__doc__ += REDUCTION_DOC.format(
    gradient='', verb='sum over', what='sum', empty='', name='sum',
    example='numpy.arange(6.).reshape(2, 3), axis=1', result='array([ 3., 12.])')
