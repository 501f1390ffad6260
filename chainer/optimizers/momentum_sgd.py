"""Momentum SGD: ``v = momentum * v - lr * g; p += v``."""

from chainer.optimizers import _common


class MomentumSGDRule(_common.VelocityRule):
    """The update rule of :class:`MomentumSGD` (state: ``v``, the velocity).

    Args:
        parent_hyperparam (~chainer.optimizer.Hyperparameter): Defaults of the hyperparameters.
        lr (float): Learning rate.
        momentum (float): Exponential decay rate of the velocity.
    """

    _defaults = _common.defaults(lr=0.01, momentum=0.9)
    _kernel = _common.kernel('momentum_sgd')

    def update_core_cpu(self, param):
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam
        v = self.state['v']
        v *= hp.momentum
        v -= hp.lr * grad
        array = param.array
        array += v


class MomentumSGD(_common.VelocityOptimizer):
    """Stochastic gradient descent with classical momentum.

    Args:
        lr (float): Learning rate.
        momentum (float): Exponential decay rate of the velocity.
    """

    _rule = MomentumSGDRule
