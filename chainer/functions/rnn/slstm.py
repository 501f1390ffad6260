"""F.slstm: the S-LSTM cell, which merges the states of two child cells."""

import chainer
import chainerx

from chainer import backend
from chainer.functions.loss import _util
from chainer.functions.rnn import _cell
from chainer.utils import type_check


class SLSTM(_cell.Cell):
    """c = tanh(a1) s(i1) + tanh(a2) s(i2) + s(f1) c1 + s(f2) c2, h = s(o1 + o2) tanh(c), s the
    sigmoid, the gates of each x interleaved as F.lstm's."""

    chainerx_routine = staticmethod(chainerx.slstm)

    def check_type_forward(self, in_types):
        c1_type, c2_type, x1_type, x2_type = _util.expect_floats(
            in_types, ('c_prev1', 'c_prev2', 'x1', 'x2'))
        type_check.expect(
            c1_type.shape == c2_type.shape,
            x1_type.shape == x2_type.shape,
            c1_type.ndim >= 2,
            x1_type.ndim == c1_type.ndim,
            x1_type.shape[0] == c1_type.shape[0],
            x1_type.shape[1] == 4 * c1_type.shape[1],
        )
        _cell.expect_trailing_axes(x1_type, c1_type)

    def forward(self, inputs):
        self.retain_inputs((0, 1, 2, 3))
        c1, c2, x1, x2 = inputs
        xp = backend.get_array_module(x1)
        a1, i1, f1, o1 = _cell.split_gates(x1, 4, True)
        a2, i2, f2, o2 = _cell.split_gates(x2, 4, True)
        c = (xp.tanh(a1) * _cell.sigmoid(i1) + xp.tanh(a2) * _cell.sigmoid(i2) +
             _cell.sigmoid(f1) * c1 + _cell.sigmoid(f2) * c2)
        return c, _cell.sigmoid(o1 + o2) * xp.tanh(c)

    def backward(self, indexes, grad_outputs):
        F = chainer.functions
        c1, c2, x1, x2 = self.get_retained_inputs()
        (a1, i1, f1, o1), (a2, i2, f2, o2) = [_cell.gates(x, 4, True) for x in (x1, x2)]
        ta1, ta2, si1, si2, sf1, sf2 = [
            F.tanh(a) for a in (a1, a2)] + [F.sigmoid(g) for g in (i1, i2, f1, f2)]
        so = F.sigmoid(o1 + o2)
        tc = F.tanh(ta1 * si1 + ta2 * si2 + sf1 * c1 + sf2 * c2)
        g, go = _cell.cell_grads(grad_outputs[0], grad_outputs[1], so, tc)
        grads = {
            0: lambda: g * sf1,
            1: lambda: g * sf2,
            2: lambda: _cell.join_gates((g * si1 * _cell.dtanh(ta1), g * ta1 * _cell.dsigmoid(
                si1), g * c1 * _cell.dsigmoid(sf1), go), x1.shape, True),
            3: lambda: _cell.join_gates((g * si2 * _cell.dtanh(ta2), g * ta2 * _cell.dsigmoid(
                si2), g * c2 * _cell.dsigmoid(sf2), go), x2.shape, True),
        }
        return tuple([grads[i]() for i in indexes])


def slstm(c_prev1, c_prev2, x1, x2):
    """S-LSTM unit: an LSTM cell with two children, as in tree-structured networks.

    The gates of each x are interleaved along axis 1 as in :func:`lstm` (cell input a, input
    gate i, forget gate f, output gate o). c = tanh(a1) sigmoid(i1) + tanh(a2) sigmoid(i2) +
    sigmoid(f1) c_prev1 + sigmoid(f2) c_prev2 and h = sigmoid(o1 + o2) tanh(c).

    Args:
        c_prev1 (~chainer.Variable or array): Cell state of the first child, (B, H, ...).
        c_prev2 (~chainer.Variable or array): Cell state of the second child, of c_prev1's shape.
        x1 (~chainer.Variable or array): Gate pre-activations from the first child (B, 4H, ...).
        x2 (~chainer.Variable or array): Those from the second child, of x1's shape.

    Returns:
        tuple: The new cell state c and the output h, both of c_prev1's shape.
    """
    return tuple(SLSTM().apply((c_prev1, c_prev2, x1, x2)))
