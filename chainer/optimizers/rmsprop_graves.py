"""Graves' RMSprop (Graves, 2013): RMSprop with the variance of the gradients and momentum."""

from chainer import backend
from chainer import optimizer
from chainer.optimizers import _common

_default_hyperparam = _common.defaults(lr=1e-4, alpha=0.95, momentum=0.9, eps=1e-4)


class RMSpropGravesRule(_common.FusedRule):
    """The update rule of :class:`RMSpropGraves` (state: ``n``, ``g`` and ``delta``).

    ``n = alpha*n + (1-alpha)*g*g; g_avg = alpha*g_avg + (1-alpha)*g;
    delta = momentum*delta - lr*g / sqrt(n - g_avg*g_avg + eps); p += delta``.

    Args:
        parent_hyperparam (~chainer.optimizer.Hyperparameter): Defaults of the hyperparameters.
        lr (float): Learning rate.
        alpha (float): Exponential decay rate of the first and second order moments.
        momentum (float): Exponential decay rate of the update.
        eps (float): Small value for numerical stability.
    """

    _kernel = _common.kernel('rmsprop_graves')
    _state_names = ('n', 'g', 'delta')
    _hyperparam_names = ('lr', 'alpha', 'momentum', 'eps')

    def __init__(self, parent_hyperparam=None, lr=None, alpha=None, momentum=None, eps=None):
        super().__init__(parent_hyperparam or _default_hyperparam)
        _common.set_hyperparams(self.hyperparam, lr=lr, alpha=alpha, momentum=momentum, eps=eps)

    def update_core_cpu(self, param):
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam
        alpha = hp.alpha
        xp = backend.get_array_module(grad)
        n, g_avg, delta = self.state['n'], self.state['g'], self.state['delta']
        n *= alpha
        n += (1 - alpha) * grad * grad
        g_avg *= alpha
        g_avg += (1 - alpha) * grad
        delta *= hp.momentum
        delta -= hp.lr * grad / xp.sqrt(n - g_avg * g_avg + hp.eps)
        array = param.array
        array += delta


class RMSpropGraves(optimizer.GradientMethod):
    """Alex Graves' RMSprop.

    Args:
        lr (float): Learning rate.
        alpha (float): Exponential decay rate of the first and second order moments.
        momentum (float): Exponential decay rate of the update.
        eps (float): Small value for numerical stability.
    """

    lr = optimizer.HyperparameterProxy('lr')
    alpha = optimizer.HyperparameterProxy('alpha')
    momentum = optimizer.HyperparameterProxy('momentum')
    eps = optimizer.HyperparameterProxy('eps')

    def __init__(self, lr=_default_hyperparam.lr, alpha=_default_hyperparam.alpha,
                 momentum=_default_hyperparam.momentum, eps=_default_hyperparam.eps):
        super().__init__()
        _common.set_hyperparams(self.hyperparam, lr=lr, alpha=alpha, momentum=momentum, eps=eps)

    def create_update_rule(self):
        return RMSpropGravesRule(self.hyperparam)
