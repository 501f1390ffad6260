"""`chainer.links.SimplifiedDropconnect`: a linear layer with DropConnect on its weights."""

import numpy

from chainer import functions
from chainer import link
from chainer.links.connection import _util
from chainer.utils import _checks


class SimplifiedDropconnect(link.Link):
    """A linear layer whose weights are dropped at random in training (simplified DropConnect).

    Holds ``W`` ``(out_size, in_size)`` and ``b``; ``SimplifiedDropconnect(out_size)`` or an
    `in_size` of None takes the input size from the first call.

    Args:
        in_size (int or None): The input size (the product of the non-batch axes).
        out_size (int): The output size.
        ratio (float): The probability of dropping each weight.
        nobias (bool): No bias.
        initialW: Initializer of ``W`` (None: LeCunNormal).
        initial_bias: Initializer of ``b`` (None: 0).
    """

    def __init__(self, in_size, out_size=None, ratio=.5, nobias=False, initialW=None,
                 initial_bias=None):
        super().__init__()
        self.ratio = ratio
        _util.add_linear_params(self, in_size, out_size, nobias, initialW, initial_bias)

    def _initialize_params(self, in_size):
        self.in_size = in_size
        self.W.initialize((self.out_size, in_size))

    def forward(self, x, train=True, mask=None, use_batchwise_mask=True):
        """Applies the layer to `x` ``(n, ...)``.

        Args:
            x (~chainer.Variable or array): The input.
            train (bool): Drop weights (else use them all, unscaled).
            mask (array): The 0/1 mask to use instead of a random one.
            use_batchwise_mask (bool): One mask per example (else one for the batch).
        """
        if self.W.array is None:
            _checks.check_array(x)
            self._initialize_params(int(numpy.prod(x.shape[1:], dtype=numpy.int64)))
        return functions.simplified_dropconnect(
            x, self.W, self.b, self.ratio, train, mask, use_batchwise_mask)
