"""`chainer.links.PReLU`: a parametric ReLU with a learnable slope."""

from chainer import functions
from chainer import link
from chainer import variable


class PReLU(link.Link):
    """``max(x, 0) + W * min(x, 0)`` with a learnt slope ``W`` broadcast from axis 1 on.

    Args:
        shape (tuple of ints): The shape of ``W`` (``()``: one slope for everything).
        init: The initial slope (a scalar, an array or an initializer).
    """

    def __init__(self, shape=(), init=0.25):
        super().__init__()
        from chainer import initializers
        with self.init_scope():
            self.W = variable.Parameter(initializers._get_initializer(init), shape)

    def forward(self, x):
        """Applies the activation to `x`."""
        return functions.prelu(x, self.W)
