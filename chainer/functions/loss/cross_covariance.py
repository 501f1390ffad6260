"""F.cross_covariance: the cross-covariance of two sets of features, a decorrelation penalty.

Note [Covariance gradients]: for C = yc^T zc / N with yc and zc the inputs centered over the
batch (axis 0), the gradient of a loss with dL/dC = G is dL/dy = zc G^T / N and dL/dz = yc G / N.
Centering would subtract the batch mean of those, but the mean of zc G^T is 0 because zc is
centered. The expressions hold for all inputs, so written with chainer functions they are
differentiable again (F.decov, the covariance of h with itself, uses the same facts).
"""

from chainer.functions.loss import _util
from chainer.functions.math.average import average
from chainer.functions.math.matmul import matmul
from chainer.utils import type_check

REDUCE = ('half_squared_sum', 'no')


def centered(x):
    """x minus its mean over axis 0 (an array of any module)."""
    return x - x.mean(axis=0, keepdims=True)


def centered_variable(x):
    """x minus its mean over axis 0 (a Variable, differentiably)."""
    return x - average(x, axis=0, keepdims=True)


def half_squared_sum(a):
    """Half the sum of the squares of the array `a`, of a's dtype (also under NumPy 1)."""
    return (a * a).sum() * a.dtype.type(0.5)


class CrossCovariance(_util.ArrayComposition):
    """The cross-covariance of y and z (Note [Covariance gradients])."""

    retained = (0, 1)

    def __init__(self, reduce='half_squared_sum'):
        _util.check_reduce(reduce, REDUCE)
        self.reduce = reduce

    def check_type_forward(self, in_types):
        y_type, z_type = _util.expect_floats(in_types, ('y', 'z'))
        type_check.expect(
            y_type.ndim == 2,
            z_type.ndim == 2,
            y_type.shape[0] == z_type.shape[0],
        )

    def fits(self, y, z):
        return y.dtype.kind == 'f' and y.dtype == z.dtype and y.ndim == 2 and z.ndim == 2 and \
            len(y) == len(z)

    def compute(self, y, z):
        covariance = centered(y).T.dot(centered(z)) / len(y)
        return half_squared_sum(covariance) if self.reduce == 'half_squared_sum' else covariance

    def backward(self, indexes, grad_outputs):
        y, z = self.get_retained_inputs()
        gcost, = grad_outputs
        y_centered = centered_variable(y)
        z_centered = centered_variable(z)
        scale = 1. / max(len(y), 1)
        if self.reduce == 'half_squared_sum':
            covariance = matmul(y_centered, z_centered, transa=True) * scale
            g = covariance * (gcost * scale)
        else:
            g = gcost * scale
        ret = []
        for i in indexes:
            if i == 0:
                ret.append(matmul(z_centered, g, transb=True))
            else:
                ret.append(matmul(y_centered, g))
        return tuple(ret)


def cross_covariance(y, z, reduce='half_squared_sum'):
    """Cross-covariance loss: penalizes the covariance between two sets of features.

    With yc and zc the inputs minus their means over the batch, the cross-covariance is the
    (M, K) matrix C = yc^T zc / N; the loss is ``sum(C ** 2) / 2``.

    Args:
        y (~chainer.Variable or array): Float features of shape (N, M).
        z (~chainer.Variable or array): Features of shape (N, K), of y's dtype.
        reduce (str): `'half_squared_sum'` (the default) returns the loss, a 0-d Variable;
            `'no'` returns the matrix C.

    Returns:
        ~chainer.Variable: The loss or the cross-covariance matrix, of y's dtype.

    Raises:
        ValueError: `reduce` is unknown.
        ~chainer.utils.type_check.InvalidType: The inputs are not 2-d float arrays of one dtype
            and batch size.

    Example:
        >>> y = numpy.array([[1., 0.], [-1., 0.]])
        >>> z = numpy.array([[2.], [0.]])
        >>> F.cross_covariance(y, z, reduce='no').array
        array([[1.],
               [0.]])
    """
    return CrossCovariance(reduce).apply((y, z))[0]
