"""L2 regularization: adds ``rate * param`` to each gradient."""

from chainer.optimizer_hooks import _util


class WeightDecay:
    """Optimizer hook adding ``rate * param`` to the gradient of every parameter.

    Args:
        rate (float): Coefficient of the weight decay.

    Attributes:
        rate (float): Coefficient of the weight decay.
        timing (str): When the hook runs ('pre': before the update).
        name (str): 'WeightDecay'.
        call_for_each_param (bool): True (called as ``hook(rule, param)``).

    Example:
        >>> optimizer.add_hook(chainer.optimizer_hooks.WeightDecay(1e-4))
    """

    name = 'WeightDecay'
    call_for_each_param = True
    timing = 'pre'

    def __init__(self, rate):
        self.rate = rate

    def __call__(self, rule, param):
        arrays = _util.param_and_grad(param)
        if arrays is None:
            return
        array, grad = arrays
        grad += _util.scaled(self.rate, param) * array
