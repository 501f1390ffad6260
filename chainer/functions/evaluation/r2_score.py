"""F.r2_score: the coefficient of determination of predictions."""

from chainer import backend
from chainer.functions.loss import _util

_MULTIOUTPUT = ('uniform_average', 'raw_values')


class R2_score(_util.ArrayComposition):
    """1 - SS_res / SS_tot per output column (0 where SS_tot is 0); not differentiable."""

    differentiable = False
    retained = ()

    def __init__(self, sample_weight=None, multioutput='uniform_average'):
        if sample_weight is not None:
            raise NotImplementedError('sample_weight option is not supported')
        if multioutput not in _MULTIOUTPUT:
            raise ValueError('invalid multioutput argument')
        self.multioutput = multioutput

    def check_type_forward(self, in_types):
        _util.expect_floats(in_types, ('pred', 'true'), same_shape=True)

    def fits(self, pred, true):
        return _util.same_float_arrays(pred, true) and pred.ndim > 0

    def compute(self, pred, true):
        xp = backend.get_array_module(pred)
        ss_res = ((pred - true) ** 2).sum(axis=0)
        ss_tot = ((true - true.mean(axis=0)) ** 2).sum(axis=0)
        zero = ss_tot == 0
        # The dummy 1 where SS_tot is 0 avoids a division by zero; those columns score 0.
        score = xp.where(zero, 0.0, 1 - ss_res / xp.where(zero, 1, ss_tot)).astype(pred.dtype)
        if self.multioutput == 'uniform_average':
            return xp.asarray(score.mean()).astype(pred.dtype)
        return score


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
