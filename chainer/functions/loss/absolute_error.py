"""F.absolute_error: the elementwise absolute difference |x0 - x1|."""

import chainerx

from chainer import backend
from chainer import utils
from chainer.functions.loss import _difference
from chainer.functions.loss import _util


class AbsoluteError(_difference.DifferenceLoss):
    """Elementwise |x0 - x1|; the gradient is the sign of the difference (a constant)."""

    chainerx_routine = staticmethod(chainerx.absolute_error)

    def forward(self, inputs):
        x0, x1 = inputs
        diff = x0 - x1
        self.sign = backend.get_array_module(diff).sign(diff)
        return utils.force_array(abs(diff)),

    def backward(self, indexes, grad_outputs):
        return self.grads(indexes, grad_outputs[0] * _util.constant(self.sign))


def absolute_error(x0, x1):
    """Elementwise absolute error |x0 - x1|.

    Args:
        x0 (~chainer.Variable or array): Float input.
        x1 (~chainer.Variable or array): Float input of the dtype and shape of `x0`.

    Returns:
        ~chainer.Variable: The absolute differences, of the shape of `x0`.
    """
    return AbsoluteError().apply((x0, x1))[0]
