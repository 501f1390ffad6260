"""Stochastic gradient descent: ``p -= lr * g``."""

from chainer import optimizer
from chainer.optimizers import _common

_default_hyperparam = _common.defaults(lr=0.01)


class SGDRule(_common.FusedRule):
    """The update rule of :class:`SGD`.

    Args:
        parent_hyperparam (~chainer.optimizer.Hyperparameter): Defaults of the hyperparameters.
        lr (float): Learning rate.
    """

    _kernel = _common.kernel('sgd')
    _hyperparam_names = ('lr',)

    def __init__(self, parent_hyperparam=None, lr=None):
        super().__init__(parent_hyperparam or _default_hyperparam)
        _common.set_hyperparams(self.hyperparam, lr=lr)

    def update_core_cpu(self, param):
        grad = param.grad
        if grad is None:
            return
        array = param.array
        array -= self.hyperparam.lr * grad


class SGD(optimizer.GradientMethod):
    """Vanilla stochastic gradient descent.

    Args:
        lr (float): Learning rate.

    Example:
        >>> optimizer = chainer.optimizers.SGD(lr=0.1).setup(model)
        >>> optimizer.update(lossfun, x, t)
    """

    lr = optimizer.HyperparameterProxy('lr')

    def __init__(self, lr=_default_hyperparam.lr):
        super().__init__()
        self.hyperparam.lr = lr

    def create_update_rule(self):
        return SGDRule(self.hyperparam)
