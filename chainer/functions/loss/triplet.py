"""F.triplet: the triplet loss of (anchor, positive, negative) examples."""

from chainer import backend
from chainer.functions.loss import _util
from chainer.functions.loss.contrastive import MarginLoss
from chainer.utils import type_check


class Triplet(MarginLoss):
    """The triplet loss; the gradients are linear in the inputs (double backprop)."""

    def check_type_forward(self, in_types):
        anchor_type = _util.expect_floats(
            in_types, ('anchor', 'positive', 'negative'), same_shape=True)[0]
        type_check.expect(anchor_type.ndim >= 2, anchor_type.shape[0] > 0)

    def fits(self, anchor, positive, negative):
        return _util.same_float_arrays(anchor, positive) and \
            _util.same_float_arrays(anchor, negative) and anchor.ndim >= 2 and len(anchor) > 0

    def compute(self, anchor, positive, negative):
        xp = backend.get_array_module(anchor)
        to_positive = anchor - positive
        to_negative = anchor - negative
        dist = (to_positive * to_positive - to_negative * to_negative).sum(axis=1) + self.margin
        hinge = xp.maximum(dist, 0)
        self.active = hinge > 0
        # A divisor of the loss's dtype keeps it under NumPy 1's promotion of scalars.
        return hinge.sum() / hinge.dtype.type(len(hinge)) if self.reduce == 'mean' else hinge

    def backward(self, indexes, grad_outputs):
        anchor, positive, negative = self.get_retained_inputs()
        gy, = grad_outputs
        if self.reduce == 'mean':
            gy = gy * (1. / len(anchor))
        else:
            gy = _util.expand_axis1(gy, anchor.ndim)
        active = self.active.astype(anchor.dtype)
        coef = 2 * gy * _util.constant(active.reshape(active.shape[:1] + (1,) + active.shape[1:]))
        ret = []
        for i in indexes:
            if i == 0:
                ret.append(coef * (negative - positive))
            elif i == 1:
                ret.append(coef * (positive - anchor))
            else:
                ret.append(coef * (anchor - negative))
        return tuple(ret)


def triplet(anchor, positive, negative, margin=0.2, reduce='mean'):
    """Triplet loss: pulls each anchor nearer to its positive example than to its negative one.

    The loss of example i is ``max(|a_i - p_i| ** 2 - |a_i - n_i| ** 2 + margin, 0)``, with the
    squared distances summed over axis 1.

    Args:
        anchor (~chainer.Variable or array): The anchors, a float array of shape (N, K) (or
            (N, K, ...): the squares are summed over axis 1 only).
        positive (~chainer.Variable or array): The positive examples, of anchor's dtype and
            shape.
        negative (~chainer.Variable or array): The negative examples, of anchor's dtype and
            shape.
        margin (float): The margin by which the negative should be farther; positive.
        reduce (str): `'mean'` (the default) sums the loss and divides it by N (a 0-d Variable);
            `'no'` returns it per example, of shape (N,) (or anchor's shape without axis 1).

    Returns:
        ~chainer.Variable: The loss, of anchor's dtype.

    Raises:
        ValueError: `margin` is not positive or `reduce` is unknown.
        ~chainer.utils.type_check.InvalidType: The dtypes or shapes differ, the inputs are not
            float or have fewer than 2 axes, or N is 0.

    Example:
        >>> a = numpy.array([[0., 0.], [0., 0.]])
        >>> p = numpy.array([[1., 0.], [0., 1.]])
        >>> n = numpy.array([[2., 0.], [0., 1.]])
        >>> F.triplet(a, p, n, margin=0.5, reduce='no').array
        array([0. , 0.5])
    """
    return Triplet(margin, reduce).apply((anchor, positive, negative))[0]
