"""F.huber_loss: the squared error near zero and the absolute error beyond `delta`."""

import chainerx

from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.functions.loss import _difference
from chainer.functions.loss import _util
from chainer.utils import type_check

_REDUCE = ('sum_along_second_axis', 'no')


class HuberLoss(_difference.DifferenceLoss):
    """Elementwise Huber loss of x - t, summed along axis 1 unless reduce is 'no'."""

    _input_names = ('x', 't')

    def __init__(self, delta, reduce='sum_along_second_axis'):
        _util.check_reduce(reduce, _REDUCE)
        self.delta = delta
        self.reduce = reduce

    def check_type_forward(self, in_types):
        super().check_type_forward(in_types)
        if self.reduce == 'sum_along_second_axis':
            type_check.expect(in_types[0].ndim >= 2)

    def _reduced(self, loss):
        return loss.sum(axis=1) if self.reduce == 'sum_along_second_axis' else loss

    def chainerx_routine(self, x, t):
        return self._reduced(chainerx.huber_loss(x, t, self.delta))

    def forward_chainerx(self, inputs):
        if self.reduce != 'no' and inputs[0].ndim < 2:
            return function_node.Fallback
        return super().forward_chainerx(inputs)

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, t = inputs
        xp = backend.get_array_module(x)
        diff = x - t
        abs_diff = abs(diff)
        loss = xp.where(abs_diff <= self.delta, 0.5 * diff * diff,
                        self.delta * (abs_diff - 0.5 * self.delta))
        return utils.force_array(self._reduced(loss.astype(x.dtype, copy=False))),

    def backward(self, indexes, grad_outputs):
        x, t = self.get_retained_inputs()
        gy, = grad_outputs
        if self.reduce == 'sum_along_second_axis':
            gy = _util.expand_axis1(gy, x.ndim)
        diff = x - t
        d = diff.array
        inside = abs(d) <= self.delta
        # Inside the quadratic region the gradient is the difference itself (differentiable again);
        # outside it is the constant +-delta.
        outside = ((d > 0).astype(d.dtype) - (d < 0).astype(d.dtype)) * self.delta
        outside = outside * (1 - inside.astype(d.dtype))
        gx = gy * (diff * _util.constant(inside.astype(d.dtype)) + _util.constant(outside))
        return self.grads(indexes, gx)


def huber_loss(x, t, delta, reduce='sum_along_second_axis'):
    """Huber loss: 0.5 * d ** 2 where |d| <= delta, else delta * (|d| - 0.5 * delta), d = x - t.

    Args:
        x (~chainer.Variable or array): Float input.
        t (~chainer.Variable or array): Target of the dtype and shape of `x`.
        delta (float): The boundary of the quadratic region.
        reduce (str): `'sum_along_second_axis'` (the default) sums the loss along axis 1; `'no'`
            returns it elementwise.

    Returns:
        ~chainer.Variable: The loss.
    """
    return HuberLoss(delta=delta, reduce=reduce).apply((x, t))[0]
