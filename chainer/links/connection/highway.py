"""`chainer.links.Highway`: a highway layer, ``y = h(x) * t(x) + x * (1 - t(x))``."""

from chainer import functions
from chainer import link
from chainer.links.connection import linear


class Highway(link.Chain):
    """A highway layer: a gated mix of a transformed input and the input itself.

    ``h = activate(plain(x))`` and ``t = sigmoid(transform(x))`` with two square
    :class:`~chainer.links.Linear` children ``plain`` and ``transform``.

    Args:
        in_out_size (int): The input and output size.
        nobias (bool): No biases in the two linear layers.
        activate (callable): The activation of the plain path.
        init_Wh, init_bh: Initializers of ``plain.W`` and ``plain.b``.
        init_Wt, init_bt: Initializers of ``transform.W`` and ``transform.b`` (default -1, so
            that the layer starts close to the identity).
    """

    def __init__(self, in_out_size, nobias=False, activate=functions.relu, init_Wh=None,
                 init_Wt=None, init_bh=None, init_bt=-1):
        super().__init__()
        self.activate = activate
        with self.init_scope():
            self.plain = linear.Linear(
                in_out_size, in_out_size, nobias=nobias, initialW=init_Wh, initial_bias=init_bh)
            self.transform = linear.Linear(
                in_out_size, in_out_size, nobias=nobias, initialW=init_Wt, initial_bias=init_bt)

    def forward(self, x):
        """Applies the layer to `x` of shape ``(n, in_out_size)``."""
        out_plain = self.activate(self.plain(x))
        out_transform = functions.sigmoid(self.transform(x))
        return out_plain * out_transform + x * (1 - out_transform)
