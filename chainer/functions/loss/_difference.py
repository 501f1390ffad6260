"""The base of the losses of the difference x0 - x1 of two float arrays of one dtype and shape."""

from chainer import function_node
from chainer.utils import type_check


class DifferenceLoss(function_node.FunctionNode):
    """Two float inputs of one dtype and shape; the gradient of x1 is minus that of x0."""

    _input_names = ('x0', 'x1')

    def check_type_forward(self, in_types):
        type_check._argname(in_types, self._input_names)
        type_check.expect(
            in_types[0].dtype.kind == 'f',
            in_types[0].dtype == in_types[1].dtype,
            in_types[0].shape == in_types[1].shape,
        )

    @staticmethod
    def grads(indexes, gx0):
        """The gradients of the inputs at `indexes`, given that of `x0`."""
        return tuple([gx0 if i == 0 else -gx0 for i in indexes])
