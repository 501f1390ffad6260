"""The machinery shared by the random initializers (Normal, Uniform and their fan-scaled kinds)."""

import math

import numpy

from chainer import initializer

# Note [Random initializers draw on the host]
# Every random initializer draws its values with NumPy (the global numpy.random state, or the `rng`
# the user passed) and writes them into the target array in place (initializer._copy_into), for
# NumPy and chainerx arrays alike. So `numpy.random.seed(n)` makes a model's initial weights
# reproducible on both devices, and a NumPy model and a chainerx model built after the same seed
# start from identical weights, which the tests rely on. A native chainerx array is written
# through a zero-copy view; an array in device memory receives one host-to-device copy, which is
# fine for a one-time initialisation.


def _fill_random(array, distribution, scale, rng):
    # Fills `array` with N(0, scale^2) ('normal') or U(-scale, scale) ('uniform') samples.
    if array.size == 0:
        return
    source = numpy.random if rng is None else rng
    shape = tuple(array.shape)
    if distribution == 'normal':
        values = source.normal(loc=0.0, scale=scale, size=shape)
    else:
        values = source.uniform(low=-scale, high=scale, size=shape)
    initializer._copy_into(array, values)


class _RandomInitializer(initializer.Initializer):
    # A Normal or a Uniform initializer with a fixed scale (the class's `_distribution`).

    _distribution = None

    def __init__(self, scale, dtype=None, rng=None):
        self.scale = scale
        self.rng = rng
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        _fill_random(array, self._distribution, self.scale, self.rng)


_FAN_OPTIONS = ('fan_in', 'fan_out')


def _check_fan_option(fan_option):
    if fan_option not in _FAN_OPTIONS:
        raise ValueError(
            "fan_option should be either 'fan_in' or 'fan_out', not {!r}".format(fan_option))


class _FanScaledInitializer(initializer.Initializer):
    # A Normal or Uniform initializer whose spread follows the fans of the array's shape: the
    # samples have variance scale^2 * gain / fan, where `fan` is fan_in, fan_out or their mean
    # (self.fan_option 'fan_in', 'fan_out' or 'fan_avg'), so that the uniform bound is
    # scale * sqrt(3 * gain / fan) and the normal standard deviation scale * sqrt(gain / fan).

    _distribution = None
    _gain = 1.0
    fan_option = 'fan_in'

    def __init__(self, scale=1.0, dtype=None, rng=None):
        self.scale = scale
        self.rng = rng
        super().__init__(dtype)

    def _fan(self, shape):
        fan_in, fan_out = initializer.get_fans(shape)
        if self.fan_option == 'fan_avg':
            return (fan_in + fan_out) / 2.0
        return fan_in if self.fan_option == 'fan_in' else fan_out

    def __call__(self, array):
        self._check_dtype(array)
        fan = self._fan(tuple(array.shape))
        if array.size == 0:
            return
        variance = self._gain / fan * (3.0 if self._distribution == 'uniform' else 1.0)
        _fill_random(array, self._distribution, self.scale * math.sqrt(variance), self.rng)


class _HeInitializer(_FanScaledInitializer):
    # He et al. 2015: gain 2 over the fan the user picks.

    _gain = 2.0

    def __init__(self, scale=1.0, dtype=None, fan_option='fan_in', rng=None):
        _check_fan_option(fan_option)
        self.fan_option = fan_option
        super().__init__(scale, dtype=dtype, rng=rng)
