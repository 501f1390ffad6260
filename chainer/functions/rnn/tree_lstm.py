"""F.tree_lstm: the child-sum tree LSTM cell of any number of children."""

import chainer
import chainerx

from chainer import backend
from chainer.functions.rnn import _cell
from chainer.utils import type_check


class TreeLSTM(_cell.Cell):
    """c = tanh(a) s(i) + sum_k s(f_k) c_k, h = s(o) tanh(c), s the sigmoid; x holds the gates a,
    i, o, f_1, ..., f_n in blocks along axis 1."""

    chainerx_routine = staticmethod(chainerx.tree_lstm)

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() >= 2)
        c_types, x_type = in_types[:-1], in_types[-1]
        type_check.expect(
            x_type.dtype.kind == 'f',
            x_type.ndim >= 2,
            x_type.shape[1] == (len(c_types) + 3) * c_types[0].shape[1],
        )
        for c_type in c_types:
            type_check.expect(
                c_type.dtype == x_type.dtype,
                c_type.ndim == x_type.ndim,
                c_type.shape[0] == x_type.shape[0],
                c_type.shape[1] == c_types[0].shape[1],
            )
            _cell.expect_trailing_axes(x_type, c_type)

    def forward(self, inputs):
        self.retain_inputs(tuple(range(len(inputs))))
        cs, x = inputs[:-1], inputs[-1]
        xp = backend.get_array_module(x)
        a, i, o, *fs = _cell.split_gates(x, len(inputs) + 2, False)
        c = xp.tanh(a) * _cell.sigmoid(i)
        for f, c_child in zip(fs, cs):
            c = c + _cell.sigmoid(f) * c_child
        return c, _cell.sigmoid(o) * xp.tanh(c)

    def backward(self, indexes, grad_outputs):
        F = chainer.functions
        inputs = self.get_retained_inputs()
        cs, x = inputs[:-1], inputs[-1]
        ta, si, so, *sfs = _cell.activated_gates(x, len(inputs) + 2, False, (0,))
        c = ta * si
        for sf, c_child in zip(sfs, cs):
            c = c + sf * c_child
        g, go = _cell.cell_grads(grad_outputs[0], grad_outputs[1], so, F.tanh(c))
        ret = []
        for index in indexes:
            if index < len(cs):
                ret.append(g * sfs[index])
            else:
                grads = [g * si * _cell.dtanh(ta), g * ta * _cell.dsigmoid(si), go] + [
                    g * c_child * _cell.dsigmoid(sf) for sf, c_child in zip(sfs, cs)]
                ret.append(_cell.join_gates(grads, x.shape, False))
        return tuple(ret)


def tree_lstm(*inputs):
    """Child-sum tree LSTM unit of n children: one step of a tree-structured LSTM.

    x holds, in blocks along axis 1, the cell input a, the input gate i, the output gate o and
    one forget gate f_k per child: c = tanh(a) sigmoid(i) + sum_k sigmoid(f_k) c_k and
    h = sigmoid(o) tanh(c).

    Args:
        *inputs: The children's cell states c_1, ..., c_n (each (B, H, ...)) followed by x, of
            shape (B, (n + 3) H, ...), all of one float dtype.

    Returns:
        tuple: The new cell state c and the output h, both of shape (B, H, ...).
    """
    return tuple(TreeLSTM().apply(inputs))
