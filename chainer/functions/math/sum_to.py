"""F.sum_to: sums a Variable down to a shape it was broadcast from (broadcasting's backward)."""

from chainer import function_node
from chainer import variable
from chainer.utils import _checks


def sum_to_array(x, shape):
    """Sums a NumPy, CuPy or chainerx array to `shape` over the broadcast axes."""
    shape = tuple(shape)
    lead = x.ndim - len(shape)
    if lead < 0:
        raise ValueError('sum_to: cannot sum an array of shape {} to {}'.format(x.shape, shape))
    lead_axes = tuple(range(lead))
    axes = tuple(i + lead for i, n in enumerate(shape) if n == 1 and x.shape[i + lead] != 1)
    for i, n in enumerate(shape):
        if n != 1 and x.shape[i + lead] != n:
            raise ValueError('sum_to: cannot sum an array of shape {} to {}'.format(x.shape, shape))
    if not lead_axes and not axes:
        return x
    y = x.sum(axis=lead_axes + axes, keepdims=True)
    if lead:
        y = y.reshape(shape)
    return y


class SumTo(function_node.FunctionNode):
    """Sums over the axes that broadcasting to the input's shape added or stretched."""

    def __init__(self, shape):
        self._shape = tuple(shape)

    def forward_chainerx(self, inputs):
        return sum_to_array(inputs[0], self._shape),

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        y = sum_to_array(x, self._shape)
        return (y.copy() if y is x else y),

    def backward(self, indexes, grad_outputs):
        from chainer.functions.array.broadcast import broadcast_to
        return broadcast_to(grad_outputs[0], self._in_shape),


def sum_to(x, shape):
    """Sums the elements of `x` so that the result has `shape` (the inverse of F.broadcast_to).

    Args:
        x (~chainer.Variable or array): Input of a shape that `shape` broadcasts to.
        shape (int or tuple of ints): Target shape.

    Raises:
        TypeError: `x` is not a Variable or an array, or `shape` is not an int or ints.
        ValueError: `x` cannot be summed to `shape`.

    Example:
        >>> F.sum_to(x, (1, 3))  # x of shape (2, 3)
    """
    shape = _checks.as_shape(shape)
    if _checks.shape_of(x) == shape:
        return variable.as_variable(x)
    return SumTo(shape).apply((x,))[0]
