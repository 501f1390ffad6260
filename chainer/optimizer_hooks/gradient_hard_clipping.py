"""Clips every gradient element into ``[lower_bound, upper_bound]``."""

import chainerx

from chainer import backend
from chainer.optimizer_hooks import _util


class GradientHardClipping:
    """Optimizer hook clipping each gradient element into ``[lower_bound, upper_bound]``.

    Args:
        lower_bound (float): The smallest allowed gradient value.
        upper_bound (float): The largest allowed gradient value.

    Attributes:
        lower_bound (float): The smallest allowed gradient value.
        upper_bound (float): The largest allowed gradient value.
        timing (str): When the hook runs ('pre': before the update).
        name (str): 'GradientHardClipping'.
        call_for_each_param (bool): True (called as ``hook(rule, param)``).
    """

    name = 'GradientHardClipping'
    call_for_each_param = True
    timing = 'pre'

    def __init__(self, lower_bound, upper_bound):
        self.lower_bound = lower_bound
        self.upper_bound = upper_bound

    def __call__(self, rule, param):
        grad = _util.grad(param)
        if grad is None:
            return
        lower = _util.scaled(self.lower_bound, param)
        upper = _util.scaled(self.upper_bound, param)
        if isinstance(grad, chainerx.ndarray):
            chainerx.copyto(grad, chainerx.clip(grad, lower, upper))
        else:
            backend.get_array_module(grad).clip(grad, lower, upper, out=grad)
