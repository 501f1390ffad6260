"""`chainer.links.Swish`: ``x * sigmoid(beta * x)`` with a learnable `beta`."""

from chainer import functions
from chainer import link
from chainer import variable
from chainer.utils import _checks


class Swish(link.Link):
    """The Swish activation with a learnt ``beta`` broadcast from axis 1 on.

    Args:
        beta_shape (tuple of ints or None): The shape of ``beta``; None takes ``(x.shape[1],)``
            at the first call.
        beta_init: The initial ``beta`` (a scalar, an array or an initializer).
    """

    def __init__(self, beta_shape, beta_init=1.0):
        super().__init__()
        from chainer import initializers
        with self.init_scope():
            self.beta = variable.Parameter(initializers._get_initializer(beta_init), beta_shape)

    def forward(self, x):
        """Applies the activation to `x` (of at least two dimensions if ``beta`` is lazy)."""
        if self.beta.array is None:
            _checks.check_array(x)
            self.beta.initialize(x.shape[1:2])
        return functions.swish(x, self.beta)
