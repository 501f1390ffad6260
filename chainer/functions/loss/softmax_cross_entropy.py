"""F.softmax_cross_entropy: the cross entropy of the softmax of scores and labels or soft targets.

Note [Softmax cross entropy on chainerx]: chainerx.softmax_cross_entropy (one kernel each way) covers
2-d scores with ignore_label -1. Outside debug mode the node brings other cases to it: scores
(N, C, d...) have their class axis moved last and their rows flattened (one copy), and labels equal
to another ignore_label become -1 (two kernels; -1 itself is then ignored too, where the original
would index the last class). Class weights multiply each label's loss by its class's weight,
gathered by `take` (two kernels more; an ignored label's loss is 0 whatever weight it gathers). In
debug mode, which checks the labels first, the node composes chainerx.log_softmax, a one-hot
selection (`where`, which keeps -inf log-probabilities of unselected classes out of the sum) and the
reductions instead. Either way chainerx records the backward, double backward included. The NumPy
forward uses the composition.
"""

import numpy

import chainer
import chainerx

from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.functions.loss import _util
from chainer.utils import _checks
from chainer.utils import type_check

_SOFT_TARGET_LOSSES = ('cross-entropy', 'kl-divergence')


def _log_softmax(xp, x):
    if xp is chainerx:
        return chainerx.log_softmax(x, axis=1)
    y = x - x.max(axis=1, keepdims=True)
    return y - xp.log(xp.exp(y).sum(axis=1, keepdims=True))


