"""The bilinear form `bilinear(e1, e2, W, V1, V2, b)` of two batches of vectors."""

import chainer
import chainerx

from chainer import backend
from chainer import function_node
from chainer.utils import type_check


def _as_matrix_shape(shape):
    """The shape `(shape[0], prod(shape[1:]))` of an input flattened to a matrix."""
    size = 1
    for n in shape[1:]:
        size *= n
    return shape[0], size


def _as_matrix(array):
    return array if array.ndim == 2 else array.reshape(_as_matrix_shape(array.shape))


class BilinearFunction(function_node.FunctionNode):
    """`y[i, k] = sum_{j, l} e1[i, j] e2[i, l] W[j, l, k] (+ e1 V1 + e2 V2 + b)`.

    Inputs are `(e1, e2, W)` or `(e1, e2, W, V1, V2, b)`; e1 and e2 are flattened to matrices.
    """

    def check_type_forward(self, in_types):
        n_in = in_types.size()
        if type_check.eval(n_in) != 6:
            type_check.expect(n_in == 3)
        type_check.argname(in_types, ('e1', 'e2', 'W', 'V1', 'V2', 'b')[:len(in_types)])
        e1_type, e2_type, w_type = in_types[:3]
        type_check.expect(
            e1_type.dtype.kind == 'f',
            e1_type.ndim >= 2,
            e2_type.ndim >= 2,
            e1_type.shape[0] == e2_type.shape[0],
            w_type.ndim == 3,
            type_check.prod(e1_type.shape[1:]) == w_type.shape[0],
            type_check.prod(e2_type.shape[1:]) == w_type.shape[1],
        )
        for other in in_types[1:]:
            type_check.expect(other.dtype == e1_type.dtype)
        if type_check.eval(n_in) == 6:
            v1_type, v2_type, b_type = in_types[3:]
            type_check.expect(
                v1_type.ndim == 2,
                v1_type.shape[0] == w_type.shape[0],
                v1_type.shape[1] == w_type.shape[2],
                v2_type.ndim == 2,
                v2_type.shape[0] == w_type.shape[1],
                v2_type.shape[1] == w_type.shape[2],
                b_type.ndim == 1,
                b_type.shape[0] == w_type.shape[2],
            )

    def forward_chainerx(self, inputs):
        e1, e2, W = inputs[:3]
        dtype = e1.dtype
        if (dtype.kind != 'f' or any([a.dtype != dtype for a in inputs[1:]]) or e1.ndim < 2
                or e2.ndim < 2 or W.ndim != 3 or e1.shape[0] != e2.shape[0]):
            return chainer.Fallback  # the type check raises the usual error
        e1, e2 = _as_matrix(e1), _as_matrix(e2)
        n, (J, L, K) = e1.shape[0], W.shape
        if e1.shape[1] != J or e2.shape[1] != L:
            return chainer.Fallback
        outer = (e1.reshape(n, J, 1) * e2.reshape(n, 1, L)).reshape(n, J * L)
        y = chainerx.dot(outer, W.reshape(J * L, K))
        if len(inputs) == 6:
            V1, V2, b = inputs[3:]
            if V1.shape != (J, K) or V2.shape != (L, K) or b.shape != (K,):
                return chainer.Fallback
            y = y + chainerx.dot(e1, V1) + chainerx.dot(e2, V2) + b
        return y,

    def forward(self, inputs):
        self.retain_inputs(tuple(range(len(inputs))))
        e1, e2, W = _as_matrix(inputs[0]), _as_matrix(inputs[1]), inputs[2]
        xp = backend.get_array_module(e1)
        y = xp.einsum('ij,il,jlk->ik', e1, e2, W)
        if len(inputs) == 6:
            V1, V2, b = inputs[3:]
            y += e1.dot(V1) + e2.dot(V2) + b
        return y,

    def backward(self, indexes, grad_outputs):
        inputs = self.get_retained_inputs()
        e1_in, e2_in, W = inputs[:3]
        gy, = grad_outputs
        F = chainer.functions
        e1, e2 = _matrix(e1_in), _matrix(e2_in)
        n, (J, L, K) = e1.shape[0], W.shape
        # t[i, j, l] = sum_k W[j, l, k] gy[i, k]
        t = F.reshape(F.matmul(gy, F.reshape(W, (J * L, K)), transb=True), (n, J, L))
        ge1 = F.sum(t * F.reshape(e2, (n, 1, L)), axis=2)
        ge2 = F.sum(t * F.reshape(e1, (n, J, 1)), axis=1)
        grads = {}
        if 2 in indexes:
            outer = F.reshape(F.reshape(e1, (n, J, 1)) * F.reshape(e2, (n, 1, L)), (n, J * L))
            grads[2] = F.reshape(F.matmul(outer, gy, transa=True), (J, L, K))
        if len(inputs) == 6:
            V1, V2 = inputs[3:5]
            ge1 = ge1 + F.matmul(gy, V1, transb=True)
            ge2 = ge2 + F.matmul(gy, V2, transb=True)
            grads[3] = F.matmul(e1, gy, transa=True)
            grads[4] = F.matmul(e2, gy, transa=True)
            grads[5] = F.sum(gy, axis=0)
        grads[0] = ge1 if e1_in.ndim == 2 else F.reshape(ge1, e1_in.shape)
        grads[1] = ge2 if e2_in.ndim == 2 else F.reshape(ge2, e2_in.shape)
        return tuple([grads[i] for i in indexes])


def _matrix(variable):
    if variable.ndim == 2:
        return variable
    return chainer.functions.reshape(variable, _as_matrix_shape(variable.shape))


def bilinear(e1, e2, W, V1=None, V2=None, b=None):
    """Bilinear function, an extension of the linear function to two inputs.

    `y[i, k] = sum_{j, l} e1[i, j] e2[i, l] W[j, l, k] + sum_j e1[i, j] V1[j, k] + sum_l e2[i, l]
    V2[l, k] + b[k]`, where e1 and e2 are flattened to matrices `(batch, -1)`. V1, V2 and b are all
    given or all None.

    Args:
        e1 (~chainer.Variable or array): Left input of shape `(i, j)` (or `(i, ...)`, flattened).
        e2 (~chainer.Variable or array): Right input of shape `(i, l)` (or `(i, ...)`, flattened).
        W (~chainer.Variable or array): Quadratic weight of shape `(j, l, k)`.
        V1 (~chainer.Variable or array): Left linear weight `(j, k)`, or None.
        V2 (~chainer.Variable or array): Right linear weight `(l, k)`, or None.
        b (~chainer.Variable or array): Bias `(k,)`, or None.

    Returns:
        ~chainer.Variable: Output of shape `(i, k)`.

    Raises:
        ValueError: Some but not all of V1, V2 and b are None.
    """
    flags = [V1 is None, V2 is None, b is None]
    if any(flags):
        if not all(flags):
            raise ValueError('All coefficients and bias for bilinear() must be None, if at least '
                             'one of them is None.')
        return BilinearFunction().apply((e1, e2, W))[0]
    return BilinearFunction().apply((e1, e2, W, V1, V2, b))[0]
