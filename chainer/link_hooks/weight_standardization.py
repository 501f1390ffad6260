"""WeightStandardization: calls a link with each output unit's weights standardised.

Weight Standardization (Qiao et al. 2019, https://arxiv.org/abs/1903.10520) gives the weights of
every output unit (every slice of the output axis) zero mean and unit variance before use.
"""

from chainer import functions
from chainer.link_hooks import _weight_hook


class WeightStandardization(_weight_hook.WeightHook):
    """Link hook running the link with ``(W - mean) / sqrt(var + eps)`` in place of ``W``.

    The mean and the (biased) variance are taken, for each output unit, over all axes of ``W``
    but the output axis (axis 0, or 1 for the deconvolution links). During each call the link's
    weight attribute is that Variable, through which gradients reach ``W``; afterwards it is the
    Parameter again. A weight initialised lazily is initialised from the first input.

    Args:
        eps (float): Added to the variance.
        weight_name (str): The name of the weight Parameter.
        name (str): The name of the hook (default ``'WeightStandardization'``).

    Raises:
        ValueError: If the link has no weight of that name (on ``add_hook``).
        NotImplementedError: On ``with hook:``; the hook is added to links one by one.

    Example:
        >>> l = chainer.links.Convolution2D(3, 8, 3)
        >>> _ = l.add_hook(chainer.link_hooks.WeightStandardization())
        >>> y = l(numpy.ones((1, 3, 5, 5), numpy.float32))
    """

    name = 'WeightStandardization'

    def __init__(self, eps=1e-5, weight_name='W', name=None):
        super().__init__(weight_name, name)
        self.eps = eps

    def transform(self, link, W):
        """The standardised weight, a Variable of the shape of `W`."""
        axis = _weight_hook.output_axis(link)
        axes = tuple(i for i in range(W.ndim) if i != axis)
        centred = W - functions.mean(W, axis=axes, keepdims=True)
        variance = functions.mean(functions.square(centred), axis=axes, keepdims=True)
        return centred / functions.sqrt(variance + self.eps)
