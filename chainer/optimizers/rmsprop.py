"""RMSprop: ``ms = alpha*ms + (1-alpha)*g*g; p -= lr*g / (sqrt(ms) + eps)``.

With ``eps_inside_sqrt`` the denominator is ``sqrt(ms + eps)``.
"""

from chainer import backend
from chainer import optimizer
from chainer.optimizers import _common

_default_hyperparam = _common.defaults(lr=0.01, alpha=0.99, eps=1e-8, eps_inside_sqrt=False)


class RMSpropRule(_common.FusedRule):
    """The update rule of :class:`RMSprop` (state: ``ms``, the mean square of the gradients).

    Args:
        parent_hyperparam (~chainer.optimizer.Hyperparameter): Defaults of the hyperparameters.
        lr (float): Learning rate.
        alpha (float): Exponential decay rate of the mean square.
        eps (float): Small value for numerical stability.
        eps_inside_sqrt (bool): Add `eps` under the square root instead of after it.
    """

    _kernel = _common.kernel('rmsprop')
    _state_names = ('ms',)
    _hyperparam_names = ('lr', 'alpha', 'eps', 'eps_inside_sqrt')

    def __init__(self, parent_hyperparam=None, lr=None, alpha=None, eps=None,
                 eps_inside_sqrt=None):
        super().__init__(parent_hyperparam or _default_hyperparam)
        _common.set_hyperparams(self.hyperparam, lr=lr, alpha=alpha, eps=eps,
                                eps_inside_sqrt=eps_inside_sqrt)

    def update_core_cpu(self, param):
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam
        _common.check_eps('RMSprop', hp.eps, grad.dtype)
        xp = backend.get_array_module(grad)
        ms = self.state['ms']
        ms *= hp.alpha
        ms += (1 - hp.alpha) * grad * grad
        if hp.eps_inside_sqrt:
            denom = xp.sqrt(ms + hp.eps)
        else:
            denom = xp.sqrt(ms)
            denom += hp.eps
        array = param.array
        array -= hp.lr * grad / denom

    def update_core_chainerx(self, param):
        grad = param._chainerx_grad()
        if grad is None:
            return
        lr, alpha, eps, eps_inside_sqrt = self._hyperparam_values()
        # The kernel's flag is a C++ bool: a truthy hyperparameter of another type (1, 'yes') is fine
        # for the NumPy path, so it is converted here.
        self._kernel(param._data[0], grad, self._state['ms'], lr, alpha, eps,
                     bool(eps_inside_sqrt))


class RMSprop(optimizer.GradientMethod):
    """RMSprop (Tieleman and Hinton, 2012).

    Args:
        lr (float): Learning rate.
        alpha (float): Exponential decay rate of the mean square.
        eps (float): Small value for numerical stability.
        eps_inside_sqrt (bool): Add `eps` under the square root instead of after it.
    """

    lr = optimizer.HyperparameterProxy('lr')
    alpha = optimizer.HyperparameterProxy('alpha')
    eps = optimizer.HyperparameterProxy('eps')
    eps_inside_sqrt = optimizer.HyperparameterProxy('eps_inside_sqrt')

    def __init__(self, lr=_default_hyperparam.lr, alpha=_default_hyperparam.alpha,
                 eps=_default_hyperparam.eps, eps_inside_sqrt=False):
        super().__init__()
        _common.set_hyperparams(self.hyperparam, lr=lr, alpha=alpha, eps=eps,
                                eps_inside_sqrt=eps_inside_sqrt)

    def create_update_rule(self):
        return RMSpropRule(self.hyperparam)
