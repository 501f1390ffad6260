"""F.batch_l2_norm_squared: the squared L2 norm of each example of a batch."""

import chainerx

from chainer import function_node
from chainer import utils
from chainer.functions.math.sum import unreduce
from chainer.utils import type_check


def _sum_squares(x):
    return (x * x).sum(axis=tuple(range(1, x.ndim)))


class BatchL2NormSquared(function_node.FunctionNode):
    """Sum of the squares over all axes but the first."""

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x',))
        x_type, = in_types
        type_check.expect(x_type.dtype.kind == 'f', x_type.ndim >= 2)

    def forward_chainerx(self, inputs):
        x, = inputs
        if x.dtype.kind != 'f' or x.ndim < 2:
            return function_node.Fallback  # the type check names the error
        # One kernel, which records its own backward.
        return chainerx._core._sum_squares(x, tuple(range(1, x.ndim))),

    def forward(self, inputs):
        self.retain_inputs((0,))
        return utils.force_array(_sum_squares(inputs[0])),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        axes = tuple(range(1, x.ndim))
        return 2 * x * unreduce(grad_outputs[0], x.shape, axes, False),


def batch_l2_norm_squared(x):
    """Computes the squared L2 norm of each example of a batch.

    Args:
        x (~chainer.Variable or array): A batch (float, at least 2-d); the first axis indexes the
            examples.

    Returns:
        ~chainer.Variable: A 1-d array of the sums of squares over all other axes.

    Raises:
        ~chainer.utils.type_check.InvalidType: `x` is not float or has fewer than 2 dimensions.

    Example:
        >>> F.batch_l2_norm_squared(numpy.array([[3., 4.], [1., 0.]])).array
        array([25.,  1.])
    """
    return BatchL2NormSquared().apply((x,))[0]
