"""Optimizers: hyperparameters, per-parameter update rules, and the optimizer that drives them.

An :class:`Optimizer` is set up with a :class:`~chainer.Link`; a :class:`GradientMethod` gives
every parameter of the link its own :class:`UpdateRule` (``param.update_rule``), whose
hyperparameters fall back to the optimizer's, and ``optimizer.update(lossfun, *args)`` computes the
loss, runs backward and calls ``param.update()`` for each parameter.

Note [Fused updates on chainerx]
--------------------------------
The original runs every update rule of a chainerx parameter through NumPy/CuPy views of its
memory. Here each built-in rule overrides ``update_core_chainerx`` with one call of a fused in-place
kernel of ``chainerx._core._optimizers`` (one pass over the parameter, the gradient and the state,
no temporary, no graph). The Python side computes the per-step scalars (bias corrections, bounds)
and the kernel the elementwise formula, which is the one of ``update_core_cpu``. A user-defined
rule without ``update_core_chainerx`` still works: the base class runs its CPU/GPU rule on
zero-copy views.

Note [Batched updates of chainerx parameters]
---------------------------------------------
``GradientMethod.update`` runs its loop over the parameters in a ``chainerx._core._optimizers.Batch``
(Note [Batched updates] in chainerx/core/routines/optimizer.h): the fused kernel calls queue, and
the batch runs them at its end, on CUDA up to 32 parameters of one rule and dtype per launch, where
each parameter took a launch of its own. A queued parameter keeps its old values until then, so the
loop runs any update that does more than queue one kernel call through ``batch.run_unbatched``,
which runs the queue first and lets the update's own kernels run at their call: a rule with hooks,
a float16 parameter updated through its float32 master copy, a rule whose
``update_core_chainerx`` is not a built-in one (``UpdateRule._queues_one_fused_update``), or a
parameter that is not a chainerx array. Everything then observes the values, in the order, that it
would observe without the batch.
"""

import abc
import collections
import math
import warnings

import chainerx

from chainer import backend


class Hyperparameter:
    """A set of hyperparameters that looks up missing attributes in a parent set.

    Args:
        parent (Hyperparameter): The set to read a hyperparameter from when this one lacks it.

    Example:
        >>> parent = Hyperparameter()
        >>> parent.lr = 0.1
        >>> child = Hyperparameter(parent)
        >>> child.lr
        0.1
    """

    # Bumped by every assignment to any Hyperparameter; see UpdateRule._hyperparam_values.
    _version = 0

    def __init__(self, parent=None):
        self._parent = parent

    def __setattr__(self, name, value):
        object.__setattr__(self, name, value)
        Hyperparameter._version += 1

    def __delattr__(self, name):
        object.__delattr__(self, name)
        Hyperparameter._version += 1

    def __getattr__(self, name):
        # Only called when normal lookup fails; `_parent` is absent while unpickling or copying.
        if '_parent' not in self.__dict__:
            raise AttributeError('_parent is not set up yet')
        parent = self._parent
        if parent is None:
            raise AttributeError('Hyperparameter has no attribute {!r}'.format(name))
        return getattr(parent, name)

    def __repr__(self):
        d = self.get_dict()
        return 'Hyperparameter({})'.format(', '.join('{}={}'.format(k, d[k]) for k in sorted(d)))

    @property
    def parent(self):
        """The parent hyperparameter set, or None."""
        return self._parent

    def get_dict(self):
        """A dictionary of all hyperparameters, those of this set overriding the parent's."""
        d = {} if self._parent is None else self._parent.get_dict()
        d.update((k, v) for k, v in self.__dict__.items() if k != '_parent')
        return d


class HyperparameterProxy:
    """A class attribute reading and writing ``self.hyperparam.<name>`` (e.g. ``optimizer.lr``)."""

    def __init__(self, attr_name):
        self._attr_name = attr_name
        self.__doc__ = 'Alias to ``self.hyperparam.{}``'.format(attr_name)

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        return getattr(obj.hyperparam, self._attr_name)

    def __set__(self, obj, value):
        setattr(obj.hyperparam, self._attr_name, value)


def _hook_name(hook, name):
    if name is None:
        name = getattr(hook, 'name', None) or getattr(hook, '__name__', None)
    if name is None:
        raise ValueError('the name of the hook function is not specified')
    return name


