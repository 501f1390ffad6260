"""L.ChildSumTreeLSTM and L.NaryTreeLSTM: tree-structured LSTM layers (Tai et al., 2015).

Both call :func:`chainer.functions.tree_lstm` with the children's cell states and the
pre-activations laid out as it reads them: in blocks along axis 1, the cell input a, the input
gate i, the output gate o, then one forget gate per child. A missing child (None) has zero
states; a missing x (None) is a zero input.
"""

import numpy

from chainer import link
from chainer import variable
from chainer.functions.activation.sigmoid import sigmoid
from chainer.functions.activation.tanh import tanh
from chainer.functions.array.concat import concat
from chainer.functions.array.split_axis import split_axis
from chainer.functions.rnn.tree_lstm import tree_lstm
from chainer.links.connection.linear import Linear


class _TreeLSTMBase(link.Chain):

    def __init__(self, in_size, out_size):
        super().__init__()
        self.in_size = in_size
        self.state_size = out_size

    def _zeros(self, batch, size, dtype):
        return variable.Variable(self.device.send(numpy.zeros((batch, size), dtype=dtype)))

    def _input(self, cs, hs, x):
        """x, or a zero input of the batch size and dtype of the first given state."""
        if x is not None:
            return x
        given = [s for s in tuple(cs) + tuple(hs) if s is not None]
        if not given:
            raise ValueError('All inputs (cs, hs, x) are None.')
        return self._zeros(given[0].shape[0], self.in_size, given[0].dtype)

    def _pad_zero_nodes(self, states, x):
        return tuple([self._zeros(x.shape[0], self.state_size, x.dtype) if s is None else s
                      for s in states])


class ChildSumTreeLSTM(_TreeLSTMBase):
    """Child-sum tree LSTM: any number of children, whose hidden states are summed.

    ``forward(c_1, ..., c_n, h_1, ..., h_n, x)`` returns the new (c, h). The gates a, i, o see
    ``W_x(x) + W_h_aio(h_1 + ... + h_n)``; the forget gate of child k sees
    ``W_x(x)[f part] + W_h_f(h_k)``. Without children (``forward(x)``) c = sigmoid(i) tanh(a).

    Args:
        in_size (int): The input size.
        out_size (int): The state size H.

    Attributes:
        W_x (~chainer.links.Linear): x to the 4H pre-activations (a, i, o, f).
        W_h_aio (~chainer.links.Linear): The summed children's h to a, i, o (no bias).
        W_h_f (~chainer.links.Linear): A child's h to its forget gate (no bias).
    """

    def __init__(self, in_size, out_size):
        super().__init__(in_size, out_size)
        with self.init_scope():
            self.W_x = Linear(in_size, 4 * out_size)
            self.W_h_aio = Linear(out_size, 3 * out_size, nobias=True)
            self.W_h_f = Linear(out_size, out_size, nobias=True)

    def forward(self, *cshsx):
        """Computes the node's (c, h) from its children's states and its input.

        Args:
            *cshsx: The children's cell states, then their hidden states (as many), then x
                (each (B, ...) Variable or array, or None).

        Returns:
            tuple: The cell state and the hidden state, of shape (B, H).

        Raises:
            ValueError: The number of arguments is even, or all are None.
        """
        if len(cshsx) % 2 != 1:
            raise ValueError('ChildSumTreeLSTM takes the cell states, as many hidden states and '
                             'x; got {} arguments'.format(len(cshsx)))
        n = len(cshsx) // 2
        cs, hs = cshsx[:n], cshsx[n:-1]
        x = self._input(cs, hs, cshsx[-1])
        aio_in, f_in = split_axis(self.W_x(x), [3 * self.state_size], axis=1)
        if n == 0:
            a, i, o = split_axis(aio_in, 3, axis=1)
            c = sigmoid(i) * tanh(a)
            return c, sigmoid(o) * tanh(c)
        hs = self._pad_zero_nodes(hs, x)
        cs = self._pad_zero_nodes(cs, x)
        aio_in = aio_in + self.W_h_aio(sum(hs[1:], hs[0]))
        forget = split_axis(self.W_h_f(concat(hs, axis=0)), n, axis=0)
        f_in = concat(forget, axis=1) + concat([f_in] * n, axis=1)
        return tree_lstm(*(cs + (concat((aio_in, f_in), axis=1),)))


class NaryTreeLSTM(_TreeLSTMBase):
    """N-ary tree LSTM: a fixed number of ordered children, each with its own weights.

    ``forward(c_1, ..., c_N, h_1, ..., h_N, x)`` returns the new (c, h); the pre-activations are
    ``W_x(x) + W_h1(h_1) + ... + W_hN(h_N)`` (of width (3 + N) H).

    Args:
        in_size (int): The input size.
        out_size (int): The state size H.
        n_ary (int): The number of children N.

    Raises:
        ValueError: `n_ary` is not positive.

    Attributes:
        W_x (~chainer.links.Linear): x to the pre-activations.
        W_h1, ..., W_hN (~chainer.links.Linear): Child k's h to the pre-activations (no bias).
    """

    def __init__(self, in_size, out_size, n_ary=2):
        if not isinstance(n_ary, int) or n_ary < 1:
            raise ValueError('n_ary must be a positive integer, got {}'.format(n_ary))
        super().__init__(in_size, out_size)
        self.n_ary = n_ary
        with self.init_scope():
            self.W_x = Linear(in_size, (3 + n_ary) * out_size)
            for k in range(1, n_ary + 1):
                setattr(self, 'W_h{}'.format(k),
                        Linear(out_size, (3 + n_ary) * out_size, nobias=True))

    def forward(self, *cshsx):
        """Computes the node's (c, h) from its children's states and its input.

        Args:
            *cshsx: The N children's cell states, their N hidden states, then x (each a
                Variable or array of B rows, or None).

        Returns:
            tuple: The cell state and the hidden state, of shape (B, H).

        Raises:
            ValueError: The number of arguments is not 2 N + 1, or all are None.
        """
        if len(cshsx) != 2 * self.n_ary + 1:
            raise ValueError('NaryTreeLSTM with n_ary={} takes {} arguments, got {}'.format(
                self.n_ary, 2 * self.n_ary + 1, len(cshsx)))
        cs, hs = cshsx[:self.n_ary], cshsx[self.n_ary:-1]
        x = self._input(cs, hs, cshsx[-1])
        tree_lstm_in = self.W_x(x)
        for k, h in enumerate(hs, start=1):
            if h is not None:
                tree_lstm_in = tree_lstm_in + getattr(self, 'W_h{}'.format(k))(h)
        return tree_lstm(*(self._pad_zero_nodes(cs, x) + (tree_lstm_in,)))
