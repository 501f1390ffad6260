"""`chainer.links.Maxout`: a fully-connected layer followed by max over groups of units."""

from chainer import functions
from chainer import link
from chainer.links.connection import linear


def _reshaped(initial, shape, name):
    # An array initializer of shape (out_size, pool_size, ...) flattened for the linear child.
    if not hasattr(initial, 'shape') or not hasattr(initial, 'reshape'):
        return initial
    if tuple(initial.shape) != shape:
        raise ValueError('{} must have the shape {}, got {}'.format(name, shape, initial.shape))
    return initial.reshape((shape[0] * shape[1],) + shape[2:])


class Maxout(link.Chain):
    """``y[:, i] = max_j (x W[i, j]^T + b[i, j])``: `pool_size` linear units per output.

    Holds a :class:`~chainer.links.Linear` child ``linear`` of ``out_size * pool_size`` units.

    Args:
        in_size (int): The input size.
        out_size (int): The output size.
        pool_size (int): The number of units each output is the max of.
        initialW: Initializer of the weights; an array has the shape
            ``(out_size, pool_size, in_size)``.
        initial_bias: Initializer of the biases (default 0; None: no bias); an array has the
            shape ``(out_size, pool_size)``.

    Raises:
        ValueError: If an array initializer has the wrong shape.
    """

    def __init__(self, in_size, out_size, pool_size, initialW=None, initial_bias=0):
        super().__init__()
        self.out_size = out_size
        self.pool_size = pool_size
        initialW = _reshaped(initialW, (out_size, pool_size, in_size), 'initialW')
        initial_bias = _reshaped(initial_bias, (out_size, pool_size), 'initial_bias')
        with self.init_scope():
            self.linear = linear.Linear(
                in_size, out_size * pool_size, nobias=initial_bias is None, initialW=initialW,
                initial_bias=initial_bias)

    def forward(self, x):
        """Applies the layer to `x` of shape ``(n, in_size)``: shape ``(n, out_size)``."""
        return functions.maxout(self.linear(x), self.pool_size)
