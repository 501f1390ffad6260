"""`chainer.links.Bias`: adds a learnable (or given) bias broadcast along some axes."""

from chainer import functions
from chainer import link
from chainer import variable
from chainer.links.connection import _util


class Bias(link.Link):
    """Computes ``x + b``, with ``b``'s axes matching ``x``'s from `axis` on.

    Args:
        axis (int): The first axis of `x` that ``b`` covers.
        shape (tuple of ints): The shape of the learnt parameter ``b`` (initialised to 0); None
            means the bias is given as the second input of each call.
    """

    def __init__(self, axis=1, shape=None):
        super().__init__()
        if shape is not None:
            with self.init_scope():
                self.b = variable.Parameter(0, shape)
        self.axis = axis

    def forward(self, *xs):
        """``x + b``: called as ``bias(x)`` with a learnt ``b``, else as ``bias(x, b)``.

        Raises:
            TypeError: For the wrong number of inputs.
        """
        x, y = _util.operands(self, xs, 'b')
        return functions.bias(x, y, self.axis)
