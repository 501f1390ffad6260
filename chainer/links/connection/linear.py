"""`chainer.links.Linear`: a fully-connected layer, ``y = x W^T + b``."""

import numpy

from chainer import functions
from chainer import link
from chainer.links.connection import _util
from chainer.utils import _checks


class Linear(link.Link):
    """A fully-connected layer holding the weight ``W`` of shape ``(out_size, in_size)`` and ``b``.

    ``Linear(out_size)`` and ``Linear(None, out_size)`` leave the input size (and ``W``)
    undetermined until the first call, which takes it from the input.

    Args:
        in_size (int or None): The input size (the product of the non-batch axes of `x`).
        out_size (int): The output size.
        nobias (bool): No bias (``b`` is None).
        initialW: The initializer of ``W`` (None: :class:`~chainer.initializers.LeCunNormal`);
            an array or scalar sets the values.
        initial_bias: The initializer of ``b`` (None: 0).

    Example:
        >>> l = chainer.links.Linear(None, 3)
        >>> y = l(numpy.ones((2, 5), numpy.float32))   # W becomes (3, 5)
    """

    def __init__(self, in_size, out_size=None, nobias=False, initialW=None, initial_bias=None):
        super().__init__()
        _util.add_linear_params(self, in_size, out_size, nobias, initialW, initial_bias)

    def _initialize_params(self, in_size):
        self.in_size = in_size
        self.W.initialize((self.out_size, in_size))

    @property
    def printable_specs(self):
        yield 'in_size', self.in_size
        yield 'out_size', self.out_size
        yield 'nobias', self.b is None

    def forward(self, x, n_batch_axes=1):
        """Applies the layer to `x` of shape ``(batch..., features...)``.

        Args:
            x (~chainer.Variable or array): The input; the axes after the first `n_batch_axes`
                are flattened into ``in_size`` features.
            n_batch_axes (int): The number of batch axes.

        Returns:
            ~chainer.Variable: The output of shape ``x.shape[:n_batch_axes] + (out_size,)``.
        """
        if self.W.array is None:
            _checks.check_array(x)
            self._initialize_params(int(numpy.prod(x.shape[n_batch_axes:], dtype=numpy.int64)))
        return functions.linear(x, self.W, self.b, n_batch_axes=n_batch_axes)