class SoftmaxCrossEntropy(function_node.FunctionNode):
    """Softmax cross entropy of scores x (N, C, ...) against integer labels or soft targets."""

    def __init__(self, normalize=True, class_weight=None, ignore_label=-1, reduce='mean',
                 soft_target_loss='cross-entropy'):
        _util.check_reduce(reduce, ('mean', 'no'))
        if soft_target_loss not in _SOFT_TARGET_LOSSES:
            raise ValueError("soft_target_loss must be 'cross-entropy' or 'kl-divergence', not "
                             "'{}'".format(soft_target_loss))
        self.normalize = normalize
        self.class_weight = class_weight
        self.ignore_label = ignore_label
        self.reduce = reduce
        self.soft_target_loss = soft_target_loss
        self._coeff = None

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x', 't'))
        if type_check.eval(in_types[1].dtype).kind == 'f':
            _util.expect_floats(in_types, ('x', 't'), same_shape=True)  # soft targets
            return
        x_type, t_type = _util.expect_scores_and_labels(in_types)
        type_check.expect(
            x_type.ndim >= 2,
            t_type.ndim == x_type.ndim - 1,
            x_type.shape[0] == t_type.shape[0],
            x_type.shape[2:] == t_type.shape[1:],
        )

    def _weight(self, xp, like):
        """class_weight reshaped to broadcast along axis 1 of x, as an array of `xp` (or None)."""
        weight = self.class_weight
        if weight is None:
            return None
        if xp is chainerx and not isinstance(weight, chainerx.ndarray):
            weight = chainerx.array(weight, device=like.device)
        elif xp is not chainerx and isinstance(weight, chainerx.ndarray):
            weight = backend.CpuDevice().send(weight)
        return weight.astype(like.dtype, copy=False).reshape((1, -1) + (1,) * (like.ndim - 2))

    def _check_labels(self, xp, x, t, debug):
        if self.class_weight is not None and len(self.class_weight) != x.shape[1]:
            raise ValueError('class_weight has {} entries for {} classes'.format(
                len(self.class_weight), x.shape[1]))
        if not debug:
            return
        valid = xp.logical_or(xp.logical_and(t >= 0, t < x.shape[1]), t == self.ignore_label)
        if not bool(valid.all()):
            raise ValueError(
                'Each label `t` need to satisfy `0 <= t < x.shape[1] or t == {}`'.format(
                    self.ignore_label))

    def _hard_loss(self, xp, x, t):
        """The loss of integer labels (-log p of each label, then reduced)."""
        debug = chainer.is_debug()
        self._check_labels(xp, x, t, debug)
        if xp is chainerx and not debug:
            loss = self._fused_loss(x, t)
            if self.class_weight is not None:
                loss = loss * self._label_weights(x, t)
        else:
            loss = -self._log_p(xp, x, t, t != self.ignore_label)
        if self.reduce == 'no':
            return loss
        if xp is chainerx and self.normalize:
            # One kernel counts the labels, sums and scales (Note [One launch per reported number] in
            # chainerx/core/routines/loss.cc); the count stays on the device.
            return chainerx._core._mean_over_labels(loss, t, self.ignore_label)
        # The original multiplies the sum by 1 / count rounded to x's dtype; so does this.
        if self.normalize:
            count = xp.maximum((t != self.ignore_label).sum(), 1)
            scale = (1.0 / count.astype(numpy.float64)).astype(x.dtype)
        else:
            scale = 1.0 / max(len(x), 1)
        if xp is not chainerx:
            self._coeff = float(scale)
        return loss.sum() * scale

    def _fused_loss(self, x, t):
        """-log p of each label through chainerx.softmax_cross_entropy (Note [Softmax ...])."""
        info = numpy.iinfo(t.dtype)
        if self.ignore_label != -1 and info.min <= self.ignore_label <= info.max:
            t = chainerx.where(t == self.ignore_label, -1, t)
        if x.ndim == 2:
            return chainerx.softmax_cross_entropy(x, t)
        rows = chainerx.moveaxis(x, 1, -1).reshape(t.size, x.shape[1])  # t.size: also when empty
        return chainerx.softmax_cross_entropy(rows, t.reshape(t.size)).reshape(t.shape)

    def _label_weights(self, x, t):
        """The class weight of each label of t, of x.dtype (Note [Softmax ...]): labels out of
        range (the ignored ones) are clipped into it, their loss being 0."""
        weight = self._weight(chainerx, x).reshape(x.shape[1])
        return chainerx.take(weight, t, axis=0, mode='clip')

    def _log_p(self, xp, x, t, valid):
        """log softmax(x)[t] (times the class weight of t), 0 where ignored (Note [Softmax ...])."""
        log_y = _log_softmax(xp, x)
        selected = _util.one_hot(xp, t, x.shape[1])
        if self.ignore_label in range(x.shape[1]):
            selected = xp.logical_and(
                selected, valid.reshape(selected.shape[:1] + (1,) + selected.shape[2:]))
        weight = self._weight(xp, x)
        if weight is not None:
            log_y = log_y * weight
        return xp.where(selected, log_y, 0).sum(axis=1)

    def _soft_loss(self, xp, x, t):
        """The loss of soft targets (cross entropy or KL divergence, then reduced)."""
        loss = -(t * _log_softmax(xp, x)).sum(axis=1)
        if self.soft_target_loss == 'kl-divergence':
            loss = loss + _util.xlogx(xp, t).sum(axis=1)
        if self.reduce == 'no':
            return loss
        scale = 1.0 / max(x.size // max(x.shape[1], 1), 1)  # 1 / (N * d1 * ... * dk)
        self._coeff = scale
        return loss.sum() * scale

    def forward_chainerx(self, inputs):
        x, t = inputs
        if x.dtype.kind != 'f' or x.ndim < 2:
            return function_node.Fallback
        if t.dtype.kind == 'f':
            if not _util.same_float_arrays(x, t):
                return function_node.Fallback
            return self._soft_loss(chainerx, x, t),
        if t.dtype.kind != 'i' or t.shape != x.shape[:1] + x.shape[2:]:
            return function_node.Fallback
        return self._hard_loss(chainerx, x, t),

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, t = inputs
        xp = backend.get_array_module(x)
        loss = self._soft_loss if t.dtype.kind == 'f' else self._hard_loss
        return utils.force_array(loss(xp, x, t), x.dtype),

    def backward(self, indexes, grad_outputs):
        x, t = self.get_retained_inputs()
        gy, = grad_outputs
        if self.reduce == 'no':
            gy = _util.expand_axis1(gy, x.ndim)
        else:
            gy = gy * self._coeff
        ret = []
        if t.dtype.kind == 'f':
            t_sum = chainer.functions.sum_to(t, x.shape[:1] + (1,) + x.shape[2:])
            for i in indexes:
                if i == 0:
                    ret.append(gy * (chainer.functions.softmax(x, axis=1) * t_sum - t))
                else:
                    ret.append(gy * self._soft_target_grad(x, t))
            return tuple(ret)
        scale = self._sample_weight(x.xp, x.array, t.array)
        gx = gy * _util.constant(scale) * (
            chainer.functions.softmax(x, axis=1) - _util.constant(
                _util.one_hot(x.xp, t.array, x.shape[1]).astype(x.dtype)))
        return tuple([gx if i == 0 else None for i in indexes])

    def _soft_target_grad(self, x, t):
        """The gradient of the loss with respect to soft targets (before the output gradient)."""
        minus_log_y = -chainer.functions.log_softmax(x, axis=1)
        if self.soft_target_loss == 'cross-entropy':
            return minus_log_y
        return chainer.functions.log(t) + 1 + minus_log_y

    def _sample_weight(self, xp, x, t):
        """Each label's class weight (1 without weights; 0 if ignored), (N, 1, ...) of x.dtype."""
        valid = (t != self.ignore_label).astype(x.dtype)
        weight = self._weight(xp, x)
        if weight is not None:
            selected = _util.one_hot(xp, t, x.shape[1])
            valid = valid * xp.where(selected, weight, 0).sum(axis=1).astype(x.dtype)
        return valid.reshape(t.shape[:1] + (1,) + t.shape[1:])


def softmax_cross_entropy(x, t, normalize=True, cache_score=True, class_weight=None,
                          ignore_label=-1, reduce='mean', enable_double_backprop=False,
                          soft_target_loss='cross-entropy'):
    """Cross entropy loss of the softmax of `x` (over axis 1) against labels or soft targets.

    Args:
        x (~chainer.Variable or array): Float scores of shape (N, C, d1, ..., dk).
        t (~chainer.Variable or array): Signed integer labels of shape (N, d1, ..., dk), or soft
            target distributions of the shape and dtype of `x`.
        normalize (bool): With reduce='mean' and labels, divide by the number of labels other
            than `ignore_label` (True) or by N (False). Soft targets divide by N * d1 * ... * dk.
        cache_score (bool): Accepted for compatibility (the softmax is recomputed in backward).
        class_weight (array): Optional float weights of shape (C,) multiplying each class's loss.
        ignore_label (int): Labels of this value contribute nothing.
        reduce (str): `'mean'` (a 0-d result) or `'no'` (one loss per label, shape of `t`).
        enable_double_backprop (bool): Accepted for compatibility: the gradient is always
            differentiable again.
        soft_target_loss (str): `'cross-entropy'` or `'kl-divergence'`, for soft targets.

    Returns:
        ~chainer.Variable: The loss.
    """
    if class_weight is not None:
        if isinstance(class_weight, chainer.Variable):
            raise ValueError('class_weight should be a numpy.ndarray or cupy.ndarray, not a '
                             'chainer.Variable')
        if len(_checks.shape_of(class_weight, 'class_weight')) != 1:
            raise ValueError('class_weight.ndim should be 1')
        if class_weight.dtype.kind != 'f':
            raise ValueError("The dtype of class_weight should be 'f'")
    return SoftmaxCrossEntropy(normalize, class_weight, ignore_label, reduce,
                               soft_target_loss).apply((x, t))[0]