def _check_new_hook(hook, name, pre_hooks, post_hooks):
    if not callable(hook):
        raise TypeError('hook function must be callable, not {}'.format(type(hook).__name__))
    name = _hook_name(hook, name)
    if name in pre_hooks or name in post_hooks:
        raise KeyError('hook "{}" already exists'.format(name))
    return name


def _remove_hook(name, pre_hooks, post_hooks):
    if name in pre_hooks:
        del pre_hooks[name]
    elif name in post_hooks:
        del post_hooks[name]
    else:
        raise KeyError('hook "{}" does not exist'.format(name))


def _grad_array(param):
    """The gradient array of a parameter (the chainerx array itself, not a view), or None."""
    if param._has_chainerx_array:
        return param._chainerx_grad()
    grad_var = param._grad_var
    return None if grad_var is None else grad_var._data[0]


def _writable_grad(param):
    """The gradient array of a parameter, made writable for in-place updates, or None.

    A NumPy backward may leave a read-only broadcast view as a leaf's gradient (e.g. that of
    ``F.sum``); it is replaced by a copy. A chainerx gradient comes as a grad-stopped view (a
    gradient set by ``param.grad = g`` requires grad itself, for double backprop, and chainerx
    refuses in-place arithmetic on such arrays).
    """
    grad = _grad_array(param)
    if grad is None:
        return None
    if param._has_chainerx_array:
        return grad.as_grad_stopped()
    if not getattr(grad.flags, 'writeable', True):
        grad = grad.copy()
        param._set_grad(grad)
    return grad


_TIMINGS = ('pre', 'post', 'auto')


