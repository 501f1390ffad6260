"""chainer.Distribution: the interface every probability distribution implements."""

import copy
import functools
import operator

from chainer import backend
from chainer import functions as F


class Distribution:
    """Base class of the probability distributions.

    A distribution holds a batch of distributions of one family: its parameters are Variables
    whose leading axes are :attr:`batch_shape`, and one event (one draw of one distribution) has
    the shape :attr:`event_shape`. Every quantity is a Variable computed with chainer functions,
    so it is differentiable with respect to the parameters; so is :meth:`sample` for the
    reparameterizable families (e.g. :class:`~chainer.distributions.Normal`).

    A subclass implements what its family has; the rest raises :class:`NotImplementedError`.
    :meth:`prob` defaults to ``exp(log_prob(x))`` and :attr:`stddev` to ``sqrt(variance)``;
    :meth:`log_cdf`, :meth:`survival_function` and :meth:`log_survival_function` default to their
    definitions through :meth:`cdf`.
    """

    def __copy__(self):
        """A shallow copy: a new instance sharing the parameters and the cached statistics."""
        return self._copy_to(object.__new__(type(self)))

    def _copy_to(self, target):
        target.__dict__ = copy.copy(self.__dict__)
        return target

    @property
    def batch_shape(self):
        """tuple: The shape of the batch of distributions."""
        raise NotImplementedError

    @property
    def event_shape(self):
        """tuple: The shape of one event (one sample of one distribution)."""
        raise NotImplementedError

    @property
    def params(self):
        """dict: The parameters of the distribution, by name."""
        raise NotImplementedError

    @property
    def device(self):
        """~chainer.backend.Device: The device of the parameters."""
        first = next(iter(self.params.values()))
        return backend.get_device_from_array(first.array)

    @property
    def xp(self):
        """The array module of the parameters (numpy, cupy or chainerx)."""
        return self.device.xp

    @property
    def mean(self):
        """~chainer.Variable: The mean, of shape ``batch_shape + event_shape``."""
        raise NotImplementedError

    @property
    def mode(self):
        """~chainer.Variable: The mode (a most probable event)."""
        raise NotImplementedError

    @property
    def variance(self):
        """~chainer.Variable: The variance, elementwise over the event."""
        raise NotImplementedError

    @property
    def stddev(self):
        """~chainer.Variable: The standard deviation, elementwise over the event."""
        return F.sqrt(self.variance)

    @property
    def covariance(self):
        """~chainer.Variable: The covariance matrix of a vector-valued event."""
        raise NotImplementedError

    @property
    def entropy(self):
        """~chainer.Variable: The entropy (in nats), of shape :attr:`batch_shape`."""
        raise NotImplementedError

    @property
    def support(self):
        """str: A description of the set the events lie in."""
        raise NotImplementedError

    def log_prob(self, x):
        """The logarithm of the probability (density or mass) of the events `x`.

        Args:
            x (~chainer.Variable or :ref:`ndarray`): Events, of a shape ending with
                ``batch_shape + event_shape`` (leading axes are sample axes).

        Returns:
            ~chainer.Variable: The log-probabilities, of the shape of `x` without the event axes.
        """
        raise NotImplementedError

    def prob(self, x):
        """The probability (density or mass) of the events `x`: ``exp(log_prob(x))``."""
        return F.exp(self.log_prob(x))

    def cdf(self, x):
        """The cumulative distribution function at `x`."""
        raise NotImplementedError

    def log_cdf(self, x):
        """The logarithm of the cumulative distribution function at `x`."""
        return F.log(self.cdf(x))

    def icdf(self, x):
        """The inverse of the cumulative distribution function at the probabilities `x`."""
        raise NotImplementedError

    def survival_function(self, x):
        """The survival function ``1 - cdf(x)``."""
        return 1 - self.cdf(x)

    def log_survival_function(self, x):
        """The logarithm of the survival function at `x`."""
        return F.log(self.survival_function(x))

    def perplexity(self, x):
        """The perplexity function at `x`."""
        raise NotImplementedError

    def sample(self, sample_shape=()):
        """Draws samples.

        Args:
            sample_shape (int or tuple of ints): The shape of the sample axes.

        Returns:
            ~chainer.Variable: Samples of shape ``sample_shape + batch_shape + event_shape``.
        """
        if isinstance(sample_shape, int):
            sample_shape = (sample_shape,)
        sample_shape = tuple(sample_shape)
        n = functools.reduce(operator.mul, sample_shape, 1)
        samples = self.sample_n(n)
        return F.reshape(samples, sample_shape + self.batch_shape + self.event_shape)

    def sample_n(self, n):
        """Draws `n` samples.

        Args:
            n (int): The number of samples.

        Returns:
            ~chainer.Variable: Samples of shape ``(n,) + batch_shape + event_shape``.
        """
        raise NotImplementedError
