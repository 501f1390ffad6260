"""AdaDelta (Zeiler, 2012): a learning-rate-free update from running averages of the squared
gradients and the squared updates."""

from chainer import backend
from chainer import optimizer
from chainer.optimizers import _common

_default_hyperparam = _common.defaults(rho=0.95, eps=1e-6)


class AdaDeltaRule(_common.FusedRule):
    """The update rule of :class:`AdaDelta` (state: ``msg`` and ``msdx``).

    ``msg = rho*msg + (1-rho)*g*g; dx = sqrt((msdx+eps)/(msg+eps))*g;
    msdx = rho*msdx + (1-rho)*dx*dx; p -= dx``.

    Args:
        parent_hyperparam (~chainer.optimizer.Hyperparameter): Defaults of the hyperparameters.
        rho (float): Exponential decay rate of the running averages.
        eps (float): Small value for numerical stability.
    """

    _kernel = _common.kernel('adadelta')
    _state_names = ('msg', 'msdx')
    _hyperparam_names = ('rho', 'eps')

    def __init__(self, parent_hyperparam=None, rho=None, eps=None):
        super().__init__(parent_hyperparam or _default_hyperparam)
        _common.set_hyperparams(self.hyperparam, rho=rho, eps=eps)

    def update_core_cpu(self, param):
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam
        rho, eps = hp.rho, hp.eps
        xp = backend.get_array_module(grad)
        msg, msdx = self.state['msg'], self.state['msdx']
        msg *= rho
        msg += (1 - rho) * grad * grad
        dx = xp.sqrt((msdx + eps) / (msg + eps))
        dx *= grad
        msdx *= rho
        msdx += (1 - rho) * dx * dx
        array = param.array
        array -= dx


class AdaDelta(optimizer.GradientMethod):
    """AdaDelta optimizer.

    Args:
        rho (float): Exponential decay rate of the running averages.
        eps (float): Small value for numerical stability.
    """

    rho = optimizer.HyperparameterProxy('rho')
    eps = optimizer.HyperparameterProxy('eps')

    def __init__(self, rho=_default_hyperparam.rho, eps=_default_hyperparam.eps):
        super().__init__()
        _common.set_hyperparams(self.hyperparam, rho=rho, eps=eps)

    def create_update_rule(self):
        return AdaDeltaRule(self.hyperparam)
