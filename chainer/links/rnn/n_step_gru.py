"""L.NStepGRU and L.NStepBiGRU: stacked GRU networks over sequences.

Parameters and sequence handling: Note [NStep link parameters] and Note [NStep link sequences]
(n_step_rnn.py). Each layer and direction holds 6 weights and biases: reset gate, update gate and
candidate for the input (w0-w2) and for the hidden state (w3-w5).
"""

from chainer.functions.rnn.n_step_gru import n_step_bigru
from chainer.functions.rnn.n_step_gru import n_step_gru
from chainer.links.rnn import n_step_rnn


class NStepGRUBase(n_step_rnn.NStepRNNBase):
    """The base of the NStep GRU links (6 weights per layer and direction)."""

    n_weights = 6


class NStepGRU(NStepGRUBase):
    """Stacked uni-directional GRU over sequences (see :func:`chainer.functions.n_step_gru`).

    Takes the arguments of :class:`~chainer.links.rnn.n_step_rnn.NStepRNNBase`; ``forward(hx,
    xs)`` returns ``(hy, ys)``.
    """

    def rnn(self, *args):
        return n_step_gru(*args)


class NStepBiGRU(NStepGRUBase):
    """Stacked bidirectional GRU over sequences (see :func:`chainer.functions.n_step_bigru`)."""

    use_bi_direction = True

    def rnn(self, *args):
        return n_step_bigru(*args)
