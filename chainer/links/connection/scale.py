"""`chainer.links.Scale`: multiplies by a learnable (or given) scale, optionally adds a bias."""

from chainer import functions
from chainer import link
from chainer import variable
from chainer.links.connection import _util
from chainer.links.connection import bias as bias_module


class Scale(link.Chain):
    """Computes ``x * W`` (and ``+ bias``), with ``W``'s axes matching ``x``'s from `axis` on.

    Args:
        axis (int): The first axis of `x` that ``W`` covers.
        W_shape (tuple of ints): The shape of the learnt ``W`` (initialised to 1); None means
            the scale is given as the second input of each call.
        bias_term (bool): Add a learnt :class:`~chainer.links.Bias` child ``bias``.
        bias_shape (tuple of ints): The shape of the bias when `W_shape` is None.

    Raises:
        ValueError: If `bias_term` is set without a shape for the bias.
    """

    def __init__(self, axis=1, W_shape=None, bias_term=False, bias_shape=None):
        super().__init__()
        self.axis = axis
        with self.init_scope():
            if W_shape is not None:
                self.W = variable.Parameter(1, W_shape)
            if bias_term:
                shape = W_shape if W_shape is not None else bias_shape
                if shape is None:
                    raise ValueError('bias_shape should be given if W is not learnt parameter '
                                     'and bias_term is True.')
                self.bias = bias_module.Bias(axis, shape)
            else:
                self.bias = None

    def forward(self, *xs):
        """``x * W``: called as ``scale(x)`` with a learnt ``W``, else as ``scale(x, W)``.

        Raises:
            TypeError: For the wrong number of inputs.
        """
        x, y = _util.operands(self, xs, 'W')
        z = functions.scale(x, y, self.axis)
        if self.bias is not None:
            z = self.bias(z)
        return z
