"""Rescales all gradients together so that their joint L2 norm does not exceed a threshold."""

import math

import numpy

import chainerx

from chainer import backend
from chainer.optimizer_hooks import _util


def _sqnorm(param):
    """The squared L2 norm of the (unscaled) gradient, as a 0-d array on its device (at least float32)."""
    grad = param.grad
    if grad.dtype == numpy.float16:
        grad = grad.astype(numpy.float32)
    if isinstance(grad, chainerx.ndarray):
        sqnorm = chainerx._core._sum_squares(grad)  # one kernel
    else:
        xp = backend.get_array_module(grad)
        sqnorm = xp.vdot(grad.ravel(), grad.ravel())
    loss_scale = param._loss_scale
    return sqnorm if loss_scale is None else sqnorm / (loss_scale * loss_scale)


def _fused_clipping_grads(params):
    """The writable chainerx gradients of the parameters when chainerx clips them all in one call:
    C-contiguous float gradients on one device, on no graph, without a pending loss scale; else
    None."""
    grads = []
    for param in params:
        if not param._has_chainerx_array or param._loss_scale is not None:
            return None
        grad = _util.grad(param)
        if (not isinstance(grad, chainerx.ndarray) or grad.dtype.kind != 'f'
                or not grad.is_contiguous or grad.is_backprop_required()):
            return None
        grads.append(grad)
    if len({grad.device for grad in grads}) != 1:
        return None
    return grads


def _on_one_device_that_waits(grads):
    """Whether the gradients all live on one device whose values the host reads only by waiting for it (a GPU)."""
    devices = {backend.get_device_from_array(grad) for grad in grads}
    return len(devices) == 1 and not backend._reads_without_waiting(grads[0])


class GradientClipping:
    """Optimizer hook scaling the gradients by ``threshold / norm`` when their L2 norm exceeds it.

    The norm is taken over the gradients of all parameters of the target link together. On a GPU the norm and the
    rate stay on the device and every gradient is multiplied by ``min(1, threshold / norm)``, so that the hook
    never makes the host wait for the device; elsewhere the rate is computed on the host and gradients within the
    threshold are left alone.

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
        params = [param for param in opt.target.params(False) if param.grad is not None]
        if not params:
            return
        grads = _fused_clipping_grads(params)
        if grads is not None:
            # Two kernel calls for all gradients (Note [Clipping by the global norm] in
            # chainerx/core/routines/clip_by_norm.cc), where the steps below take about two per
            # parameter on a GPU.
            chainerx._core._clip_by_global_norm(grads, float(self.threshold))
            return
        if _on_one_device_that_waits([param.grad for param in params]):
            sqnorms = [_sqnorm(param) for param in params]
            xp = backend.get_array_module(sqnorms[0])
            if len({sqnorm.dtype for sqnorm in sqnorms}) == 1:
                # One stack and one sum, where adding them took a launch each.
                sqnorm = xp.stack(sqnorms).sum()
            else:
                sqnorm = sum(sqnorms)
            # A zero norm gives threshold / 0 = inf, so a rate of 1; a NaN norm, NaN gradients (as on the host).
            rate = xp.minimum(self.threshold / xp.sqrt(sqnorm), 1.)
        else:
            norm = math.sqrt(sum(float(_sqnorm(param)) for param in params))
            if norm == 0:
                return
            rate = self.threshold / norm
            if rate >= 1:
                return
        rates = {}  # the device rate in each gradient dtype, cast once
        for param in params:
            grad = _util.grad(param)
            if isinstance(rate, float):
                grad *= rate
            else:
                if grad.dtype not in rates:
                    rates[grad.dtype] = rate.astype(grad.dtype, copy=False)
                grad *= rates[grad.dtype]
