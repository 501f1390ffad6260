"""L1 regularization: adds ``rate * sign(param)`` to each gradient."""

from chainer import backend
from chainer.optimizer_hooks import _util


class Lasso:
    """Optimizer hook adding ``rate * sign(param)`` to the gradient of every parameter.

    Args:
        rate (float): Coefficient of the L1 regularization.

    Attributes:
        rate (float): Coefficient of the L1 regularization.
        timing (str): When the hook runs ('pre': before the update).
        name (str): 'Lasso'.
        call_for_each_param (bool): True (called as ``hook(rule, param)``).
    """

    name = 'Lasso'
    call_for_each_param = True
    timing = 'pre'

    def __init__(self, rate):
        self.rate = rate

    def __call__(self, rule, param):
        arrays = _util.param_and_grad(param)
        if arrays is None:
            return
        array, grad = arrays
        xp = backend.get_array_module(array)
        sign = xp.sign(array)
        sign *= _util.scaled(self.rate, param)
        grad += sign
