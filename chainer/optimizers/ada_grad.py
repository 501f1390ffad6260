"""AdaGrad: ``h += g * g; p -= lr * g / (sqrt(h) + eps)``."""

from chainer import backend
from chainer import optimizer
from chainer.optimizers import _common

_default_hyperparam = _common.defaults(lr=0.001, eps=1e-8)


class AdaGradRule(_common.FusedRule):
    """The update rule of :class:`AdaGrad` (state: ``h``, the sum of squared gradients).

    Args:
        parent_hyperparam (~chainer.optimizer.Hyperparameter): Defaults of the hyperparameters.
        lr (float): Learning rate.
        eps (float): Small value for numerical stability.
    """

    _kernel = _common.kernel('adagrad')
    _state_names = ('h',)
    _hyperparam_names = ('lr', 'eps')

    def __init__(self, parent_hyperparam=None, lr=None, eps=None):
        super().__init__(parent_hyperparam or _default_hyperparam)
        _common.set_hyperparams(self.hyperparam, lr=lr, eps=eps)

    def update_core_cpu(self, param):
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam
        _common.check_eps('AdaGrad', hp.eps, grad.dtype)
        xp = backend.get_array_module(grad)
        h = self.state['h']
        h += grad * grad
        denom = xp.sqrt(h)
        denom += hp.eps
        array = param.array
        array -= hp.lr * grad / denom


class AdaGrad(optimizer.GradientMethod):
    """AdaGrad (Duchi et al., 2011).

    Args:
        lr (float): Learning rate.
        eps (float): Small value for numerical stability.
    """

    lr = optimizer.HyperparameterProxy('lr')
    eps = optimizer.HyperparameterProxy('eps')

    def __init__(self, lr=_default_hyperparam.lr, eps=_default_hyperparam.eps):
        super().__init__()
        _common.set_hyperparams(self.hyperparam, lr=lr, eps=eps)

    def create_update_rule(self):
        return AdaGradRule(self.hyperparam)
