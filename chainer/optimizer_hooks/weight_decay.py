"""L2 regularization: adds ``rate * param`` to each gradient."""

import chainerx

from chainer.optimizer_hooks import _util


def _fused_axpy_fits(grad, array):
    """Whether ``grad += rate * array`` can run as one fused pass (chainerx's SGD update, which
    writes its first operand: grad must be a C-contiguous chainerx array on no graph, of array's
    float dtype, shape and device)."""
    return (isinstance(grad, chainerx.ndarray) and isinstance(array, chainerx.ndarray)
            and grad.dtype == array.dtype and grad.dtype.kind == 'f' and grad.shape == array.shape
            and grad.device is array.device and grad.is_contiguous
            and not grad.is_backprop_required())


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
        rate = _util.scaled(self.rate, param)
        if _fused_axpy_fits(grad, array):
            # "param -= lr * grad" with grad as the param: one launch, where the product and the
            # addition took two and a temporary.
            chainerx._core._optimizers.sgd(grad, array, -float(rate))
        else:
            grad += rate * array
