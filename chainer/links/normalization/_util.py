"""Helpers shared by the normalization links: typed initializers, the running-statistics decay."""

import copy

import numpy

import chainer


def highprec_dtype(dtype=None):
    """The dtype of parameters and statistics: `dtype`, or the default (float32 in mixed16 mode)."""
    return chainer.get_dtype(dtype, map_mixed16=numpy.float32)


def typed_initializer(init, default, dtype):
    """The initializer of `init` (`default` if None) that creates arrays of `dtype`.

    A user's initializer object is copied before its dtype is set, so that it can be shared.
    """
    from chainer import initializers
    initializer = initializers._get_initializer(default if init is None else init)
    initializer = copy.copy(initializer)
    initializer.dtype = numpy.dtype(dtype)
    return initializer


def generate(init, default, shape, dtype, device):
    """An array of `shape` and `dtype` on `device`, filled by `init` (`default` if None)."""
    from chainer import initializers
    return initializers.generate_array(
        typed_initializer(init, default, dtype), shape, device.xp, dtype=dtype, device=device)


def filled(value, shape, dtype, device):
    """An array of `shape` filled with `value` on `device`."""
    return device.send(numpy.full(shape, value, dtype=dtype))


def next_decay(link, finetune):
    """The decay of the running statistics for this training step.

    In fine-tuning mode the statistics are the exact average over the N steps since
    ``start_finetuning`` (decay 1 - 1/N, N counted in the link's persistent ``N``); otherwise it
    is the link's ``decay``.
    """
    if finetune:
        link.N += 1
        return 1. - 1. / link.N
    return link.decay


# The message of the `test` argument of forward, retired for chainer.config.train.
TEST_RETIRED = 'test argument is not supported anymore. Use chainer.using_config'
