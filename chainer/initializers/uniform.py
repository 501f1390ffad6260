"""Initializers drawing from uniform distributions: Uniform and the fan-scaled LeCun, Glorot, He."""

from chainer.initializers import _random


class Uniform(_random._RandomInitializer):
    """Fills an array with samples of :math:`U(-\\mathit{scale}, \\mathit{scale})`.

    See Note [Random initializers draw on the host] in chainer/initializers/_random.py.

    Args:
        scale (float): The bound of the interval.
        dtype: The dtype the initializer insists on (see :class:`~chainer.Initializer`).
        rng: A random number generator with a NumPy-like ``uniform(low, high, size)`` method
            (``numpy.random.RandomState`` or ``numpy.random.Generator``); ``None`` uses
            ``numpy.random``.
    """

    _distribution = 'uniform'

    def __init__(self, scale=0.05, dtype=None, rng=None):
        super().__init__(scale, dtype=dtype, rng=rng)


class LeCunUniform(_random._FanScaledInitializer):
    """Fills an array with samples of :math:`U(-s, s)`, :math:`s = \\mathit{scale}
    \\sqrt{3 / \\mathit{fan\\_in}}`.

    The arguments (`scale` multiplying the bound) and errors are those of
    :class:`~chainer.initializers.LeCunNormal`.
    """

    _distribution = 'uniform'


class GlorotUniform(_random._FanScaledInitializer):
    """Fills an array with samples of :math:`U(-s, s)`, :math:`s = \\mathit{scale}
    \\sqrt{6 / (\\mathit{fan\\_in} + \\mathit{fan\\_out})}` (Glorot and Bengio, 2010).

    The arguments (`scale` multiplying the bound) and errors are those of
    :class:`~chainer.initializers.GlorotNormal`.
    """

    _distribution = 'uniform'
    fan_option = 'fan_avg'


class HeUniform(_random._HeInitializer):
    """Fills an array with samples of :math:`U(-s, s)`, :math:`s = \\mathit{scale}
    \\sqrt{6 / \\mathit{fan}}` (He et al., 2015).

    The arguments (`scale` multiplying the bound, `fan_option` choosing the fan) and errors are
    those of :class:`~chainer.initializers.HeNormal`.
    """

    _distribution = 'uniform'
