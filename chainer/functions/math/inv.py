"""F.inv and F.batch_inv: the inverse of a square matrix, or of each matrix of a batch."""

import numpy

import chainerx

from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.functions.math.matmul import matmul
from chainer.utils import type_check


def linalg_array(routine, a):
    """Applies the xp.linalg `routine` (a name) to `a`; float16 is computed in float32."""
    xp = backend.get_array_module(a)
    f = getattr(xp.linalg, routine)
    if a.dtype == numpy.float16:
        return f(a.astype(numpy.float32)).astype(numpy.float16)
    return f(a)


def check_square_type(in_types, batched):
    """Type-checks one float input `a`: a square matrix, or a batch (3-d) of them if `batched`."""
    type_check._argname(in_types, ('a',))
    a_type, = in_types
    type_check.expect(
        a_type.dtype.kind == 'f',
        a_type.ndim == (3 if batched else 2),
        a_type.shape[-1] == a_type.shape[-2],
    )


class LinalgNode(function_node.FunctionNode):
    """Base of the nodes applying the xp.linalg routine `_routine` to one square matrix.

    With `batched`, the input is a 3-d batch of matrices. `_chainerx_routines` holds the chainerx
    routines with a backward in C++ for one matrix and for a batch (None where there is none),
    which `forward_chainerx` runs for float inputs of the node's ndim (float16 through float32).
    """

    _routine = None
    _chainerx_routines = (None, None)

    def __init__(self, batched=False):
        self.batched = batched

    def check_type_forward(self, in_types):
        check_square_type(in_types, self.batched)

    def forward_chainerx(self, inputs):
        a, = inputs
        routine = self._chainerx_routines[self.batched]
        if routine is None or a.dtype.kind != 'f' or a.ndim != (3 if self.batched else 2):
            return function_node.Fallback
        try:
            if a.dtype == numpy.float16:
                # Computed in float32, as `linalg_array` does; the casts are on the graph.
                return routine(a.astype(numpy.float32)).astype(numpy.float16),
            return routine(a),
        except chainerx.ChainerxError:
            return function_node.Fallback  # the type check or NumPy names the error

    def forward(self, inputs):
        self.retain_outputs((0,))
        return utils.force_array(linalg_array(self._routine, inputs[0])),


class Inv(LinalgNode):
    """Matrix inverse of a square matrix (or, if `batched`, of each matrix of a 3-d batch)."""

    _routine = 'inv'
    _chainerx_routines = (chainerx.linalg.inv, chainerx._core._batch_inv)

    def backward(self, indexes, grad_outputs):
        y, = self.get_retained_outputs()
        gy_yt = matmul(grad_outputs[0], y, transb=True)
        return -matmul(y, gy_yt, transa=True),


def inv(a):
    """Computes the inverse of a square matrix.

    Args:
        a (~chainer.Variable or array): A float square matrix.

    Returns:
        ~chainer.Variable: The inverse.

    Raises:
        numpy.linalg.LinAlgError: `a` is singular.
        ~chainer.utils.type_check.InvalidType: `a` is not a float square matrix.

    Example:
        >>> F.inv(numpy.array([[2., 0.], [0., 4.]])).array
        array([[0.5 , 0.  ],
               [0.  , 0.25]])
    """
    return Inv().apply((a,))[0]


def batch_inv(a):
    """Computes the inverse of each square matrix of a batch.

    Args:
        a (~chainer.Variable or array): A float batch of square matrices, of shape (B, N, N).

    Returns:
        ~chainer.Variable: The inverses, of shape (B, N, N).

    Raises:
        numpy.linalg.LinAlgError: A matrix is singular.
        ~chainer.utils.type_check.InvalidType: `a` is not a float 3-d batch of square matrices.

    Example:
        >>> F.batch_inv(numpy.full((3, 1, 1), 4.)).array.ravel()
        array([0.25, 0.25, 0.25])
    """
    return Inv(batched=True).apply((a,))[0]
