"""Momentum SGD with the learning rate applied after the velocity: ``v = momentum * v - g;
p += lr * v``, so that changing the learning rate does not rescale the accumulated velocity."""

from chainer.optimizers import _common


class CorrectedMomentumSGDRule(_common.VelocityRule):
    """The update rule of :class:`CorrectedMomentumSGD` (state: ``v``).

    Args:
        parent_hyperparam (~chainer.optimizer.Hyperparameter): Defaults of the hyperparameters.
        lr (float): Learning rate.
        momentum (float): Exponential decay rate of the velocity.
    """

    _defaults = _common.defaults(lr=0.01, momentum=0.9)
    _kernel = _common.kernel('corrected_momentum_sgd')

    def update_core_cpu(self, param):
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam
        v = self.state['v']
        v *= hp.momentum
        v -= grad
        array = param.array
        array += hp.lr * v


class CorrectedMomentumSGD(_common.VelocityOptimizer):
    """Momentum SGD whose velocity does not include the learning rate (Goyal et al., 2017).

    Args:
        lr (float): Learning rate.
        momentum (float): Exponential decay rate of the velocity.
    """

    _rule = CorrectedMomentumSGDRule
