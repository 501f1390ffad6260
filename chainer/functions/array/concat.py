"""F.concat: joins Variables along an existing axis."""

import numpy

import chainerx

from chainer import backend
from chainer import function_node
from chainer.functions.array import _routine
from chainer.functions.array.split_axis import split_axis
from chainer.utils import type_check


class Concat(function_node.FunctionNode):
    """Concatenates its inputs along `axis`; the gradient is split back."""

    def __init__(self, axis):
        if not _routine.is_int(axis):
            raise TypeError('axis must be int, not {!r}'.format(axis))
        self.axis = int(axis)

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() > 0)
        type_check._argname((in_types[0],), ('x0',))
        _routine.expect_axis(in_types[0], self.axis)
        ndim = type_check.eval(in_types[0].ndim)
        axis = self.axis % ndim
        for i in range(1, type_check.eval(in_types.size())):
            type_check._argname((in_types[i],), ('x{}'.format(i),))
            type_check.expect(in_types[0].dtype == in_types[i].dtype,
                              in_types[0].ndim == in_types[i].ndim)
            for d in range(ndim):
                if d != axis:
                    type_check.expect(in_types[0].shape[d] == in_types[i].shape[d])

    def forward_chainerx(self, xs):
        dtype = xs[0].dtype
        for x in xs:
            if x.dtype != dtype:  # chainerx would promote; the type check raises instead
                return _routine.Fallback
        try:
            return chainerx.concatenate(xs, self.axis),
        except _routine.CHAINERX_ERRORS:
            return _routine.Fallback

    def forward(self, xs):
        xp = backend.get_array_module(*xs)
        return xp.concatenate(xs, self.axis),

    def backward(self, indexes, grad_outputs):
        if len(self.inputs) == 1:
            return grad_outputs
        sizes = numpy.cumsum([x.shape[self.axis] for x in self.inputs[:-1]])
        return split_axis(grad_outputs[0], sizes, self.axis, force_tuple=True)


def concat(xs, axis=1):
    """Concatenates variables along an axis.

    Args:
        xs (list or tuple of ~chainer.Variable or arrays): Input variables of one dtype and of
            shapes equal except along `axis`.
        axis (int): The axis to join along (negative counts from the end).

    Returns:
        ~chainer.Variable: The joined variable; its gradient is split back into the inputs'.

    Raises:
        TypeError: If `axis` is not an integer.
        ~chainer.utils.type_check.InvalidType: If `xs` is empty, the dtypes or the shapes
            differ, or `axis` is out of range.

    Example:
        >>> F.concat((numpy.zeros((2, 1)), numpy.ones((2, 2)))).shape
        (2, 3)
    """
    return _routine.apply_fast(Concat(axis), xs)[0]
