"""L.StatelessGRU, L.StatefulGRU and L.GRU: gated recurrent unit layers.

With r = sigmoid(W_r x + U_r h), z = sigmoid(W_z x + U_z h) and the candidate
h_bar = tanh(W x + U (r * h)), the new state is z * h_bar + (1 - z) * h (the original's
F.linear_interpolate(z, h_bar, h)).
"""

from chainer import link
from chainer.functions.activation.sigmoid import sigmoid
from chainer.functions.activation.tanh import tanh
from chainer.functions.math.linear_interpolate import linear_interpolate
from chainer.links.connection.linear import Linear
from chainer.links.rnn import _state


class GRUBase(link.Chain):
    """The parameters of the GRU links: six Linear children.

    Args:
        in_size (int): The input size (None: initialized at the first forward).
        out_size (int): The state size.
        init: Initializer of the input weights W_r, W_z, W (default LeCunNormal).
        inner_init: Initializer of the state weights U_r, U_z, U (default LeCunNormal).
        bias_init: Initializer of all the biases (default 0).

    Attributes:
        W_r, U_r, W_z, U_z, W, U (~chainer.links.Linear): The input (W*) and state (U*) maps of
            the reset gate, the update gate and the candidate.
    """

    def __init__(self, in_size, out_size, init=None, inner_init=None, bias_init=None):
        super().__init__()
        with self.init_scope():
            for gate in ('_r', '_z', ''):
                setattr(self, 'W' + gate, Linear(in_size, out_size, initialW=init,
                                                 initial_bias=bias_init))
                setattr(self, 'U' + gate, Linear(out_size, out_size, initialW=inner_init,
                                                 initial_bias=bias_init))


class StatelessGRU(GRUBase):
    """Stateless GRU layer: one step given the previous state.

    Takes the arguments of :class:`GRUBase`.

    Example:
        >>> gru = L.StatelessGRU(3, 4)
        >>> h = gru(numpy.zeros((2, 4), numpy.float32), numpy.ones((2, 3), numpy.float32))
        >>> h.shape
        (2, 4)
    """

    def __init__(self, in_size, out_size, init=None, inner_init=None, bias_init=None):
        super().__init__(in_size, out_size, init, inner_init, bias_init)
        self.state_size = out_size

    def forward(self, h, x):
        """Computes one step.

        Args:
            h (~chainer.Variable or array): The previous state (B, out_size).
            x (~chainer.Variable or array): The input (B, in_size).

        Returns:
            ~chainer.Variable: The new state (B, out_size).
        """
        r = sigmoid(self.W_r(x) + self.U_r(h))
        z = sigmoid(self.W_z(x) + self.U_z(h))
        h_bar = tanh(self.W(x) + self.U(r * h))
        return linear_interpolate(z, h_bar, h)


class StatefulGRU(_state.StatefulMixin, GRUBase):
    """GRU layer that keeps its state h between calls.

    The first step after :meth:`reset_state` has no previous state: it returns z * h_bar with
    z = sigmoid(W_z x) and h_bar = tanh(W x). Takes the arguments of :class:`GRUBase` (bias_init
    0 by default).

    Attributes:
        h (~chainer.Variable): The state (None after reset).
    """

    def __init__(self, in_size, out_size, init=None, inner_init=None, bias_init=0):
        super().__init__(in_size, out_size, init, inner_init, bias_init)
        self.state_size = out_size
        self.reset_state()

    def forward(self, x):
        """Computes one step and updates the state.

        Args:
            x (~chainer.Variable or array): The input (B, in_size).

        Returns:
            ~chainer.Variable: The new state (B, out_size).
        """
        z = self.W_z(x)
        h_bar = self.W(x)
        if self.h is not None:
            r = sigmoid(self.W_r(x) + self.U_r(self.h))
            z += self.U_z(self.h)
            h_bar += self.U(r * self.h)
        z = sigmoid(z)
        h_bar = tanh(h_bar)
        if self.h is None:
            self.h = z * h_bar
        else:
            self.h = linear_interpolate(z, h_bar, self.h)
        return self.h


class GRU(StatefulGRU):
    """Stateful GRU layer: an alias of :class:`StatefulGRU` (stateless before Chainer v2).

    Its forward takes exactly one argument, x.
    """

    def forward(self, *args):
        """Computes one step (see :meth:`StatefulGRU.forward`).

        Raises:
            ValueError: Not exactly one argument is given (two suggest the stateless use of
                Chainer v1: use :class:`StatelessGRU`).
        """
        if len(args) != 1:
            msg = ('Invalid argument. The length of GRU.forward must be 1. But {} is given. '
                   .format(len(args)))
            if len(args) == 2:
                msg += ('In Chainer v2, chainer.links.GRU is changed from stateless to stateful. '
                        'One possibility is you assume GRU to be stateless. Use '
                        'chainer.links.StatelessGRU instead.')
            raise ValueError(msg)
        return super().forward(args[0])
