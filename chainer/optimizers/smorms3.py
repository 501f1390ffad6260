"""SMORMS3 (Simon Funk, 2015): RMSprop with a per-element memory length."""

from chainer import backend
from chainer import optimizer
from chainer.optimizers import _common

_default_hyperparam = _common.defaults(lr=0.001, eps=1e-16)


class SMORMS3Rule(_common.FusedRule):
    """The update rule of :class:`SMORMS3` (state: ``mem``, ``g`` and ``g2``).

    ``r = 1/(mem+1); g = (1-r)*g + r*grad; g2 = (1-r)*g2 + r*grad*grad; x = g*g/(g2+eps);
    p -= grad * min(lr, x) / (sqrt(g2)+eps); mem = 1 + mem*(1-x)``.

    Args:
        parent_hyperparam (~chainer.optimizer.Hyperparameter): Defaults of the hyperparameters.
        lr (float): Learning rate.
        eps (float): Small value for numerical stability.
    """

    _kernel = _common.kernel('smorms3')
    _state_names = ('mem', 'g', 'g2')
    _hyperparam_names = ('lr', 'eps')

    def __init__(self, parent_hyperparam=None, lr=None, eps=None):
        super().__init__(parent_hyperparam or _default_hyperparam)
        _common.set_hyperparams(self.hyperparam, lr=lr, eps=eps)

    def init_state(self, param):
        self._zeros_state(param, 'mem', 'g', 'g2')
        self._state['mem'] += 1

    def update_core_cpu(self, param):
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam
        xp = backend.get_array_module(grad)
        mem, g, g2 = self.state['mem'], self.state['g'], self.state['g2']
        r = 1 / (mem + 1)
        g *= 1 - r
        g += r * grad
        g2 *= 1 - r
        g2 += r * grad * grad
        x = g * g / (g2 + hp.eps)
        denom = xp.sqrt(g2)
        denom += hp.eps
        array = param.array
        array -= grad * xp.minimum(x, hp.lr) / denom
        mem *= 1 - x
        mem += 1


class SMORMS3(optimizer.GradientMethod):
    """SMORMS3 optimizer.

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
        return SMORMS3Rule(self.hyperparam)
