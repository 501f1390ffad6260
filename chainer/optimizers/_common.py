"""Helpers shared by the built-in optimizers: hyperparameter defaults and the fused kernels.

See Note [Fused updates on chainerx] in chainer/optimizer.py.
"""

import operator

import chainerx

from chainer import optimizer

# The fused in-place update kernels (one per rule), e.g. ``kernels.sgd(param, grad, lr)``.
kernels = chainerx._core._optimizers


def kernel(name):
    """The fused kernel `name` (a builtin function: usable as a class attribute, not bound)."""
    return getattr(kernels, name)


def defaults(**values):
    """A root :class:`~chainer.optimizer.Hyperparameter` holding the default values of a rule."""
    hyperparam = optimizer.Hyperparameter()
    set_hyperparams(hyperparam, **values)
    return hyperparam


def set_hyperparams(hyperparam, **values):
    """Sets the hyperparameters whose value is not None (None keeps the parent's value)."""
    for name, value in values.items():
        if value is not None:
            setattr(hyperparam, name, value)


def check_eps(optimizer_name, eps, dtype):
    """Raises ValueError if `eps` rounds to zero in `dtype` (float16 NumPy/CuPy updates).

    The chainerx kernels compute float16 in float32, where the default epsilons are representable.
    """
    if eps != 0 and dtype.type(eps) == 0:
        raise ValueError('eps of {} optimizer is too small for {} ({})'.format(
            optimizer_name, dtype.name, eps))


def _tuple_getter(names):
    """A function of a dict returning the tuple of its values at `names`."""
    if not names:
        return lambda mapping: ()
    if len(names) == 1:
        name, = names
        return lambda mapping: (mapping[name],)
    return operator.itemgetter(*names)


class FusedRule(optimizer.UpdateRule):
    """The base of the rules whose chainerx update is one fused kernel call.

    A subclass sets ``_kernel`` (its kernel of ``chainerx._core._optimizers``), ``_state_names`` (the
    state arrays, zero-initialised, passed to the kernel after the parameter and the gradient, in
    order) and ``_hyperparam_names`` (the scalars passed after them, in order), and writes
    :meth:`update_core_cpu` (which also serves CuPy). Rules whose kernel takes per-step scalars
    (bias corrections, bounds) override :meth:`update_core_chainerx`.
    """

    _kernel = None
    _state_names = ()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        # The tuple of state arrays, fetched without a comprehension: this runs once per parameter
        # per step, where a list comprehension costs as much as the rest of the call.
        cls._states_of = staticmethod(_tuple_getter(cls._state_names))

    def init_state(self, param):
        self._zeros_state(param, *self._state_names)

    def update_core_gpu(self, param):
        self.update_core_cpu(param)

    def update_core_chainerx(self, param):
        grad = param._chainerx_grad()
        if grad is None:
            return
        self._kernel(param._data[0], grad, *self._states_of(self._state), *self._hyperparam_values())


class VelocityRule(FusedRule):
    """The base of the momentum rules: hyperparameters ``lr`` and ``momentum``, state ``v``.

    A subclass sets ``_defaults`` (its root hyperparameters) and ``_kernel`` (its fused chainerx
    kernel, called as ``_kernel(param, grad, v, lr, momentum)``) and writes
    :meth:`update_core_cpu`.

    Args:
        parent_hyperparam (~chainer.optimizer.Hyperparameter): Defaults of the hyperparameters.
        lr (float): Learning rate.
        momentum (float): Exponential decay rate of the velocity.
    """

    _defaults = None
    _state_names = ('v',)
    _hyperparam_names = ('lr', 'momentum')

    def __init__(self, parent_hyperparam=None, lr=None, momentum=None):
        super().__init__(parent_hyperparam or self._defaults)
        set_hyperparams(self.hyperparam, lr=lr, momentum=momentum)


class VelocityOptimizer(optimizer.GradientMethod):
    """The base of the momentum optimizers; a subclass sets ``_rule`` (its update rule class).

    Args:
        lr (float): Learning rate.
        momentum (float): Exponential decay rate of the velocity.
    """

    _rule = None
    lr = optimizer.HyperparameterProxy('lr')
    momentum = optimizer.HyperparameterProxy('momentum')

    def __init__(self, lr=0.01, momentum=0.9):
        super().__init__()
        set_hyperparams(self.hyperparam, lr=lr, momentum=momentum)

    def create_update_rule(self):
        return self._rule(self.hyperparam)
