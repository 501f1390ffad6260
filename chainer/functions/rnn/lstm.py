"""F.lstm: one step of a long short-term memory cell."""

import chainer
import chainerx

from chainer import backend
from chainer import function_node
from chainer.utils import type_check


def _extract_gates(x):
    """The gates a, i, f, o of x (B, 4H, ...), interleaved along axis 1: x.reshape(B, H, 4, ...)."""
    r = x.reshape((len(x), x.shape[1] // 4, 4) + x.shape[2:])
    return [r[:, :, i] for i in range(4)]


def _sigmoid(xp, x):
    return xp.tanh(x * 0.5) * 0.5 + 0.5


class LSTM(function_node.FunctionNode):
    """The cell update c = tanh(a) sigmoid(i) + sigmoid(f) c_prev, h = sigmoid(o) tanh(c).

    c_prev may have more rows than x (sequences of decreasing length): the extra rows of c_prev are
    passed through to c, and h has x's rows only.
    """

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('c', 'x'))
        c_type, x_type = in_types
        type_check.expect(
            c_type.dtype.kind == 'f',
            x_type.dtype == c_type.dtype,
            c_type.ndim >= 2,
            x_type.ndim >= 2,
            c_type.ndim == x_type.ndim,
            x_type.shape[0] <= c_type.shape[0],
            x_type.shape[1] == 4 * c_type.shape[1],
        )
        for i in range(2, type_check.eval(c_type.ndim)):
            type_check.expect(x_type.shape[i] == c_type.shape[i])

    def forward_chainerx(self, inputs):
        c_prev, x = inputs
        if c_prev.dtype.kind != 'f' or x.dtype != c_prev.dtype or x.ndim < 2 or \
                c_prev.ndim != x.ndim or len(x) > len(c_prev) or \
                x.shape[1] != 4 * c_prev.shape[1] or x.shape[2:] != c_prev.shape[2:]:
            return function_node.Fallback
        return chainerx.lstm(c_prev, x)

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        c_prev, x = inputs
        xp = backend.get_array_module(x)
        a, i, f, o = _extract_gates(x)
        batch = len(x)
        c = xp.tanh(a) * _sigmoid(xp, i) + _sigmoid(xp, f) * c_prev[:batch]
        h = _sigmoid(xp, o) * xp.tanh(c)
        if batch < len(c_prev):
            c = xp.concatenate((c, c_prev[batch:]), axis=0)
        return c, h

    def backward(self, indexes, grad_outputs):
        F = chainer.functions
        c_prev, x = self.get_retained_inputs()
        gc, gh = grad_outputs
        batch = len(x)
        rest = len(c_prev) - batch
        if rest:
            c_prev, _ = F.split_axis(c_prev, [batch], axis=0)
        gates = F.separate(F.reshape(x, (batch, x.shape[1] // 4, 4) + x.shape[2:]), axis=2)
        ta = F.tanh(gates[0])
        si, sf, so = [F.sigmoid(g) for g in gates[1:]]
        tc = F.tanh(ta * si + sf * c_prev)
        gc_rest = None
        if gc is None:
            if rest:
                gc_rest = _zeros((rest,) + c_prev.shape[1:], c_prev)
        elif rest:
            gc, gc_rest = F.split_axis(gc, [batch], axis=0)
        # g: the gradient of the new cell state, from c directly and through h (one is not None).
        g = gc
        if gh is not None:
            g_h = gh * so * (1 - tc * tc)
            g = g_h if g is None else g + g_h
        ret = []
        for index in indexes:
            if index == 0:
                gc_prev = g * sf
                ret.append(F.concat((gc_prev, gc_rest), axis=0) if rest else gc_prev)
            else:
                go = _zeros(tc.shape, tc) if gh is None else gh * tc * so * (1 - so)
                gx = (g * si * (1 - ta * ta), g * ta * si * (1 - si),
                      g * c_prev * sf * (1 - sf), go)
                ret.append(F.reshape(F.stack(gx, axis=2), x.shape))
        return tuple(ret)


def _zeros(shape, like):
    """A constant Variable of zeros of `shape`, like's dtype, on like's device."""
    array = like.array
    if isinstance(array, chainerx.ndarray):
        return chainer.Variable(chainerx.zeros(shape, array.dtype, device=array.device),
                                requires_grad=False)
    return chainer.Variable(backend.get_array_module(array).zeros(shape, array.dtype),
                            requires_grad=False)


def lstm(c_prev, x):
    """Long short-term memory unit: one step of an LSTM cell.

    The gates are interleaved along axis 1 of x: with x.reshape(B, H, 4, ...), [:, :, 0] is the
    cell input a, 1 the input gate i, 2 the forget gate f and 3 the output gate o.
    c = tanh(a) * sigmoid(i) + sigmoid(f) * c_prev and h = sigmoid(o) * tanh(c).

    Args:
        c_prev (~chainer.Variable or array): Previous cell state of shape (B', H, ...), B' >= B;
            its rows beyond B are passed through to c.
        x (~chainer.Variable or array): Gate pre-activations of shape (B, 4H, ...), c_prev's
            dtype.

    Returns:
        tuple: The new cell state c (c_prev's shape) and the output h (shape (B, H, ...)).
    """
    return tuple(LSTM().apply((c_prev, x)))
