"""Initializers drawing from normal distributions: Normal and the fan-scaled LeCun, Glorot, He."""

from chainer.initializers import _random


class Normal(_random._RandomInitializer):
    """Fills an array with samples of :math:`N(0, \\mathit{scale}^2)`.

    See Note [Random initializers draw on the host] in chainer/initializers/_random.py.

    Args:
        scale (float): The standard deviation.
        dtype: The dtype the initializer insists on (see :class:`~chainer.Initializer`).
        rng: A random number generator with a NumPy-like ``normal(loc, scale, size)`` method
            (``numpy.random.RandomState`` or ``numpy.random.Generator``); ``None`` uses
            ``numpy.random``.
    """

    _distribution = 'normal'

    def __init__(self, scale=0.05, dtype=None, rng=None):
        super().__init__(scale, dtype=dtype, rng=rng)


class LeCunNormal(_random._FanScaledInitializer):
    """Fills an array with samples of :math:`N(0, \\mathit{scale}^2 / \\mathit{fan\\_in})`.

    The default initializer of the weights of links (LeCun et al., Efficient BackProp, 1998). The
    fans follow :func:`chainer.initializer.get_fans`.

    Args:
        scale (float): Multiplies the standard deviation.
        dtype: The dtype the initializer insists on (see :class:`~chainer.Initializer`).
        rng: A random number generator (see :class:`Normal`).

    Raises:
        ValueError (on call): If the array has fewer than two axes.
    """

    _distribution = 'normal'


class GlorotNormal(_random._FanScaledInitializer):
    """Fills an array with samples of :math:`N(0, 2\\,\\mathit{scale}^2 / (\\mathit{fan\\_in} +
    \\mathit{fan\\_out}))` (Glorot and Bengio, 2010).

    The arguments and errors are those of :class:`LeCunNormal`.
    """

    _distribution = 'normal'
    fan_option = 'fan_avg'


class HeNormal(_random._HeInitializer):
    """Fills an array with samples of :math:`N(0, 2\\,\\mathit{scale}^2 / \\mathit{fan})` (He et
    al., 2015).

    Args:
        scale (float): Multiplies the standard deviation.
        dtype: The dtype the initializer insists on (see :class:`~chainer.Initializer`).
        fan_option (str): ``'fan_in'`` or ``'fan_out'``: which fan is :math:`\\mathit{fan}`.
        rng: A random number generator (see :class:`Normal`).

    Raises:
        ValueError: If `fan_option` is neither ``'fan_in'`` nor ``'fan_out'``; on call, if the
            array has fewer than two axes.
    """

    _distribution = 'normal'
