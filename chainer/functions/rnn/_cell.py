"""What the LSTM cells (lstm, slstm, tree_lstm) share: the base node `Cell` (its native path and
type-check pieces), gate layouts and pieces of their gradients.

The gates of a cell are packed along axis 1 of x, of shape (B, n H, ...): interleaved (gate k of
unit j at j * n + k, F.lstm and F.slstm) or in blocks (gate k of unit j at k * H + j,
F.tree_lstm). The backward passes recompute the activated gates from x with chainer functions, so
that their gradients are differentiable again.
"""

import chainer
import chainerx

from chainer import backend
from chainer import function_node
from chainer.functions.loss import _util
from chainer.utils import type_check


def _packed_shape(x_shape, n, interleaved):
    units = x_shape[1] // n
    middle = (units, n) if interleaved else (n, units)
    return (x_shape[0],) + middle + tuple(x_shape[2:])


def split_gates(x, n, interleaved):
    """The n gate arrays (B, H, ...) of the array x (NumPy, CuPy or chainerx)."""
    r = x.reshape(_packed_shape(x.shape, n, interleaved))
    return [r[:, :, k] if interleaved else r[:, k] for k in range(n)]


def sigmoid(x):
    """The logistic function of an array, computed through tanh (no overflow)."""
    return backend.get_array_module(x).tanh(x * 0.5) * 0.5 + 0.5


def gates(x, n, interleaved):
    """The n gates (pre-activations) of the Variable x, as Variables."""
    F = chainer.functions
    return F.separate(F.reshape(x, _packed_shape(x.shape, n, interleaved)),
                      axis=2 if interleaved else 1)


def activated_gates(x, n, interleaved, tanh_gates):
    """The n gates of the Variable x, through tanh (indexes in `tanh_gates`) or sigmoid."""
    F = chainer.functions
    return [F.tanh(g) if k in tanh_gates else F.sigmoid(g)
            for k, g in enumerate(gates(x, n, interleaved))]


def join_gates(grads, x_shape, interleaved):
    """The gradients of the gates (B, H, ...) packed back into x's layout."""
    F = chainer.functions
    return F.reshape(F.stack(grads, axis=2 if interleaved else 1), x_shape)


def dtanh(y):
    """The derivative of tanh at the point where it is y."""
    return 1 - y * y


def dsigmoid(y):
    """The derivative of the logistic function at the point where it is y."""
    return y * (1 - y)


def zeros(shape, like):
    """A constant Variable of zeros of `shape`, of like's dtype and on like's device."""
    array = like.array
    if isinstance(array, chainerx.ndarray):
        zero = chainerx.zeros(shape, array.dtype, device=array.device)
    else:
        zero = backend.get_array_module(array).zeros(shape, array.dtype)
    return chainer.Variable(zero, requires_grad=False)


def cell_grads(gc, gh, o, tanh_c):
    """The gradients of the new cell state c (through c and h = o tanh(c)) and of the output gate.

    gc or gh may be None (not both).
    """
    g = gc
    if gh is not None:
        g_h = gh * o * dtanh(tanh_c)
        g = g_h if g is None else g + g_h
    go = zeros(tanh_c.shape, tanh_c) if gh is None else gh * tanh_c * dsigmoid(o)
    return g, go


def expect_trailing_axes(a_type, b_type):
    """Type-checks that the arrays have the sizes of each other beyond axis 1 (same ndim)."""
    for i in range(2, type_check.eval(a_type.ndim)):
        type_check.expect(a_type.shape[i] == b_type.shape[i])


class Cell(function_node.FunctionNode):
    """Base of the cell nodes: forward_chainerx calls `chainerx_routine` (a chainerx cell).

    For inputs of other dtypes (or of one non-float dtype) and for chainerx's shape errors it
    returns Fallback, whose type check then raises InvalidType.
    """

    @staticmethod
    def chainerx_routine(*inputs):
        raise NotImplementedError

    def forward_chainerx(self, inputs):
        dtype = inputs[-1].dtype
        if dtype.kind != 'f' or any([a.dtype != dtype for a in inputs]):
            return function_node.Fallback
        try:
            return tuple(self.chainerx_routine(*inputs))
        except _util.CHAINERX_INPUT_ERRORS:
            return function_node.Fallback
