"""L.LSTM (stateful) and L.StatelessLSTM: fully-connected LSTM layers.

Note [LSTM link parameters]: both links hold two Linear children, `upward` (input to the 4H gate
pre-activations, with the bias) and `lateral` (hidden state to the same, no bias), so that saved
models name their arrays upward/W, upward/b and lateral/W as the original's do. The gate columns
of the pre-activation are interleaved as F.lstm reads them (column 4 j + k is gate k of unit j,
k = cell input a, input gate i, forget gate f, output gate o). The weights are initialized in four
row blocks of H rows (each by its initializer, as the original does), and the bias per gate:
`bias_init` for a, i and o, `forget_bias_init` (1 by default) for f.
"""

import numpy

from chainer import backend
from chainer import link
from chainer.functions.array.concat import concat
from chainer.functions.array.split_axis import split_axis
from chainer.functions.rnn.lstm import lstm
from chainer.links.connection.linear import Linear
from chainer.links.rnn import _state
from chainer.utils import array as array_utils


class LSTMBase(link.Chain):
    """The parameters of the LSTM links (Note [LSTM link parameters]).

    Args:
        in_size (int): The input size; None initializes the parameters at the first forward.
        out_size (int): The output (state) size H. ``LSTMBase(H)`` means ``LSTMBase(None, H)``.
        lateral_init: Initializer of the lateral weight blocks (default LeCunNormal).
        upward_init: Initializer of the upward weight blocks (default LeCunNormal).
        bias_init: Initializer of the biases of a, i and o (default 0).
        forget_bias_init: Initializer of the bias of the forget gate (default 1).

    Attributes:
        upward (~chainer.links.Linear): Input to gate pre-activations.
        lateral (~chainer.links.Linear): Hidden state to gate pre-activations (no bias).
        state_size (int): H.
    """

    def __init__(self, in_size, out_size=None, lateral_init=None, upward_init=None,
                 bias_init=None, forget_bias_init=None):
        if out_size is None:
            in_size, out_size = None, in_size
        super().__init__()
        self.state_size = out_size
        self.lateral_init = lateral_init
        self.upward_init = upward_init
        self.bias_init = 0 if bias_init is None else bias_init
        self.forget_bias_init = 1 if forget_bias_init is None else forget_bias_init
        with self.init_scope():
            self.upward = Linear(in_size, 4 * out_size, initialW=0)
            self.lateral = Linear(out_size, 4 * out_size, initialW=0, nobias=True)
        if in_size is not None:
            self._initialize_params()

    def _initialize_params(self):
        from chainer import initializers
        get = initializers._get_initializer
        size = self.state_size

        def blocks(initializers_, shape, dtype):
            return [initializers.generate_array(init, shape, numpy, dtype=dtype)
                    for init in initializers_]

        for weight, init in ((self.lateral.W, self.lateral_init),
                             (self.upward.W, self.upward_init)):
            shape = (size,) + weight.shape[1:]
            backend.copyto(weight.array, numpy.concatenate(
                blocks([get(init)] * 4, shape, weight.dtype), axis=0))
        bias = self.upward.b
        gate_inits = [get(self.bias_init)] * 2 + [get(self.forget_bias_init)] + \
            [get(self.bias_init)]
        backend.copyto(bias.array, numpy.stack(blocks(gate_inits, (size,), bias.dtype), axis=1)
                       .reshape(4 * size))

    def _initialize_lazily(self, x):
        """Initializes the upward weight from the size of x's rows, if not done yet."""
        if not self.upward.W.is_initialized:
            self.upward._initialize_params(array_utils.size_of_shape(x.shape[1:]))
            self._initialize_params()


class StatelessLSTM(LSTMBase):
    """Stateless LSTM layer: one step, given the previous cell state and output.

    Computes ``F.lstm(c, upward(x) + lateral(h))`` (Note [LSTM link parameters]). Takes the
    arguments of :class:`LSTMBase`.

    Example:
        >>> lstm = L.StatelessLSTM(3, 4)
        >>> c, h = lstm(None, None, numpy.ones((2, 3), numpy.float32))
        >>> h.shape
        (2, 4)
    """

    def forward(self, c, h, x):
        """Computes one step.

        Args:
            c (~chainer.Variable or array): The previous cell state (B, H), or None (zeros).
            h (~chainer.Variable or array): The previous output (B, H), or None (zeros).
            x (~chainer.Variable or array): The input (B, in_size).

        Returns:
            tuple: The new cell state and the new output, Variables of shape (B, H).
        """
        self._initialize_lazily(x)
        lstm_in = self.upward(x)
        if h is not None:
            lstm_in += self.lateral(h)
        if c is None:
            c = _state.zero_state(self, x.shape[0], x.dtype)
        return lstm(c, lstm_in)


class LSTM(_state.StatefulMixin, LSTMBase):
    """Fully-connected LSTM layer that keeps its cell state c and output h between calls.

    Each call computes one step from the state left by the previous call (zeros after
    :meth:`reset_state`). The batch may shrink between calls (sequences of decreasing length):
    the first rows of the state are updated, the others kept. Takes the arguments of
    :class:`LSTMBase`; ``L.LSTM(H)`` has a lazily initialized input size.

    Attributes:
        c (~chainer.Variable): The cell state (None after reset).
        h (~chainer.Variable): The output of the last step (None after reset).

    Example:
        >>> rnn = L.LSTM(3, 4)
        >>> y1 = rnn(numpy.ones((2, 3), numpy.float32))
        >>> y2 = rnn(numpy.ones((1, 3), numpy.float32))   # one sequence left
        >>> rnn.h.shape
        (2, 4)
    """

    state_names = ('c', 'h')

    def __init__(self, in_size, out_size=None, lateral_init=None, upward_init=None,
                 bias_init=None, forget_bias_init=None):
        if out_size is None:
            in_size, out_size = None, in_size
        super().__init__(in_size, out_size, lateral_init, upward_init, bias_init,
                         forget_bias_init)
        self.reset_state()

    def forward(self, x):
        """Computes one step and updates the state.

        Args:
            x (~chainer.Variable or array): The input (B, in_size); B at most the state's batch.

        Returns:
            ~chainer.Variable: The output h of the B rows, of shape (B, H).

        Raises:
            TypeError: x has more rows than the state.
        """
        self._initialize_lazily(x)
        batch = x.shape[0]
        lstm_in = self.upward(x)
        h_rest = None
        if self.h is not None:
            h_size = self.h.shape[0]
            if batch == 0:
                h_rest = self.h
            elif h_size < batch:
                raise TypeError('The batch size of x must be equal to or less than the size of '
                                'the previous state h.')
            elif h_size > batch:
                h_update, h_rest = split_axis(self.h, [batch], axis=0)
                lstm_in += self.lateral(h_update)
            else:
                lstm_in += self.lateral(self.h)
        if self.c is None:
            self.c = _state.zero_state(self, batch, x.dtype)
        self.c, y = lstm(self.c, lstm_in)
        if h_rest is None:
            self.h = y
        elif y.shape[0] == 0:
            self.h = h_rest
        else:
            self.h = concat((y, h_rest), axis=0)
        return y
