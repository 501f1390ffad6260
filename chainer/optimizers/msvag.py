"""M-SVAG (Balles and Hennig, 2018): momentum SGD with a per-element variance adaptation factor."""

from chainer import backend
from chainer import optimizer
from chainer.optimizers import _common

_default_hyperparam = _common.defaults(
    lr=0.1, beta1=0.9, beta2=0.999, eta=1.0, weight_decay_rate=0)


def _rho(beta2, t):
    return (1 - beta2) * (1 + beta2 ** t) / ((1 + beta2) * (1 - beta2 ** t))


class MSVAGRule(_common.FusedRule):
    """The update rule of :class:`MSVAG` (state: ``m`` and ``v``).

    With the bias-corrected moments ``mt = m/(1-beta1**t)`` and ``vt = v/(1-beta2**t)``, the
    variance estimate ``s = (vt - mt*mt)/(1-rho)`` gives the factor
    ``clip(mt*mt / (mt*mt + rho*s), 0, 1)`` (0 where the denominator is not positive, 1 while
    ``rho >= 1``, i.e. at the first update); ``p -= eta*(lr*factor*mt + weight_decay_rate*p)``.

    Args:
        parent_hyperparam (~chainer.optimizer.Hyperparameter): Defaults of the hyperparameters.
        lr (float): Learning rate.
        beta1 (float): Exponential decay rate of the first order moment.
        beta2 (float): Exponential decay rate of the second order moment.
        eta (float): Schedule multiplier of the whole step.
        weight_decay_rate (float): Decoupled weight decay rate.
    """

    _kernel = _common.kernel('msvag')
    _state_names = ('m', 'v')
    _hyperparam_names = ('lr', 'beta1', 'beta2', 'eta', 'weight_decay_rate')

    def __init__(self, parent_hyperparam=None, lr=None, beta1=None, beta2=None, eta=None,
                 weight_decay_rate=None):
        super().__init__(parent_hyperparam or _default_hyperparam)
        _common.set_hyperparams(self.hyperparam, lr=lr, beta1=beta1, beta2=beta2, eta=eta,
                                weight_decay_rate=weight_decay_rate)

    @property
    def rho(self):
        """The variance-averaging factor of the moments at this update (1 at the first)."""
        return _rho(self.hyperparam.beta2, self.t)

    def update_core_cpu(self, param):
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam
        xp = backend.get_array_module(grad)
        m, v = self.state['m'], self.state['v']
        m += (1 - hp.beta1) * (grad - m)
        v += (1 - hp.beta2) * (grad * grad - v)
        mt = m / (1 - hp.beta1 ** self.t)
        rho = self.rho
        if rho < 1:
            vt = v / (1 - hp.beta2 ** self.t)
            mt2 = mt * mt
            denom = mt2 + rho * (vt - mt2) / (1 - rho)
            positive = denom > 0
            factor = mt2 / xp.where(positive, denom, 1)
            xp.clip(factor, 0, 1, out=factor)
            factor *= positive
            mt *= factor
        mt *= hp.lr
        array = param.array
        if hp.weight_decay_rate != 0:
            mt += hp.weight_decay_rate * array
        mt *= hp.eta
        array -= mt

    def update_core_chainerx(self, param):
        grad = param._chainerx_grad()
        if grad is None:
            return
        lr, beta1, beta2, eta, weight_decay_rate = self._hyperparam_values()
        state = self._state
        t = self.t
        self._kernel(param._data[0], grad, state['m'], state['v'], lr, beta1, beta2,
                     1 - beta1 ** t, 1 - beta2 ** t, _rho(beta2, t), eta, weight_decay_rate)


class MSVAG(optimizer.GradientMethod):
    """M-SVAG optimizer.

    Args:
        lr (float): Learning rate.
        beta1 (float): Exponential decay rate of the first order moment.
        beta2 (float): Exponential decay rate of the second order moment.
        eta (float): Schedule multiplier of the whole step.
        weight_decay_rate (float): Decoupled weight decay rate.
    """

    lr = optimizer.HyperparameterProxy('lr')
    beta1 = optimizer.HyperparameterProxy('beta1')
    beta2 = optimizer.HyperparameterProxy('beta2')
    eta = optimizer.HyperparameterProxy('eta')
    weight_decay_rate = optimizer.HyperparameterProxy('weight_decay_rate')

    def __init__(self, lr=0.1, beta1=0.9, beta2=0.999, eta=1.0, weight_decay_rate=0):
        super().__init__()
        _common.set_hyperparams(self.hyperparam, lr=lr, beta1=beta1, beta2=beta2, eta=eta,
                                weight_decay_rate=weight_decay_rate)

    def create_update_rule(self):
        return MSVAGRule(self.hyperparam)
