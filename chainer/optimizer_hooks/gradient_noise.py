"""Adds annealed Gaussian noise to each gradient (Neelakantan et al., 2015)."""

import numpy

from chainer import backend
from chainer.optimizer_hooks import _util


def exponential_decay_noise(xp, shape, dtype, hook, opt):
    """Gaussian noise of standard deviation ``sqrt(hook.eta / (1 + opt.t) ** 0.55)``.

    Args:
        xp: The array module of the gradient (numpy, cupy or chainerx); the noise is created on
            the current device of that module.
        shape (tuple of ints): Shape of the noise.
        dtype: Data type of the noise.
        hook (GradientNoise): The hook (for ``eta``).
        opt: The update rule (or optimizer) being run (for ``t``).

    Returns:
        An array of `shape` and `dtype`.
    """
    std = numpy.sqrt(hook.eta / numpy.power(1 + opt.t, 0.55))
    return xp.random.normal(0, std, shape).astype(dtype)


class GradientNoise:
    """Optimizer hook adding ``noise_func(xp, shape, dtype, hook, rule)`` to every gradient.

    Args:
        eta (float): Scale of the noise (see :func:`exponential_decay_noise`).
        noise_func (callable): The noise generator.

    Attributes:
        timing (str): When the hook runs ('pre': before the update).
        name (str): 'GradientNoise'.
        call_for_each_param (bool): True (called as ``hook(rule, param)``).
    """

    name = 'GradientNoise'
    call_for_each_param = True
    timing = 'pre'

    def __init__(self, eta, noise_func=exponential_decay_noise):
        self.eta = eta
        self.noise_func = noise_func

    def __call__(self, rule, param):
        grad = _util.grad(param)
        if grad is None:
            return
        device = param.device
        xp = device.xp
        with backend.using_device(device):
            noise = self.noise_func(xp, grad.shape, grad.dtype, self, rule)
        grad += _util.scaled(noise, param)
