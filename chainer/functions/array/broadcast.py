"""F.broadcast_to and F.broadcast: NumPy broadcasting, with sum_to as the backward."""

import numpy

from chainer import function_node
from chainer import variable
from chainer.functions.math.sum_to import sum_to
from chainer.utils import _checks


class BroadcastTo(function_node.FunctionNode):
    """Broadcasts the input to a shape."""

    def __init__(self, shape):
        self._shape = tuple(shape)

    def forward_chainerx(self, inputs):
        import chainerx
        return chainerx.broadcast_to(inputs[0], self._shape),

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        from chainer import backend
        xp = backend.get_array_module(x)
        return xp.broadcast_to(x, self._shape),

    def backward(self, indexes, grad_outputs):
        return sum_to(grad_outputs[0], self._in_shape),


def broadcast_to(x, shape):
    """Broadcasts `x` to `shape` (ValueError if the shapes are not compatible).

    Example:
        >>> F.broadcast_to(x, (2, 3))  # x of shape (3,)
    """
    shape = _checks.as_shape(shape)
    if _checks.shape_of(x) == shape:
        return variable.as_variable(x)
    numpy.broadcast_shapes(tuple(x.shape), shape)  # ValueError naming the shapes when incompatible
    if len(shape) < x.ndim or numpy.broadcast_shapes(tuple(x.shape), shape) != shape:
        raise ValueError('cannot broadcast an array of shape {} to {}'.format(x.shape, shape))
    return BroadcastTo(shape).apply((x,))[0]


def broadcast(*args):
    """Broadcasts the inputs against each other: one Variable for one input, else a tuple."""
    if not args:
        raise ValueError('At least one input is required for broadcast')
    try:
        shape = numpy.broadcast_shapes(*[tuple(x.shape) for x in args])
    except AttributeError:
        for i, x in enumerate(args):
            _checks.check_array(x, 'args[{}]'.format(i))
        raise
    outputs = tuple([broadcast_to(x, shape) for x in args])
    return outputs[0] if len(outputs) == 1 else outputs
