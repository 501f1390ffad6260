"""F.where: picks elements from two Variables by a boolean condition."""

import numbers

import numpy

import chainerx

from chainer import backend
from chainer import function_node
from chainer import variable
from chainer.functions.array import _routine
from chainer.functions.math.sum_to import sum_to
from chainer.utils import _checks
from chainer.utils import type_check


class Where(function_node.FunctionNode):
    """Returns `condition ? x : y` elementwise, with broadcasting; `condition` is a constant."""

    def __init__(self, condition):
        self.condition = condition

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x', 'y'))
        x_type, y_type = in_types
        condition = type_check.make_variable(
            type_check.TypeInfo(self.condition.shape, self.condition.dtype), 'condition')
        type_check.expect(condition.dtype == numpy.bool_, x_type.dtype == y_type.dtype)
        shapes = [tuple(self.condition.shape), tuple(type_check.eval(x_type.shape)),
                  tuple(type_check.eval(y_type.shape))]
        try:
            numpy.broadcast_shapes(*shapes)
        except ValueError:
            raise type_check.InvalidType(
                'condition, x and y are broadcastable', ', '.join(map(str, shapes))) from None

    def forward_chainerx(self, inputs):
        x, y = inputs
        condition = self.condition
        if condition.dtype.kind != 'b' or x.dtype != y.dtype:
            return function_node.Fallback  # the type check raises for them
        if type(condition) is not chainerx.ndarray or condition.device is not x.device:
            condition = backend.get_device_from_array(x).send(condition)
        try:
            return chainerx.where(condition, x, y),
        except chainerx.DimensionError:
            return function_node.Fallback

    def forward(self, inputs):
        x, y = inputs
        xp = backend.get_array_module(x)
        condition = backend.get_device_from_array(x).send(self.condition)
        return xp.where(condition, x, y),

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        zero = _routine.zeros_on_device_of(gy.array, ())
        ret = []
        for i in indexes:
            operands = (gy, zero) if i == 0 else (zero, gy)
            g = Where(self.condition).apply(operands)[0]
            ret.append(sum_to(g, self.inputs[i].shape))
        return ret


_OPERAND_TYPES = (variable.Variable, chainerx.ndarray, numpy.ndarray)


def _as_operand(value, other):
    # A scalar operand becomes a 0-d array of the other operand's dtype, on its device.
    if isinstance(value, _OPERAND_TYPES) or not isinstance(value, (numbers.Number, numpy.generic)):
        return value
    array = other.array if isinstance(other, variable.Variable) else other
    if array is None or isinstance(array, (numbers.Number, numpy.generic)):
        raise TypeError('F.where needs at least one of x and y to be an array or a Variable')
    device = backend.get_device_from_array(array)
    return device.send(numpy.asarray(value, dtype=array.dtype))


def where(condition, x, y):
    """Chooses elements from `x` where `condition` is True and from `y` elsewhere.

    Args:
        condition (~chainer.Variable or array): A boolean array (a Variable's array is used; it
            gets no gradient).
        x (~chainer.Variable, array or scalar): The values where the condition holds.
        y (~chainer.Variable, array or scalar): The values elsewhere (of x's dtype). A scalar
            takes the dtype of the other operand.

    Returns:
        ~chainer.Variable: The chosen elements, of the broadcast shape of the three. The
        gradients of `x` and `y` are those of the output where they were chosen (summed over
        broadcast axes), zero elsewhere.

    Raises:
        ~chainer.utils.type_check.InvalidType: If `condition` is not boolean, the dtypes of `x`
            and `y` differ, or the shapes do not broadcast.

    Example:
        >>> c = numpy.array([True, False])
        >>> F.where(c, numpy.array([1., 2.]), numpy.array([3., 4.])).array
        array([1., 4.])
    """
    if isinstance(condition, variable.Variable):
        _checks.check_array(condition, 'condition')  # not one without an array
        condition = condition.array
    elif not _checks.is_array(condition):
        condition = numpy.asarray(condition)
    x, y = _as_operand(x, y), _as_operand(y, x)
    return _routine.apply_fast(Where(condition), (x, y))[0]
