"""L.NStepLSTM and L.NStepBiLSTM: stacked LSTM networks over sequences.

Parameters and sequence handling: Note [NStep link parameters] and Note [NStep link sequences]
(n_step_rnn.py). Each layer and direction holds 8 weights and biases, in the order input gate,
forget gate, cell input, output gate for the input (w0-w3) and for the hidden state (w4-w7).
"""

from chainer.functions.rnn.n_step_lstm import n_step_bilstm
from chainer.functions.rnn.n_step_lstm import n_step_lstm
from chainer.links.rnn import n_step_rnn


class NStepLSTMBase(n_step_rnn.NStepRNNBase):
    """The base of the NStep LSTM links: two states, hidden and cell.

    Takes the arguments of :class:`~chainer.links.rnn.n_step_rnn.NStepRNNBase`.
    """

    n_weights = 8
    n_cells = 2

    def forward(self, hx, cx, xs, **kwargs):
        """Runs the network.

        Args:
            hx (~chainer.Variable or array): The initial hidden states
                (n_layers * direction, len(xs), out_size), or None (zeros).
            cx (~chainer.Variable or array): The initial cell states (hx's shape), or None.
            xs (list of ~chainer.Variable or arrays): The input sequences, xs[i] of shape
                (L_i, in_size), in any order of lengths.

        Returns:
            tuple: hy and cy, the final hidden and cell states (hx's shape), and ys, the list of
            output sequences (ys[i] of shape (L_i, direction * out_size)).
        """
        hy, cy, ys = self._call([hx, cx], xs, **kwargs)
        return hy, cy, ys


class NStepLSTM(NStepLSTMBase):
    """Stacked uni-directional LSTM over sequences (see :func:`chainer.functions.n_step_lstm`).

    Example:
        >>> rnn = L.NStepLSTM(2, 3, 4, 0.0)
        >>> xs = [numpy.ones((5, 3), numpy.float32), numpy.ones((2, 3), numpy.float32)]
        >>> hy, cy, ys = rnn(None, None, xs)
        >>> hy.shape, ys[1].shape
        ((2, 2, 4), (2, 4))
    """

    def rnn(self, *args):
        return n_step_lstm(*args)


class NStepBiLSTM(NStepLSTMBase):
    """Stacked bidirectional LSTM over sequences (see :func:`chainer.functions.n_step_bilstm`)."""

    use_bi_direction = True

    def rnn(self, *args):
        return n_step_bilstm(*args)
