"""F.accuracy: the fraction of samples whose highest score is at the label."""

import chainerx

from chainer import backend
from chainer import function_node
from chainer.functions.loss import _util
from chainer.utils import type_check


def _shapes_match(y_shape, t_shape):
    """check_type_forward's shape conditions, on plain shapes."""
    n = len(t_shape)
    return 1 <= n <= len(y_shape) and y_shape[:1] == t_shape[:1] and \
        y_shape[2:n + 1] == t_shape[1:] and all(d == 1 for d in y_shape[n + 1:])


class Accuracy(function_node.FunctionNode):
    """mean(argmax(y, axis=1) == t) over the labels but `ignore_label`; not differentiable."""

    def __init__(self, ignore_label=None):
        self.ignore_label = ignore_label

    def check_type_forward(self, in_types):
        x_type, t_type = _util.expect_scores_and_labels(in_types)
        t_ndim = type_check.eval(t_type.ndim)
        type_check.expect(
            x_type.ndim >= t_type.ndim,
            x_type.shape[0] == t_type.shape[0],
            x_type.shape[2: t_ndim + 1] == t_type.shape[1:],
        )
        for i in range(t_ndim + 1, type_check.eval(x_type.ndim)):
            type_check.expect(x_type.shape[i] == 1)

    def forward_chainerx(self, inputs):
        y, t = inputs
        # Zero-size labels give NaN in the original (a mean of nothing); the fallback keeps that.
        if not _util.scores_and_labels(y, t) or not _shapes_match(y.shape, t.shape) or \
                t.size == 0:
            return function_node.Fallback
        return chainerx.accuracy(y, t, self.ignore_label),

    def forward(self, inputs):
        y, t = inputs
        xp = backend.get_array_module(y)
        pred = y.argmax(axis=1).reshape(t.shape)
        if self.ignore_label is None:
            return xp.asarray((pred == t).mean(dtype=y.dtype)),
        # Counted on the device (reading the counts back would make the host wait for a GPU); when every label is
        # ignored, 0 correct over max(0, 1) gives 0.
        counted = t != self.ignore_label
        correct = xp.logical_and(pred == t, counted).sum()
        return xp.asarray(correct / xp.maximum(counted.sum(), 1), dtype=y.dtype),


def accuracy(y, t, ignore_label=None):
    """Classification accuracy: the fraction of samples whose argmax over axis 1 equals the label.

    Args:
        y (~chainer.Variable or array): Float scores of shape (N, C, d1, ..., dk), with possibly
            trailing axes of size 1 that `t` lacks.
        t (~chainer.Variable or array): Signed integer labels of shape (N, d1, ..., dk).
        ignore_label (int or None): Labels of this value are not counted.

    Returns:
        ~chainer.Variable: A 0-d Variable of y's dtype (0 when every label is ignored). It has no
        gradient.
    """
    return Accuracy(ignore_label=ignore_label).apply((y, t))[0]
