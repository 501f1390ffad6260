"""Nesterov's accelerated gradient in the form of Sutskever et al. (2013)."""

from chainer.optimizers import _common


class NesterovAGRule(_common.VelocityRule):
    """The update rule of :class:`NesterovAG` (state: ``v``).

    ``v = momentum * v - lr * g; p += momentum**2 * v - (1 + momentum) * lr * g``.

    Args:
        parent_hyperparam (~chainer.optimizer.Hyperparameter): Defaults of the hyperparameters.
        lr (float): Learning rate.
        momentum (float): Exponential decay rate of the velocity.
    """

    _defaults = _common.defaults(lr=0.01, momentum=0.9)
    _kernel = _common.kernel('nesterov_ag')

    def update_core_cpu(self, param):
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam
        lr, momentum = hp.lr, hp.momentum
        v = self.state['v']
        v *= momentum
        v -= lr * grad
        array = param.array
        array += momentum * momentum * v
        array -= (1 + momentum) * lr * grad


class NesterovAG(_common.VelocityOptimizer):
    """Nesterov's accelerated gradient.

    Args:
        lr (float): Learning rate.
        momentum (float): Exponential decay rate of the velocity.
    """

    _rule = NesterovAGRule
