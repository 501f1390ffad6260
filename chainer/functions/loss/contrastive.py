"""F.contrastive: the contrastive loss of pairs of vectors labelled similar or dissimilar."""

from chainer import backend
from chainer.functions.activation.relu import relu
from chainer.functions.array.reshape import reshape
from chainer.functions.array.where import where
from chainer.functions.math.sqrt import sqrt
from chainer.functions.math.sum import sum as sum_
from chainer.functions.loss import _util
from chainer.utils import type_check


def _safe_distance(xp, dist_sq):
    """sqrt(dist_sq), whose gradient is 0 (not NaN) where dist_sq is 0 (arrays of any module).

    Note [Distance at zero]: the loss of a dissimilar pair is 0.5 * max(margin - |x0 - x1|, 0)^2,
    whose gradient -(margin - d) * (x0 - x1) / d is taken as 0 where x0 == x1 (d = 0), as the
    original does. sqrt has no finite derivative at 0, so the distance is computed through two
    `where`s: the square root only sees positive values, and the zero distances are constants.
    """
    positive = dist_sq > 0
    return xp.where(positive, xp.sqrt(xp.where(positive, dist_sq, 1)), 0)


class MarginLoss(_util.ArrayComposition):
    """A loss of three inputs (retained) with a positive `margin`, reduced by 'mean' or not."""

    retained = (0, 1, 2)

    def __init__(self, margin, reduce='mean'):
        if margin <= 0:
            raise ValueError('margin should be positive value.')
        _util.check_reduce(reduce, ('mean', 'no'))
        self.margin = float(margin)
        self.reduce = reduce


class Contrastive(MarginLoss):
    """The contrastive loss; its gradient is written with chainer functions (double backprop)."""

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x0', 'x1', 'y'))
        x0_type, x1_type, y_type = in_types
        type_check.expect(
            x0_type.ndim == 2,
            x1_type.ndim == 2,
            y_type.ndim == 1,
            x0_type.dtype.kind == 'f',
            x0_type.dtype == x1_type.dtype,
            y_type.dtype.kind == 'i',
            x0_type.shape == x1_type.shape,
            x1_type.shape[0] == y_type.shape[0],
            x1_type.shape[0] > 0,
        )

    def fits(self, x0, x1, y):
        return _util.same_float_arrays(x0, x1) and x0.ndim == 2 and y.dtype.kind == 'i' and \
            y.shape == x0.shape[:1] and len(x0) > 0

    def compute(self, x0, x1, y):
        xp = backend.get_array_module(x0)
        diff = x0 - x1
        dist_sq = (diff * diff).sum(axis=1)
        hinge = xp.maximum(self.margin - _safe_distance(xp, dist_sq), 0)
        similar = y.astype(x0.dtype)
        loss = (similar * dist_sq + (1 - similar) * (hinge * hinge)) * 0.5
        # A divisor of the loss's dtype keeps it under NumPy 1's promotion of scalars.
        return loss.sum() / loss.dtype.type(len(x0)) if self.reduce == 'mean' else loss

    def backward(self, indexes, grad_outputs):
        x0, x1, y = self.get_retained_inputs()
        gy, = grad_outputs
        n = len(x0)
        diff = x0 - x1
        dist_sq = sum_(diff * diff, axis=1)
        positive = dist_sq.array > 0
        # Where dist_sq is 0, diff is 0 too and so is the gradient (Note [Distance at zero]).
        dist = sqrt(where(positive, dist_sq, 1))
        similar = _util.constant(y.array.astype(x0.dtype))
        coef = similar - (1 - similar) * relu(self.margin - dist) / dist
        coef = coef * (gy * (1. / n) if self.reduce == 'mean' else gy)
        gx0 = reshape(coef, (n, 1)) * diff
        return tuple([gx0 if i == 0 else -gx0 if i == 1 else None for i in indexes])


def contrastive(x0, x1, y, margin=1, reduce='mean'):
    """Contrastive loss of pairs of vectors, labelled similar (1) or dissimilar (0).

    With d the Euclidean distance of a pair (x0[i], x1[i]), the loss of the pair is
    ``y[i] * d ** 2 / 2 + (1 - y[i]) * max(margin - d, 0) ** 2 / 2``: similar pairs are pulled
    together, dissimilar ones pushed at least `margin` apart.

    Args:
        x0 (~chainer.Variable or array): The first vectors, a float array of shape (N, K).
        x1 (~chainer.Variable or array): The second vectors, of x0's dtype and shape.
        y (~chainer.Variable or array): Signed integer labels of shape (N,): 1 for a similar
            pair, 0 for a dissimilar one.
        margin (float): The distance beyond which dissimilar pairs cost nothing; positive.
        reduce (str): `'mean'` (the default) returns the mean over the pairs (a 0-d Variable);
            `'no'` returns the loss of each pair, of shape (N,).

    Returns:
        ~chainer.Variable: The loss, of x0's dtype.

    Raises:
        ValueError: `margin` is not positive or `reduce` is unknown.
        ~chainer.utils.type_check.InvalidType: The dtypes or shapes are invalid, or N is 0.

    Example:
        >>> x0 = numpy.array([[0., 0.], [0., 0.]])
        >>> x1 = numpy.array([[3., 4.], [0.6, 0.8]])
        >>> F.contrastive(x0, x1, numpy.array([1, 0], numpy.int32), reduce='no').array
        array([12.5,  0. ])
    """
    return Contrastive(margin, reduce).apply((x0, x1, y))[0]
