"""F.stack and F.separate: join Variables along a new axis, and take one apart along an axis.

Each is the other's backward, so they share this module.
"""

import chainerx

from chainer import function_node
from chainer import utils
from chainer.functions.array import _routine
from chainer.utils import type_check


class Stack(_routine.JoinNode):
    """Stacks its inputs (of one shape and dtype) along a new axis `axis`."""

    _routine = 'stack'
    _new_axis = True

    def backward(self, indexes, grad_outputs):
        return separate(grad_outputs[0], self.axis)


class Separate(function_node.FunctionNode):
    """Takes the input apart along `axis`: one output per index, without that axis."""

    def __init__(self, axis):
        self.axis = _routine.as_int(axis)

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x',))
        _routine.expect_axis(in_types[0], self.axis)

    def _separate(self, x):
        axis = self.axis
        if not -x.ndim <= axis < x.ndim:
            return None
        prefix = (slice(None),) * (axis % x.ndim)
        return tuple([x[prefix + (i,)] for i in range(x.shape[axis])])

    def forward_chainerx(self, inputs):
        x = inputs[0]
        if not -x.ndim <= self.axis < x.ndim:
            return _routine.Fallback
        n = x.shape[self.axis]
        if n == 0:
            return ()
        # One chainerx op whose backward concatenates the gradients (one gather), where indexing x once per
        # output recorded as many ops, each scattering its gradient into zeros of x's shape.
        shape = x.shape[:self.axis % x.ndim] + x.shape[self.axis % x.ndim + 1:]
        return tuple([part.reshape(shape) for part in chainerx.split(x, n, self.axis)])

    def forward(self, inputs):
        ys = self._separate(inputs[0])
        if ys is None:  # out of range: only when the type check is off
            raise ValueError('axis {} is out of bounds for an array of dimension {}'.format(
                self.axis, inputs[0].ndim))
        return tuple([utils.force_array(y) for y in ys])

    def backward(self, indexes, grad_outputs):
        shape = list(self.inputs[0].shape)
        del shape[self.axis]
        return stack(_routine.grads_or_zeros(grad_outputs, [tuple(shape)] * len(grad_outputs)),
                     self.axis),


def stack(xs, axis=0):
    """Joins variables of one shape along a new axis.

    Args:
        xs (list or tuple of ~chainer.Variable or arrays): Input variables of one shape and dtype.
        axis (int): The position of the new axis in the output, in `[-ndim - 1, ndim]`.

    Returns:
        ~chainer.Variable: The stacked variable; the gradient of each input is its slice of the
        output's gradient.

    Raises:
        TypeError: If `axis` is not an integer.
        ~chainer.utils.type_check.InvalidType: If `xs` is empty, the shapes or dtypes differ, or
            `axis` is out of range.

    Example:
        >>> F.stack([numpy.zeros(3), numpy.ones(3)], axis=1).shape
        (3, 2)
    """
    return _routine.apply_fast(Stack(axis), xs)[0]


def separate(x, axis=0):
    """Separates an input variable along an axis into the variables of its slices.

    Args:
        x (~chainer.Variable or array): Input variable.
        axis (int): The axis to separate along.

    Returns:
        tuple of ~chainer.Variable: `x.shape[axis]` variables, each without that axis (the
        inverse of :func:`stack`).

    Raises:
        TypeError: If `axis` is not an integer.
        ~chainer.utils.type_check.InvalidType: If `axis` is out of range.

    Example:
        >>> [y.shape for y in F.separate(numpy.zeros((2, 3)), axis=1)]
        [(2,), (2,), (2,)]
    """
    return _routine.apply_fast(Separate(axis), (x,))
