"""Adam (Kingma and Ba, 2015) and its variants AdamW, AMSGrad, AdaBound and AMSBound.

One rule covers all five: ``m += (1-beta1)*(g-m); v += (1-beta2)*(g*g-v)``; AMSGrad divides by
``vhat = max(vhat, v)`` instead of ``v``; AdaBound clips the per-element step into bounds that
converge to ``final_lr``; ``weight_decay_rate`` is the decoupled weight decay of AdamW:
``p -= eta * (alpha_t / (sqrt(v) + eps) * m + weight_decay_rate * p)``.
"""

import math

from chainer import backend
from chainer import optimizer
from chainer.optimizers import _common

_default_hyperparam = _common.defaults(
    alpha=0.001, beta1=0.9, beta2=0.999, eps=1e-8, eta=1.0, weight_decay_rate=0,
    amsgrad=False, adabound=False, final_lr=0.1, gamma=1e-3)


def _learning_rate(hp, t):
    return _alpha_t(hp.alpha, hp.beta1, hp.beta2, t)


def _alpha_t(alpha, beta1, beta2, t):
    if t == 0:
        raise RuntimeError(
            "Can't determine the learning rate of Adam optimizer because the update steps "
            'have not been started.')
    return alpha * math.sqrt(1. - math.pow(beta2, t)) / (1. - math.pow(beta1, t))


class AdamRule(optimizer.UpdateRule):
    """The update rule of :class:`Adam` (state: ``m``, ``v``, and ``vhat`` with AMSGrad).

    Args:
        parent_hyperparam (~chainer.optimizer.Hyperparameter): Defaults of the hyperparameters.
        alpha (float): Coefficient of the learning rate.
        beta1 (float): Exponential decay rate of the first order moment.
        beta2 (float): Exponential decay rate of the second order moment.
        eps (float): Small value for numerical stability.
        eta (float): Schedule multiplier of the whole step (for learning rate schedules).
        weight_decay_rate (float): Decoupled weight decay rate (AdamW).
        amsgrad (bool): Use the running maximum of ``v`` (AMSGrad).
        adabound (bool): Clip the step into dynamic bounds (AdaBound).
        final_lr (float): The learning rate the AdaBound bounds converge to.
        gamma (float): The convergence speed of the AdaBound bounds.
    """

    _kernel = _common.kernel('adam')
    _hyperparam_names = ('alpha', 'beta1', 'beta2', 'eps', 'eta', 'weight_decay_rate', 'amsgrad',
                         'adabound', 'final_lr', 'gamma')

    def __init__(self, parent_hyperparam=None, alpha=None, beta1=None, beta2=None, eps=None,
                 eta=None, weight_decay_rate=None, amsgrad=None, adabound=None, final_lr=None,
                 gamma=None):
        super().__init__(parent_hyperparam or _default_hyperparam)
        _common.set_hyperparams(
            self.hyperparam, alpha=alpha, beta1=beta1, beta2=beta2, eps=eps, eta=eta,
            weight_decay_rate=weight_decay_rate, amsgrad=amsgrad, adabound=adabound,
            final_lr=final_lr, gamma=gamma)
        self.initial_alpha = None

    def init_state(self, param):
        if self.hyperparam.amsgrad:
            self._zeros_state(param, 'm', 'v', 'vhat')
        else:
            self._zeros_state(param, 'm', 'v')

    def _bounds(self, alpha, final_lr, gamma):
        # AdaBound's bounds of the step at this update. The final learning rate follows the
        # changes of alpha (e.g. by a schedule) since the first update.
        if self.initial_alpha is None:
            self.initial_alpha = alpha
        final_lr = final_lr * alpha / self.initial_alpha
        lower = final_lr * (1.0 - 1.0 / (gamma * self.t + 1))
        upper = final_lr * (1.0 + 1.0 / (gamma * self.t))
        return lower, upper

    def update_core_cpu(self, param):
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam
        _common.check_eps('Adam', hp.eps, grad.dtype)
        xp = backend.get_array_module(grad)
        state = self.state
        m, v = state['m'], state['v']
        m += (1 - hp.beta1) * (grad - m)
        v += (1 - hp.beta2) * (grad * grad - v)
        if hp.amsgrad:
            vhat = state['vhat']
            xp.maximum(vhat, v, out=vhat)
        else:
            vhat = v
        step = xp.sqrt(vhat)
        step += hp.eps
        xp.divide(self.alpha_t, step, out=step)
        if hp.adabound:
            xp.clip(step, *self._bounds(hp.alpha, hp.final_lr, hp.gamma), out=step)
        step *= m
        array = param.array
        if hp.weight_decay_rate != 0:
            step += hp.weight_decay_rate * array
        step *= hp.eta
        array -= step

    update_core_gpu = update_core_cpu

    def update_core_chainerx(self, param):
        grad = param._chainerx_grad()
        if grad is None:
            return
        (alpha, beta1, beta2, eps, eta, weight_decay_rate, amsgrad, adabound, final_lr,
         gamma) = self._hyperparam_values()
        state = self._state
        lower, upper = self._bounds(alpha, final_lr, gamma) if adabound else (None, None)
        self._kernel(
            param._data[0], grad, state['m'], state['v'], state['vhat'] if amsgrad else None,
            _alpha_t(alpha, beta1, beta2, self.t), beta1, beta2, eps, eta, weight_decay_rate,
            lower, upper)

    @property
    def alpha_t(self):
        """The bias-corrected step size of this update (RuntimeError before the first)."""
        return _learning_rate(self.hyperparam, self.t)

    @property
    def lr(self):
        """Alias of :attr:`alpha_t`."""
        return self.alpha_t


