"""Helpers shared by the distributions: parameter conversion, sampling on the parameters' device,
and the differentiable pieces that several densities share (x log x, log B(a, b), masking).

Everything a distribution returns is built from chainer functions, so it is differentiable and
runs on NumPy, CuPy and chainerx arrays alike.
"""

import functools
import math

import numpy

import chainer
import chainerx
from chainer import backend
from chainer import functions as F

# Note [Cached properties]: the statistics of a distribution (entropy, mean, ...) are computed
# once, on first use, and kept in the instance's __dict__, as the original caches them; a copy
# (Distribution.__copy__) shares what was already computed.
cached_property = functools.cached_property

LOG_2PI = math.log(2 * math.pi)
EULER = 0.57721566490153286060651209008240243104215933593992  # the Euler-Mascheroni constant


def as_variable(value):
    """`value` as a Variable: a Variable stays itself, an array (or a NumPy scalar, as a 0-d array)
    is wrapped.

    Raises:
        TypeError: `value` is neither a Variable, an array nor a NumPy scalar.
    """
    if isinstance(value, numpy.generic):
        value = numpy.asarray(value)
    return chainer.as_variable(value)


def array_of(value):
    """The array of a Variable, array or NumPy scalar (as a 0-d array): a value off the graph."""
    if isinstance(value, chainer.Variable):
        return value.array
    if isinstance(value, numpy.generic):
        return numpy.asarray(value)
    return value


def broadcast(*values):
    """The values as Variables broadcast to their common shape (differentiably), as a list."""
    variables = [as_variable(v) for v in values]
    if len({v.shape for v in variables}) <= 1:
        return variables
    return list(F.broadcast(*variables))


def derived(function, *variables):
    """`function(*variables)`, recorded on the graph even within no_backprop_mode.

    A parameter given in another form (a scale from a log scale, p from a logit) keeps its link to
    the given Variable, as the original computes it under enable_backprop.
    """
    with chainer.using_config('enable_backprop', True):
        return function(*variables)


def in_support(condition, value, outside=-numpy.inf):
    """`value` where the boolean array `condition` holds, the constant `outside` elsewhere."""
    return F.where(condition, value, outside)


def xlogx(x):
    """x log x, with its limit 0 where x is 0 (and a zero gradient there, not NaN)."""
    positive = x.array > 0
    return x * F.log(F.where(positive, x, 1))


def lbeta(*args):
    """log B(a_1, ..., a_k) = sum lgamma(a_i) - lgamma(sum a_i), of Variables of one shape."""
    total = args[0]
    for arg in args[1:]:
        total = total + arg
    return sum(F.lgamma(arg) for arg in args) - F.lgamma(total)


def draw(like, sampler, dtype, *arrays):
    """`sampler(random, *arrays)` as an array of `dtype` (None: as drawn) on the device of `like`.

    `random` is the device's random module (numpy.random or cupy.random). Note [Sampling on
    chainerx]: chainerx has few random routines, so for chainerx arrays the sample is drawn on
    the host with numpy.random (from the `arrays` copied there) and sent to the device; a seed
    set with numpy.random.seed therefore fixes the samples in both modes.
    """
    device = backend.get_device_from_array(like.array)
    if device.xp is chainerx:
        host = [backend.CpuDevice().send(a) for a in arrays]
        sample = numpy.asarray(sampler(numpy.random, *host))
        return device.send(sample if dtype is None else sample.astype(dtype, copy=False))
    sample = device.xp.asarray(sampler(device.xp.random, *arrays))
    return sample if dtype is None else sample.astype(dtype, copy=False)


def filled(like, value):
    """A Variable (off the graph) of the shape, dtype and device of `like`, filled with `value`."""
    device = backend.get_device_from_array(like.array)
    return chainer.Variable(device.send(numpy.full(like.shape, value, like.dtype)),
                            requires_grad=False)


def float_operand(x, like):
    """A discrete argument (e.g. counts) as an array of the float dtype of `like`, off the graph."""
    return array_of(x).astype(like.dtype, copy=False)
