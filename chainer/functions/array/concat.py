"""F.concat: joins Variables along an existing axis."""

import numpy

from chainer.functions.array import _routine
from chainer.functions.array.split_axis import split_axis


class Concat(_routine.JoinNode):
    """Concatenates its inputs along `axis`; the gradient is split back."""

    _routine = 'concatenate'
    _new_axis = False

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
