"""F.r2_score: the coefficient of determination of predictions."""

import chainerx

from chainer import backend
from chainer import function_node
from chainer.utils import type_check

_MULTIOUTPUT = ('uniform_average', 'raw_values')


class R2_score(function_node.FunctionNode):
    """1 - SS_res / SS_tot per output column (0 where SS_tot is 0); not differentiable."""

    def __init__(self, sample_weight=None, multioutput='uniform_average'):
        if sample_weight is not None:
            raise NotImplementedError('sample_weight option is not supported')
        if multioutput not in _MULTIOUTPUT:
            raise ValueError('invalid multioutput argument')
        self.multioutput = multioutput

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('pred', 'true'))
        pred_type, true_type = in_types
        type_check.expect(
            pred_type.dtype.kind == 'f',
            true_type.dtype == pred_type.dtype,
            true_type.shape == pred_type.shape,
        )

    def forward_chainerx(self, inputs):
        pred, true = inputs
        if pred.dtype.kind != 'f' or true.dtype != pred.dtype or true.shape != pred.shape or \
                pred.ndim == 0:
            return function_node.Fallback
        with chainerx.no_backprop_mode():
            return self.forward(inputs)

    def forward(self, inputs):
        pred, true = inputs
        xp = backend.get_array_module(pred)
        ss_res = ((pred - true) ** 2).sum(axis=0)
        ss_tot = ((true - true.mean(axis=0)) ** 2).sum(axis=0)
        zero = ss_tot == 0
        # The dummy 1 where SS_tot is 0 avoids a division by zero; those columns score 0.
        score = xp.where(zero, 0.0, 1 - ss_res / xp.where(zero, 1, ss_tot)).astype(pred.dtype)
        if self.multioutput == 'uniform_average':
            return xp.asarray(score.mean()).astype(pred.dtype),
        return score,


def r2_score(pred, true, sample_weight=None, multioutput='uniform_average'):
    """R^2 (coefficient of determination) regression score.

    Args:
        pred (~chainer.Variable or array): Predicted values, float of shape (N,) or (N, M).
        true (~chainer.Variable or array): Ground truth of the shape and dtype of `pred`.
        sample_weight: Not supported; must be None (else NotImplementedError).
        multioutput (str): `'uniform_average'` averages the M scores; `'raw_values'` returns
            them.

    Returns:
        ~chainer.Variable: The score(s), of pred's dtype. It has no gradient.
    """
    return R2_score(sample_weight=sample_weight, multioutput=multioutput).apply((pred, true))[0]
