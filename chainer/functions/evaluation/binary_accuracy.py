"""F.binary_accuracy: the fraction of binary labels matched by the sign of the scores."""

from chainer import backend
from chainer.functions.loss import _util
from chainer.utils import type_check

_IGNORE_LABEL = -1


class BinaryAccuracy(_util.ArrayComposition):
    """mean((y >= 0) == t) over the labels other than -1; not differentiable."""

    differentiable = False
    retained = ()

    def check_type_forward(self, in_types):
        x_type, t_type = _util.expect_scores_and_labels(in_types)
        type_check.expect(t_type.shape == x_type.shape)

    def fits(self, y, t):
        return _util.scores_and_labels(y, t) and y.shape == t.shape

    def compute(self, y, t):
        xp = backend.get_array_module(y)
        correct = ((y >= 0).astype(t.dtype) == t).sum()
        count = xp.maximum(1, (t != _IGNORE_LABEL).sum())
        # Divided in float64, as the original's integer division, then cast to y's dtype.
        return xp.asarray(correct.astype('float64') / count.astype('float64')).astype(y.dtype)


def binary_accuracy(y, t):
    """Binary classification accuracy: the fraction of labels equal to (y >= 0).

    Args:
        y (~chainer.Variable or array): Float scores (pre-sigmoid values).
        t (~chainer.Variable or array): Signed integer labels (0, 1, or -1 to ignore) of the shape
            of `y`.

    Returns:
        ~chainer.Variable: A 0-d Variable of y's dtype. It has no gradient.
    """
    return BinaryAccuracy().apply((y, t))[0]
