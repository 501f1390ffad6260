"""L.StatefulPeepholeLSTM: an LSTM whose gates also see the cell state (peephole connections)."""

from chainer import link
from chainer.functions.activation.sigmoid import sigmoid
from chainer.functions.activation.tanh import tanh
from chainer.links.connection.linear import Linear
from chainer.links.rnn import _gates
from chainer.links.rnn import _state


class StatefulPeepholeLSTM(_state.StatefulMixin, link.Chain):
    """Fully-connected LSTM layer with peephole connections; keeps c and h between calls.

    With the gate pre-activations a, i, f, o of ``upward(x) + lateral(h)`` (interleaved as in
    :func:`chainer.functions.lstm`): ``i = sigmoid(i + peep_i(c))``,
    ``f = sigmoid(f + peep_f(c))``, ``c' = tanh(a) * i + f * c``,
    ``o = sigmoid(o + peep_o(c'))`` and ``h' = o * tanh(c')``.

    Args:
        in_size (int): The input size (None: initialized at the first forward).
        out_size (int): The state size H.

    Attributes:
        upward, lateral, peep_i, peep_f, peep_o (~chainer.links.Linear): The maps of x (4H
            outputs, with bias), h (4H, no bias) and c (H each, no bias).
        c (~chainer.Variable): The cell state (None after reset).
        h (~chainer.Variable): The output (None after reset).
    """

    state_names = ('c', 'h')

    def __init__(self, in_size, out_size):
        super().__init__()
        self.state_size = out_size
        self.reset_state()
        with self.init_scope():
            self.upward = Linear(in_size, 4 * out_size)
            self.lateral = Linear(out_size, 4 * out_size, nobias=True)
            self.peep_i = Linear(out_size, out_size, nobias=True)
            self.peep_f = Linear(out_size, out_size, nobias=True)
            self.peep_o = Linear(out_size, out_size, nobias=True)

    def forward(self, x):
        """Computes one step and updates the state.

        Args:
            x (~chainer.Variable or array): The input (B, in_size).

        Returns:
            ~chainer.Variable: The new output h (B, H).
        """
        lstm_in = self.upward(x)
        if self.h is not None:
            lstm_in += self.lateral(self.h)
        if self.c is None:
            self.c = _state.zero_state(self, x.shape[0], x.dtype)
        a, i, f, o = _gates.split_lstm_gates(lstm_in)
        i = sigmoid(i + self.peep_i(self.c))
        f = sigmoid(f + self.peep_f(self.c))
        self.c = tanh(a) * i + f * self.c
        o = sigmoid(o + self.peep_o(self.c))
        self.h = o * tanh(self.c)
        return self.h
