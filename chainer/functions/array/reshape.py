"""F.reshape: gives a Variable a new shape with the same elements (Variable.reshape calls it)."""

from chainer import variable
from chainer.functions.array import _routine
from chainer.utils import _checks
from chainer.utils import type_check


class ShapeChange(_routine.RoutineNode):
    """Base of the nodes that only change the shape: the gradient is reshaped back."""

    def backward(self, indexes, grad_outputs):
        return reshape(grad_outputs[0], self.inputs[0].shape),


class Reshape(ShapeChange):
    """Reshapes the input; one entry of the shape may be -1 (inferred). See Note [Routine nodes]."""

    _routine = 'reshape'

    def __init__(self, shape):
        self.shape = shape
        self._args = (shape,)

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x',))
        x_type, = in_types
        self.shape = _checks.as_shape(self.shape)  # a tuple from the wrapper: entries unchecked
        if -1 not in self.shape:
            type_check.expect(type_check.prod(x_type.shape) == type_check.prod(self.shape))
            return
        known = 1
        for n in self.shape:
            if n != -1:
                known *= n
        if known > 0:  # a zero-size target leaves the decision to the routine (NumPy's ValueError)
            known_size = type_check.make_variable(known, 'known_size(={})'.format(known))
            type_check.expect(type_check.prod(x_type.shape) % known_size == 0)


def reshape(x, shape):
    """Reshapes an input variable without copying its data when it can.

    Args:
        x (~chainer.Variable or array): Input variable.
        shape (int or tuple of ints): The new shape; one entry may be -1, inferred from the size.

    Returns:
        ~chainer.Variable: The reshaped variable (`x` itself as a Variable if the shape is
        unchanged). Its gradient is the output's gradient reshaped back.

    Raises:
        ~chainer.utils.type_check.InvalidType: If the sizes do not match.
        TypeError: If `x` is not a Variable or an array, or `shape` holds a non-integer.
        ValueError: If more than one entry is -1, or there are more than 64.

    Example:
        >>> y = F.reshape(numpy.arange(6.).reshape(2, 3), (3, 2))
        >>> y.shape
        (3, 2)
    """
    if type(shape) is not tuple:
        shape = _checks.as_shape(shape)
    try:
        same = x.shape == shape
    except AttributeError:
        _checks.check_array(x)
        raise
    if same:
        _checks.as_shape(shape)  # a tuple of floats equal to x.shape is no shape either
        return variable.as_variable(x)
    if shape.count(-1) > 1:
        raise ValueError('Only one dimension of the shape can be -1 (unknown): {}'.format(shape))
    return _routine.apply_fast(Reshape(shape), (x,))[0]