# Note [Optimizer wrappers]
# Optimizer has ABCMeta as its metaclass (and no abstract method) so that wrappers that delegate to
# an optimizer without inheriting its state, like chainermn's multi-node optimizer, can register as
# virtual subclasses: updaters check `isinstance(optimizer, Optimizer)` to report wrong arguments
# early, and a wrapper must pass that check. Inheriting instead would shadow the delegation with
# Optimizer's class attributes.
class Optimizer(metaclass=abc.ABCMeta):
    """The base of optimizers: the target link, the step and epoch counts, and hooks.

    Attributes:
        target (~chainer.Link): The link being optimized (set by :meth:`setup`).
        t (int): Number of updates made.
        epoch (int): Current epoch, advanced by :meth:`new_epoch`.
        use_auto_new_epoch (bool): Whether an updater calls ``new_epoch(auto=True)``.
    """

    target = None
    t = 0
    epoch = 0
    use_auto_new_epoch = False
    _pre_update_hooks = None
    _post_update_hooks = None
    _loss_scale = None
    _loss_scaling_is_dynamic = False
    _loss_scaling_isnan = False

    def setup(self, link):
        """Sets the link to optimize and resets the counters and hooks.

        Returns:
            self

        Raises:
            TypeError: If `link` is not a :class:`~chainer.Link`.
        """
        from chainer import link as link_module
        if not isinstance(link, link_module.Link):
            raise TypeError(
                'optimization target must be a link, not {}'.format(type(link).__name__))
        self.target = link
        self.t = 0
        self.epoch = 0
        self._pre_update_hooks = {}
        self._post_update_hooks = {}
        return self

    def update(self, lossfun=None, *args, **kwds):
        """Updates the parameters of the target link (implemented by subclasses)."""
        raise NotImplementedError

    def new_epoch(self, auto=False):
        """Advances :attr:`epoch`.

        Args:
            auto (bool): True when an updater calls it (requires :attr:`use_auto_new_epoch`).

        Raises:
            RuntimeError: If `auto` does not match :attr:`use_auto_new_epoch`.
        """
        if self.use_auto_new_epoch and not auto:
            raise RuntimeError(
                'invalid new_epoch call with auto=False: this optimizer advances epochs through '
                'its updater; call new_epoch(auto=True) or set use_auto_new_epoch to False')
        if auto and not self.use_auto_new_epoch:
            raise RuntimeError(
                'invalid new_epoch call with auto=True: set use_auto_new_epoch to True')
        self.epoch += 1

    def add_hook(self, hook, name=None, timing='auto'):
        """Registers a hook called before ('pre') or after ('post') each update.

        A hook with ``call_for_each_param = True`` is called as ``hook(param.update_rule, param)``
        for every parameter, else as ``hook(optimizer)``. With ``timing='auto'`` the hook's own
        ``timing`` attribute decides ('pre' if it has none).

        Raises:
            TypeError: If `hook` is not callable.
            RuntimeError: If :meth:`setup` was not called.
            ValueError: If `timing` is not 'pre', 'post' or 'auto'.
            KeyError: If a hook of that name exists.
        """
        if timing not in _TIMINGS:
            raise ValueError("timing must be one of {}, not {!r}".format(_TIMINGS, timing))
        if self._pre_update_hooks is None:
            raise RuntimeError('call `setup` method before `add_hook` method')
        name = _check_new_hook(hook, name, self._pre_update_hooks, self._post_update_hooks)
        if timing == 'auto':
            timing = getattr(hook, 'timing', 'pre')
            if timing not in ('pre', 'post'):
                raise ValueError("hook.timing must be 'pre' or 'post', not {!r}".format(timing))
        hooks = self._pre_update_hooks if timing == 'pre' else self._post_update_hooks
        hooks[name] = hook

    def remove_hook(self, name):
        """Removes the hook called `name` (KeyError if there is none)."""
        _remove_hook(name, self._pre_update_hooks or {}, self._post_update_hooks or {})

    def call_hooks(self, timing='pre'):
        """Calls the hooks of one timing ('pre' or 'post')."""
        if timing not in ('pre', 'post'):
            raise ValueError("timing must be either 'pre' or 'post', not {!r}".format(timing))
        hooks = self._pre_update_hooks if timing == 'pre' else self._post_update_hooks
        for hook in list(hooks.values()):
            if getattr(hook, 'call_for_each_param', False):
                for param in self.target.params():
                    hook(param.update_rule, param)
            else:
                hook(self)

    def serialize(self, serializer):
        """Saves or loads :attr:`t`, :attr:`epoch` and the update rules' states."""
        self.t = serializer('t', self.t)
        self.epoch = serializer('epoch', self.epoch)
        for name, param in self.target.namedparams():
            rule = getattr(param, 'update_rule', None)
            if rule is not None:
                rule.serialize(serializer[name])

    def loss_scaling(self, interval=1000, scale=None):
        """Configures loss scaling for mixed precision training.

        Args:
            interval (int): With dynamic scaling, the number of overflow-free updates over which
                the scale doubles (before the first overflow it doubles at every update).
            scale (float): A static scale; None selects dynamic scaling, which starts at 1,
                halves the scale and skips the update when a gradient is not finite.

        Raises:
            ValueError: If `interval` < 1 (dynamic) or `scale` <= 0.
        """
        if scale is None:
            if interval is None or interval < 1:
                raise ValueError(
                    'interval must be greater than or equal to 1, not {}'.format(interval))
            self._loss_scaling_is_dynamic = True
            self._loss_scale = 1.0
            self._loss_scaling_multiplier = math.pow(2.0, 1.0 / interval)
            self._loss_scaling_isnan_ever = False
        else:
            if scale <= 0:
                raise ValueError('loss scale must be a positive number, not {}'.format(scale))
            self._loss_scaling_is_dynamic = False
            self._loss_scale = float(scale)
        self._loss_scaling_isnan = False

    def set_loss_scale(self, loss_scale):
        """Sets a static loss scale (None disables loss scaling)."""
        if loss_scale is None:
            self._loss_scale = None
            self._loss_scaling_is_dynamic = False
        else:
            self.loss_scaling(scale=loss_scale)

    def check_nan_in_grads(self):
        """With dynamic loss scaling, records (and warns) whether some gradient is not finite.

        The flags of each device's gradients are read back together, so that the host waits for a GPU once per
        update, not once per parameter.
        """
        self._loss_scaling_isnan = False
        if not self._loss_scaling_is_dynamic:
            return
        by_device = collections.OrderedDict()
        for name, param in self.target.namedparams(False):
            grad = _grad_array(param)
            if grad is not None:
                by_device.setdefault(backend.get_device_from_array(grad), []).append((name, grad))
        for device, named_grads in by_device.items():
            xp = device.xp
            finite = xp.stack([xp.isfinite(grad).all() for _, grad in named_grads])
            for (name, _), is_finite in zip(named_grads, backend.CpuDevice().send(finite)):
                if not is_finite:
                    self._loss_scaling_isnan = self._loss_scaling_isnan_ever = True
                    warnings.warn('Non finite number found in param.grad of {} (iteration: {}, '
                                  'loss_scale: {})'.format(name, self.t, self._loss_scale))
                    return

    def is_safe_to_update(self):
        """False when dynamic loss scaling found a non-finite gradient at this update."""
        return not self._loss_scaling_isnan

    def update_loss_scale(self):
        """Adjusts the dynamic loss scale after an update (halves it after an overflow)."""
        if not self._loss_scaling_is_dynamic:
            return
        if self._loss_scaling_isnan:
            multiplier = 0.5
        elif self._loss_scaling_isnan_ever:
            multiplier = self._loss_scaling_multiplier
        else:
            multiplier = 2.0
        self._loss_scale = max(1.0, min(2.0 ** 65, self._loss_scale * multiplier))


