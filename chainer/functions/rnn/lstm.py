"""F.lstm: one step of a long short-term memory cell."""

import chainer
import chainerx

from chainer import backend
from chainer.functions.loss import _util
from chainer.functions.rnn import _cell
from chainer.utils import type_check


class LSTM(_cell.Cell):
    """The cell update c = tanh(a) sigmoid(i) + sigmoid(f) c_prev, h = sigmoid(o) tanh(c).

    c_prev may have more rows than x (sequences of decreasing length): the extra rows of c_prev are
    passed through to c, and h has x's rows only.
    """

    chainerx_routine = staticmethod(chainerx.lstm)

    def check_type_forward(self, in_types):
        c_type, x_type = _util.expect_floats(in_types, ('c', 'x'))
        type_check.expect(
            c_type.ndim >= 2,
            x_type.ndim >= 2,
            c_type.ndim == x_type.ndim,
            x_type.shape[0] <= c_type.shape[0],
            x_type.shape[1] == 4 * c_type.shape[1],
        )
        _cell.expect_trailing_axes(x_type, c_type)

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        c_prev, x = inputs
        xp = backend.get_array_module(x)
        a, i, f, o = _cell.split_gates(x, 4, True)
        batch = len(x)
        c = xp.tanh(a) * _cell.sigmoid(i) + _cell.sigmoid(f) * c_prev[:batch]
        h = _cell.sigmoid(o) * xp.tanh(c)
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
        ta, si, sf, so = _cell.activated_gates(x, 4, True, (0,))
        tc = F.tanh(ta * si + sf * c_prev)
        gc_rest = None
        if gc is None:
            if rest:
                gc_rest = _cell.zeros((rest,) + c_prev.shape[1:], c_prev)
        elif rest:
            gc, gc_rest = F.split_axis(gc, [batch], axis=0)
        g, go = _cell.cell_grads(gc, gh, so, tc)
        ret = []
        for index in indexes:
            if index == 0:
                gc_prev = g * sf
                ret.append(F.concat((gc_prev, gc_rest), axis=0) if rest else gc_prev)
            else:
                gx = (g * si * _cell.dtanh(ta), g * ta * _cell.dsigmoid(si),
                      g * c_prev * _cell.dsigmoid(sf), go)
                ret.append(_cell.join_gates(gx, x.shape, True))
        return tuple(ret)


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
