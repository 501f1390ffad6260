"""F.logsumexp: log(sum(exp(x))) over some axes, computed without overflow."""

import chainerx

from chainer import backend
from chainer import utils
from chainer.functions.math.exponential import exp
from chainer.functions.math.sum import Reduction
from chainer.functions.math.sum import call_chainerx
from chainer.functions.math.sum import unreduce


class LogSumExp(Reduction):
    """Logarithm of the sum of the exponentials of the elements over some axes."""

    def __init__(self, axis=None):
        super().__init__(axis)

    def _chainerx_forward(self, x):
        return chainerx.logsumexp(x, self.axis)

    def forward(self, inputs):
        self.retain_inputs((0,))
        self.retain_outputs((0,))
        x, = inputs
        xp = backend.get_array_module(x)
        x_max = x.max(axis=self.axis, keepdims=True)
        exp_sum = utils.force_array(xp.exp(x - x_max).sum(axis=self.axis))
        return utils.force_array(xp.log(exp_sum) + x_max.reshape(exp_sum.shape)),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        y, = self.get_retained_outputs()
        shape = x.shape
        gy = unreduce(grad_outputs[0], shape, self.axis, False)
        return gy * exp(x - unreduce(y, shape, self.axis, False)),


def logsumexp(x, axis=None):
    """Computes log(sum(exp(x))) over the given axes, stably.

    The maximum of each reduction is subtracted before the exponentials and added back after the
    logarithm, so large inputs do not overflow.

    Args:
        x (~chainer.Variable or array): Input of a float dtype.
        axis (None, int or tuple of int): Axes to reduce (negative values count from the end);
            None reduces all axes.

    Returns:
        ~chainer.Variable: The result, without the reduced axes.

    Raises:
        TypeError: `axis` is not None, an int or a tuple of ints.
        ValueError: `axis` repeats an axis, or a reduced axis has length 0.
        ~chainer.utils.type_check.InvalidType: `x` is not float, or an axis is out of range.

    Example:
        >>> F.logsumexp(numpy.array([1000., 1000.])).array
        array(1000.69314718)
    """
    y = call_chainerx(chainerx.logsumexp, x, axis)
    return LogSumExp(axis).apply((x,))[0] if y is None else y