class GradientMethod(Optimizer):
    """An optimizer updating each parameter by its gradient through one :class:`UpdateRule`.

    Subclasses implement :meth:`create_update_rule` and set defaults in :attr:`hyperparam`.
    """

    def __init__(self):
        self.hyperparam = Hyperparameter()
        self._use_fp32_update = False

    def setup(self, link):
        """Sets the link and gives each of its parameters a new update rule."""
        super().setup(link)
        for param in link.params():
            rule = self.create_update_rule()
            if self._use_fp32_update:
                rule.use_fp32_update()
            param.update_rule = rule
        return self

    def create_update_rule(self):
        """A new :class:`UpdateRule` whose hyperparameters default to this optimizer's."""
        raise NotImplementedError

    def reallocate_cleared_grads(self):
        """Gives zero gradients to initialized parameters whose gradient is None.

        Read-only NumPy gradients (broadcast views) are replaced by writable copies.
        """
        for param in self.target.params(False):
            if _writable_grad(param) is None:
                _zero_grad(param)

    def update(self, lossfun=None, *args, **kwds):
        """Updates the parameters.

        With `lossfun`, computes ``loss = lossfun(*args, **kwds)``, clears the gradients, runs
        ``loss.backward`` (with the loss scale) first. Parameters without gradient get zeros.

        Raises:
            RuntimeError: If :meth:`setup` was not called.
        """
        target = self.target
        if target is None:
            raise RuntimeError('call `setup` method before `update` method')
        if lossfun is not None:
            loss = lossfun(*args, **kwds)
            target.cleargrads()
            loss.backward(loss_scale=self._loss_scale)
            del loss
        pre_hooks = self._pre_update_hooks
        if pre_hooks or self._loss_scaling_is_dynamic:
            self.reallocate_cleared_grads()
            self.check_nan_in_grads()
        if not self._loss_scaling_isnan:
            if pre_hooks:
                self.call_hooks('pre')
            self.t += 1
            with chainerx._core._optimizers.Batch() as batch:
                for param in target.params():
                    if param._data[0] is not None and _grad_array(param) is None:
                        _zero_grad(param)
                    rule = param.update_rule
                    if rule is None or rule._queues_one_fused_update(param):
                        param.update()
                    else:  # Note [Batched updates of chainerx parameters]
                        batch.run_unbatched(param.update)
            if self._post_update_hooks:
                self.reallocate_cleared_grads()
                self.call_hooks('post')
        self.update_loss_scale()

    def use_fp32_update(self, flag=True):
        """Updates float16 parameters through float32 master copies (see UpdateRule)."""
        self._use_fp32_update = flag
        if self.target is not None:
            for param in self.target.params():
                if param.update_rule is not None:
                    param.update_rule.use_fp32_update(flag)

    def use_cleargrads(self, use=True):
        """Deprecated: gradients are always cleared with cleargrads."""
        warnings.warn('GradientMethod.use_cleargrads is deprecated.', DeprecationWarning)


def _zero_grad(param):
    array = param._data[0]
    if param._has_chainerx_array:
        array.set_grad(backend._array_like('zeros', array))
    else:
        with backend.using_device(param.device):
            param._set_grad(backend.get_array_module(array).zeros_like(array))


# UpdateRule lives in chainer/_update_rule.py (which needs the helpers above, hence the import at the end).
from chainer._update_rule import UpdateRule  # NOQA