class Adam(optimizer.GradientMethod):
    """Adam optimizer, with the AMSGrad, AdaBound and AdamW (weight decay) options.

    Args:
        alpha (float): Coefficient of the learning rate.
        beta1 (float): Exponential decay rate of the first order moment.
        beta2 (float): Exponential decay rate of the second order moment.
        eps (float): Small value for numerical stability.
        eta (float): Schedule multiplier of the whole step (for learning rate schedules).
        weight_decay_rate (float): Decoupled weight decay rate.
        amsgrad (bool): Use AMSGrad.
        adabound (bool): Use AdaBound.
        final_lr (float): The learning rate the AdaBound bounds converge to.
        gamma (float): The convergence speed of the AdaBound bounds.
    """

    alpha = optimizer.HyperparameterProxy('alpha')
    beta1 = optimizer.HyperparameterProxy('beta1')
    beta2 = optimizer.HyperparameterProxy('beta2')
    eps = optimizer.HyperparameterProxy('eps')
    eta = optimizer.HyperparameterProxy('eta')
    weight_decay_rate = optimizer.HyperparameterProxy('weight_decay_rate')
    amsgrad = optimizer.HyperparameterProxy('amsgrad')
    adabound = optimizer.HyperparameterProxy('adabound')
    final_lr = optimizer.HyperparameterProxy('final_lr')
    gamma = optimizer.HyperparameterProxy('gamma')

    def __init__(self, alpha=0.001, beta1=0.9, beta2=0.999, eps=1e-8, eta=1.0,
                 weight_decay_rate=0, amsgrad=False, adabound=False, final_lr=0.1, gamma=1e-3):
        super().__init__()
        _common.set_hyperparams(
            self.hyperparam, alpha=alpha, beta1=beta1, beta2=beta2, eps=eps, eta=eta,
            weight_decay_rate=weight_decay_rate, amsgrad=amsgrad, adabound=adabound,
            final_lr=final_lr, gamma=gamma)

    def create_update_rule(self):
        return AdamRule(self.hyperparam)

    @property
    def alpha_t(self):
        """The bias-corrected step size at the current update count :attr:`t`."""
        return _learning_rate(self.hyperparam, self.t)

    @property
    def lr(self):
        """Alias of :attr:`alpha_t`."""
        return self.alpha_t


class AdamW(Adam):
    """Adam with decoupled weight decay (Loshchilov and Hutter, 2019); see :class:`Adam`."""

    def __init__(self, alpha=0.001, beta1=0.9, beta2=0.999, eps=1e-8, eta=1.0,
                 weight_decay_rate=0):
        super().__init__(alpha=alpha, beta1=beta1, beta2=beta2, eps=eps, eta=eta,
                         weight_decay_rate=weight_decay_rate)


class AMSGrad(Adam):
    """AMSGrad (Reddi et al., 2018): Adam dividing by the running maximum of ``v``."""

    def __init__(self, alpha=0.001, beta1=0.9, beta2=0.999, eps=1e-8, eta=1.0):
        super().__init__(alpha=alpha, beta1=beta1, beta2=beta2, eps=eps, eta=eta, amsgrad=True)


class AdaBound(Adam):
    """AdaBound (Luo et al., 2019): Adam with the step clipped into bounds tending to final_lr."""

    def __init__(self, alpha=0.001, beta1=0.9, beta2=0.999, final_lr=0.1, gamma=1e-3,
                 eps=1e-8, eta=1.0):
        super().__init__(alpha=alpha, beta1=beta1, beta2=beta2, eps=eps, eta=eta,
                         adabound=True, final_lr=final_lr, gamma=gamma)


class AMSBound(Adam):
    """AMSBound (Luo et al., 2019): AdaBound dividing by the running maximum of ``v``."""

    def __init__(self, alpha=0.001, beta1=0.9, beta2=0.999, final_lr=0.1, gamma=1e-3,
                 eps=1e-8, eta=1.0):
        super().__init__(alpha=alpha, beta1=beta1, beta2=beta2, eps=eps, eta=eta,
                         amsgrad=True, adabound=True, final_lr=final_lr, gamma=gamma)
