"""L.StatefulZoneoutLSTM: an LSTM whose state units keep their old values at random (zoneout)."""

from chainer import link
from chainer.functions.activation.sigmoid import sigmoid
from chainer.functions.activation.tanh import tanh
from chainer.functions.noise.zoneout import zoneout
from chainer.links.connection.linear import Linear
from chainer.links.rnn import _gates
from chainer.links.rnn import _state
from chainer.utils import argument


class StatefulZoneoutLSTM(_state.StatefulMixin, link.Chain):
    """Stateful LSTM layer with zoneout (Krueger et al., 2016).

    Computes the LSTM step c', h' from ``upward(x) + lateral(h)``; then, in training mode, each
    unit of the new c (h) keeps its previous value with probability `c_ratio` (`h_ratio`), see
    :func:`chainer.functions.zoneout`. In test mode the new values are taken.

    Args:
        in_size (int): The input size (None: initialized at the first forward).
        out_size (int): The state size H.
        c_ratio (float): The zoneout ratio of the cell state.
        h_ratio (float): The zoneout ratio of the output.

    Attributes:
        c (~chainer.Variable): The cell state (None after reset).
        h (~chainer.Variable): The output (None after reset).
    """

    state_names = ('c', 'h')

    def __init__(self, in_size, out_size, c_ratio=0.5, h_ratio=0.5, **kwargs):
        argument.parse_kwargs(
            kwargs, train='train argument is not supported anymore. Use chainer.using_config')
        super().__init__()
        self.state_size = out_size
        self.c_ratio = c_ratio
        self.h_ratio = h_ratio
        self.reset_state()
        with self.init_scope():
            self.upward = Linear(in_size, 4 * out_size)
            self.lateral = Linear(out_size, 4 * out_size, nobias=True)

    def forward(self, x):
        """Computes one step and updates the state.

        Args:
            x (~chainer.Variable or array): The input (B, in_size).

        Returns:
            ~chainer.Variable: The new output h (B, H).
        """
        lstm_in = self.upward(x)
        if self.h is None:
            self.h = _state.zero_state(self, x.shape[0], x.dtype)
        else:
            lstm_in += self.lateral(self.h)
        if self.c is None:
            self.c = _state.zero_state(self, x.shape[0], x.dtype)
        a, i, f, o = _gates.split_lstm_gates(lstm_in)
        c_next = tanh(a) * sigmoid(i) + sigmoid(f) * self.c
        h_next = sigmoid(o) * tanh(c_next)
        self.c = zoneout(self.c, c_next, self.c_ratio)
        self.h = zoneout(self.h, h_next, self.h_ratio)
        return self.h
