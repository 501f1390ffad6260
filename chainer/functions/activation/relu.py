"""F.relu: the rectified linear unit max(x, 0)."""

import chainerx

from chainer import backend
from chainer import utils
from chainer.functions.activation import _util


class ReLU(_util.Unary):
    """Rectified linear unit; its gradient is 0 at 0 (Note [Kink gradients])."""

    chainerx_routine = staticmethod(chainerx.relu)

    def forward(self, inputs):
        x, = inputs
        self.retain_outputs((0,))
        xp = backend.get_array_module(x)
        return utils.force_array(xp.maximum(x, 0, dtype=x.dtype)),

    def backward(self, indexes, grad_outputs):
        y, = self.get_retained_outputs()
        gy, = grad_outputs
        return gy * (y.array > 0).astype(gy.dtype),


def relu(x):
    """Rectified linear unit function: ``max(x, 0)`` elementwise.

    Args:
        x (~chainer.Variable or array): Input of a floating-point dtype.

    Returns:
        ~chainer.Variable: Output of the same shape and dtype.

    Example:
        >>> x = numpy.array([[-1, 0], [2, -3]], numpy.float32)
        >>> F.relu(x).array
        array([[0., 0.],
               [2., 0.]], dtype=float32)
    """
    return _util.apply_unary(ReLU, x)
