"""Rescales all gradients together so that their joint L2 norm does not exceed a threshold."""

import math

import numpy

import chainerx

from chainer import backend
from chainer.optimizer_hooks import _util


def _sum_sqnorm(param):
    # The squared L2 norm of the (unscaled) gradient, as a Python float.
    grad = param.grad
    if grad is None:
        return 0.
    if grad.dtype == numpy.float16:
        grad = grad.astype(numpy.float32)
    if isinstance(grad, chainerx.ndarray):
        sqnorm = float((grad * grad).sum())
    else:
        xp = backend.get_array_module(grad)
        sqnorm = float(xp.vdot(grad.ravel(), grad.ravel()))
    loss_scale = param._loss_scale
    return sqnorm if loss_scale is None else sqnorm / (loss_scale * loss_scale)


class GradientClipping:
    """Optimizer hook scaling the gradients by ``threshold / norm`` when their L2 norm exceeds it.

    The norm is taken over the gradients of all parameters of the target link together.

    Args:
        threshold (float): The largest allowed L2 norm.

    Attributes:
        threshold (float): The largest allowed L2 norm.
        timing (str): When the hook runs ('pre': before the update).
        name (str): 'GradientClipping'.
        call_for_each_param (bool): False (called as ``hook(optimizer)``).
    """

    name = 'GradientClipping'
    call_for_each_param = False
    timing = 'pre'

    def __init__(self, threshold):
        self.threshold = threshold

    def __call__(self, opt):
        params = list(opt.target.params(False))
        norm = math.sqrt(sum(_sum_sqnorm(param) for param in params))
        if norm == 0:
            return
        rate = self.threshold / norm
        if rate >= 1:
            return
        for param in params:
            grad = _util.grad(param)
            if grad is not None:
                grad *= rate
