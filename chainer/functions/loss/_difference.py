"""The base of the losses of the difference x0 - x1 of two float arrays of one dtype and shape."""

from chainer import function_node
from chainer.functions.loss import _util


class DifferenceLoss(function_node.FunctionNode):
    """Two float inputs of one dtype and shape; the gradient of x1 is minus that of x0.

    Subclasses define `chainerx_routine(x0, x1)` (the loss computed with chainerx routines that
    record their backward; a staticmethod unless it needs the node's options), `forward` and
    `backward`.
    """

    _input_names = ('x0', 'x1')

    @staticmethod
    def chainerx_routine(x0, x1):
        raise NotImplementedError

    def check_type_forward(self, in_types):
        _util.expect_floats(in_types, self._input_names, same_shape=True)

    def forward_chainerx(self, inputs):
        x0, x1 = inputs
        if not _util.same_float_arrays(x0, x1):
            return function_node.Fallback  # the fallback's type check reports it
        return self.chainerx_routine(x0, x1),

    @staticmethod
    def grads(indexes, gx0):
        """The gradients of the inputs at `indexes`, given that of `x0`."""
        return tuple([gx0 if i == 0 else -gx0 for i in indexes])
