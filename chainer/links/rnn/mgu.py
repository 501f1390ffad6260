"""L.StatelessMGU and L.StatefulMGU: minimal gated unit layers (Zhou et al., 2016).

With the forget gate f = sigmoid(W_f [h, x]) and the candidate h_bar = tanh(W_h [f * h, x]), the
new state is f * h_bar + (1 - f) * h ([a, b] concatenates along axis 1).
"""

from chainer import link
from chainer.functions.activation.sigmoid import sigmoid
from chainer.functions.activation.tanh import tanh
from chainer.functions.array.concat import concat
from chainer.functions.math.linear_interpolate import linear_interpolate
from chainer.links.connection.linear import Linear
from chainer.links.rnn import _state


class MGUBase(link.Chain):
    """The parameters of the MGU links: W_f and W_h, Linear maps of (in_size + out_size) inputs.

    Args:
        in_size (int): The input size.
        out_size (int): The state size.
    """

    def __init__(self, in_size, out_size):
        super().__init__()
        with self.init_scope():
            self.W_f = Linear(in_size + out_size, out_size)
            self.W_h = Linear(in_size + out_size, out_size)

    def _call_mgu(self, h, x):
        f = sigmoid(self.W_f(concat((h, x))))
        h_bar = tanh(self.W_h(concat((f * h, x))))
        return linear_interpolate(f, h_bar, h)


class StatelessMGU(MGUBase):
    """Stateless MGU layer: ``forward(h, x)`` returns the new state.

    Takes the arguments of :class:`MGUBase`.
    """

    def forward(self, h, x):
        """Computes one step.

        Args:
            h (~chainer.Variable or array): The previous state (B, out_size).
            x (~chainer.Variable or array): The input (B, in_size).

        Returns:
            ~chainer.Variable: The new state (B, out_size).
        """
        return self._call_mgu(h, x)


class StatefulMGU(_state.StatefulMixin, MGUBase):
    """MGU layer that keeps its state h between calls (zeros after :meth:`reset_state`).

    Takes the arguments of :class:`MGUBase`.

    Attributes:
        h (~chainer.Variable): The state (None after reset).
    """

    def __init__(self, in_size, out_size):
        super().__init__(in_size, out_size)
        self.state_size = out_size
        self.reset_state()

    def forward(self, x):
        """Computes one step and updates the state.

        Args:
            x (~chainer.Variable or array): The input (B, in_size).

        Returns:
            ~chainer.Variable: The new state (B, out_size).
        """
        h = self.h
        if h is None:
            h = _state.zero_state(self, x.shape[0], x.dtype)
        self.h = self._call_mgu(h, x)
        return self.h
