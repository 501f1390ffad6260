"""F.mean_absolute_error: the mean of the absolute differences of two arrays."""

import chainerx

from chainer import backend
from chainer.functions.loss import _difference
from chainer.functions.loss import _util


def _mean_absolute_error_chainerx(x0, x1):
    return chainerx.sum(chainerx.absolute(x0 - x1)) / x0.size


class MeanAbsoluteError(_difference.DifferenceLoss):
    """sum(|x0 - x1|) / size, a 0-d array of the inputs' dtype."""

    chainerx_routine = staticmethod(_mean_absolute_error_chainerx)

    def forward(self, inputs):
        diff = (inputs[0] - inputs[1]).ravel()
        xp = backend.get_array_module(diff)
        self.sign = xp.sign(diff).reshape(inputs[0].shape)
        return xp.asarray(abs(diff).sum() / diff.size, dtype=diff.dtype),

    def backward(self, indexes, grad_outputs):
        coeff = grad_outputs[0] * (1. / max(self.sign.size, 1))
        return self.grads(indexes, coeff * _util.constant(self.sign))


def mean_absolute_error(x0, x1):
    """Mean absolute error: the mean of |x0 - x1| over all elements.

    Args:
        x0 (~chainer.Variable or array): Float input.
        x1 (~chainer.Variable or array): Float input of the dtype and shape of `x0`.

    Returns:
        ~chainer.Variable: A 0-d Variable of the inputs' dtype (NaN for zero-size inputs).
    """
    return MeanAbsoluteError().apply((x0, x1))[0]
