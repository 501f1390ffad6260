"""Layer-wise adaptive rate scaling (You et al., 2017) of each gradient."""

from chainer import backend
from chainer.optimizer_hooks import _util


class GradientLARS:
    """Optimizer hook scaling each gradient by the layer-wise trust ratio of LARS.

    With ``p_norm = ||param||`` and ``g_norm = ||grad||``, the gradient becomes
    ``(grad + weight_decay * param) * rate`` where ``rate = p_norm / (eps + g_norm +
    weight_decay * p_norm)`` if ``p_norm > threshold``, else 1.

    Args:
        threshold (float): Parameters whose norm does not exceed it are not rescaled.
        weight_decay (float): Coefficient of the weight decay.
        eps (float): Small value for numerical stability.

    Attributes:
        timing (str): When the hook runs ('pre': before the update).
        name (str): 'GradientLARS'.
        call_for_each_param (bool): True (called as ``hook(rule, param)``).
    """

    name = 'GradientLARS'
    call_for_each_param = True
    timing = 'pre'

    def __init__(self, threshold=1e-2, weight_decay=0.0, eps=1e-9):
        self.threshold = threshold
        self.weight_decay = weight_decay
        self.eps = eps

    def __call__(self, rule, param):
        arrays = _util.param_and_grad(param)
        if arrays is None:
            return
        array, grad = arrays
        xp = backend.get_array_module(array)
        p_norm = xp.sqrt((array * array).sum())
        g_norm = xp.sqrt((grad * grad).sum())
        loss_scale = param._loss_scale
        if loss_scale is not None:
            g_norm /= loss_scale
        local_rate = p_norm / (self.eps + g_norm + self.weight_decay * p_norm)
        rate = xp.where(p_norm > self.threshold, local_rate, 1.0)
        grad += _util.scaled(self.weight_decay, param) * array
        grad *= rate.astype(grad.dtype)
