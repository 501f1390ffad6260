"""F.hinge: the one-vs-all hinge loss of class scores."""

import chainerx

from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.functions.loss import _util
from chainer.utils import type_check

_NORMS = {'L1': 1.0, 'L2': 2.0}


def _signs(xp, t, n_classes, dtype):
    """-1 at each sample's true class, +1 elsewhere: an (N, K) array of `dtype`."""
    return 1 - 2 * _util.one_hot(xp, t, n_classes).astype(dtype)


class Hinge(function_node.FunctionNode):
    """max(0, 1 - x[t]) and max(0, 1 + x[other classes]), to the power 1 (L1) or 2 (L2)."""

    def __init__(self, norm='L1', reduce='mean'):
        if norm not in _NORMS:
            raise NotImplementedError("norm should be either 'L1' or 'L2'")
        _util.check_reduce(reduce, ('mean', 'no'))
        self.norm = norm
        self.reduce = reduce

    def check_type_forward(self, in_types):
        x_type, t_type = _util.expect_scores_and_labels(in_types)
        type_check.expect(
            x_type.ndim == 2,
            t_type.ndim == 1,
            x_type.shape[0] == t_type.shape[0],
        )

    def _reduced(self, loss, n):
        if self.reduce == 'mean':
            return loss.sum() / n
        return loss

    def forward_chainerx(self, inputs):
        x, t = inputs
        if not _util.scores_and_labels(x, t) or x.ndim != 2 or t.shape != x.shape[:1]:
            return function_node.Fallback
        return self._reduced(chainerx.hinge(x, t, _NORMS[self.norm]), len(x)),

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, t = inputs
        xp = backend.get_array_module(x)
        margin = xp.maximum(0, 1 + x * _signs(xp, t, x.shape[1], x.dtype))
        loss = margin if self.norm == 'L1' else margin * margin
        return utils.force_array(self._reduced(loss, len(x)), x.dtype),

    def backward(self, indexes, grad_outputs):
        x, t = self.get_retained_inputs()
        gy, = grad_outputs
        if 0 not in indexes:
            return (None,) * len(indexes)
        signs = _signs(x.xp, t.array, x.shape[1], x.dtype)
        active = (1 + x.array * signs > 0).astype(x.dtype)
        if self.reduce == 'mean':
            gy = gy * (1. / max(len(x), 1))
        if self.norm == 'L1':
            gx = gy * _util.constant(signs * active)
        else:
            margin = (1 + x * _util.constant(signs)) * _util.constant(active)
            gx = 2 * gy * margin * _util.constant(signs)
        return tuple([gx if i == 0 else None for i in indexes])


def hinge(x, t, norm='L1', reduce='mean'):
    """Hinge loss for multiclass (one-vs-all) classification.

    With s = -1 for the true class and +1 for the others, the loss of each score is
    max(0, 1 + s * x) (L1) or its square (L2).

    Args:
        x (~chainer.Variable or array): Scores of shape (N, K).
        t (~chainer.Variable or array): Signed integer labels of shape (N,).
        norm (str): `'L1'` or `'L2'`.
        reduce (str): `'mean'` sums the loss and divides by N (a 0-d result); `'no'` returns the
            (N, K) elementwise loss.

    Returns:
        ~chainer.Variable: The loss.
    """
    return Hinge(norm, reduce).apply((x, t))[0]
