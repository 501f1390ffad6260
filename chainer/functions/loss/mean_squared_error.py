"""F.mean_squared_error: the mean of the squared differences of two arrays."""

import chainerx

from chainer import backend
from chainer.functions.loss import _difference


def _mean_squared_error_chainerx(x0, x1):
    diff = x0 - x1
    return chainerx._core._sum_squares(diff) / diff.size


class MeanSquaredError(_difference.DifferenceLoss):
    """sum((x0 - x1) ** 2) / size, a 0-d array of the inputs' dtype."""

    chainerx_routine = staticmethod(_mean_squared_error_chainerx)

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        diff = (inputs[0] - inputs[1]).ravel()
        xp = backend.get_array_module(diff)
        return xp.asarray(diff.dot(diff) / diff.size, dtype=diff.dtype),

    def backward(self, indexes, grad_outputs):
        x0, x1 = self.get_retained_inputs()
        coeff = grad_outputs[0] * (2. / max(x0.size, 1))
        return self.grads(indexes, (x0 - x1) * coeff)


def mean_squared_error(x0, x1):
    """Mean squared error: the mean of (x0 - x1) ** 2 over all elements.

    Args:
        x0 (~chainer.Variable or array): Float input.
        x1 (~chainer.Variable or array): Float input of the dtype and shape of `x0`.

    Returns:
        ~chainer.Variable: A 0-d Variable of the inputs' dtype (NaN for zero-size inputs).
    """
    return MeanSquaredError().apply((x0, x1))[0]
