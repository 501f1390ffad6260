"""F.det and F.batch_det: the determinant of a square matrix, or of each matrix of a batch."""

import chainerx

from chainer.functions.array.reshape import reshape
from chainer.functions.array.transpose import transpose
from chainer.functions.math.inv import Inv
from chainer.functions.math.inv import LinalgNode


class Det(LinalgNode):
    """Determinant of a square matrix (or, if `batched`, of each matrix of a 3-d batch).

    The gradient is det(a) * inv(a)^T, so it does not exist where `a` is singular. On chainerx the
    routine (chainerx._core._det) records the same gradient in C++.
    """

    _routine = 'det'
    _chainerx_routines = (chainerx._core._det, chainerx._core._det)

    def forward(self, inputs):
        self.retain_inputs((0,))
        return super().forward(inputs)

    def backward(self, indexes, grad_outputs):
        a, = self.get_retained_inputs()
        y, = self.get_retained_outputs()
        a_inv = Inv(self.batched).apply((a,))[0]
        a_inv_t = transpose(a_inv, tuple(range(a.ndim - 2)) + (a.ndim - 1, a.ndim - 2))
        coefficient = reshape(grad_outputs[0] * y, y.shape + (1, 1))
        return a_inv_t * coefficient,


def det(a):
    """Computes the determinant of a square matrix.

    Args:
        a (~chainer.Variable or array): A float square matrix.

    Returns:
        ~chainer.Variable: The determinant (0-d).

    Raises:
        ~chainer.utils.type_check.InvalidType: `a` is not a float square matrix.

    Example:
        >>> F.det(numpy.array([[2., 1.], [1., 3.]])).array
        array(5.)
    """
    return Det().apply((a,))[0]


def batch_det(a):
    """Computes the determinant of each square matrix of a batch.

    Args:
        a (~chainer.Variable or array): A float batch of square matrices, of shape (B, N, N).

    Returns:
        ~chainer.Variable: The determinants, of shape (B,).

    Raises:
        ~chainer.utils.type_check.InvalidType: `a` is not a float 3-d batch of square matrices.

    Example:
        >>> F.batch_det(numpy.full((2, 1, 1), 3.)).array
        array([3., 3.])
    """
    return Det(batched=True).apply((a,))[0]
