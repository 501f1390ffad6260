"""F.sigmoid_cross_entropy: the cross entropy of sigmoid outputs and binary labels (-1 ignored)."""

import chainer
import chainerx

from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.functions.loss import _util
from chainer.utils import type_check

_IGNORE_LABEL = -1


class SigmoidCrossEntropy(function_node.FunctionNode):
    """log(1 + exp(x)) - x * t for the labels other than -1, reduced unless reduce is 'no'."""

    def __init__(self, normalize=True, reduce='mean'):
        _util.check_reduce(reduce, ('mean', 'no'))
        self.normalize = normalize
        self.reduce = reduce

    def check_type_forward(self, in_types):
        x_type, t_type = _util.expect_scores_and_labels(in_types)
        type_check.expect(x_type.shape == t_type.shape)

    def _count(self, xp, mask, x):
        """The divisor of 'mean': the number of counted labels (normalize) or the batch size."""
        if self.normalize:
            return xp.maximum(1, mask.sum())
        return max(1, len(x))

    def forward_chainerx(self, inputs):
        x, t = inputs
        if not _util.scores_and_labels(x, t) or x.shape != t.shape:
            return function_node.Fallback
        loss = chainerx.sigmoid_cross_entropy(x, t)
        if self.reduce == 'no':
            return loss,
        if self.normalize:
            # One kernel (Note [One launch per reported number] in chainerx/core/routines/loss.cc).
            return chainerx._core._mean_over_labels(loss, t, _IGNORE_LABEL),
        return chainerx.sum(loss) / self._count(chainerx, t != _IGNORE_LABEL, x),

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, t = inputs
        xp = backend.get_array_module(x)
        mask = t != _IGNORE_LABEL
        loss = -(mask * (x * (t - (x >= 0)) - xp.log1p(xp.exp(-abs(x)))))
        if self.reduce == 'no':
            return utils.force_array(loss.astype(x.dtype, copy=False)),
        return utils.force_array(xp.divide(loss.sum(), self._count(xp, mask, x), dtype=x.dtype)),

    def backward(self, indexes, grad_outputs):
        x, t = self.get_retained_inputs()
        gy, = grad_outputs
        if 0 not in indexes:
            return (None,) * len(indexes)
        t_array = t.array
        mask = t_array != _IGNORE_LABEL
        weight = mask.astype(x.dtype)
        if self.reduce == 'mean':
            weight = weight / self._count(x.xp, mask, x)
        gx = gy * (chainer.functions.sigmoid(x) - _util.constant(t_array.astype(x.dtype)))
        gx = gx * _util.constant(weight.astype(x.dtype, copy=False))
        return tuple([gx if i == 0 else None for i in indexes])


def sigmoid_cross_entropy(x, t, normalize=True, reduce='mean'):
    """Cross entropy loss of the sigmoid of `x` against binary labels `t`.

    The loss of each element is log(1 + exp(x)) - x * t; elements labelled -1 are ignored.

    Args:
        x (~chainer.Variable or array): Pre-sigmoid float values.
        t (~chainer.Variable or array): Signed integer labels (0, 1, or -1 to ignore) of the shape
            of `x`.
        normalize (bool): With reduce='mean', divide by the number of counted labels (True) or by
            the batch size (False).
        reduce (str): `'mean'` gives the 0-d mean loss, `'no'` the elementwise loss.

    Returns:
        ~chainer.Variable: The loss.
    """
    return SigmoidCrossEntropy(normalize, reduce).apply((x, t))[0]
