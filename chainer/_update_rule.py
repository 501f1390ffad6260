"""`chainer.UpdateRule`: the update of one parameter (hyperparameters, state arrays, step count).

Defined here to keep chainer/optimizer.py at the optimizers; chainer.optimizer re-exports it, so
`chainer.optimizer.UpdateRule` and `chainer.UpdateRule` are this class, as in the original. See Note
[Fused updates on chainerx] in chainer/optimizer.py.
"""

import copy

import numpy

import chainerx

from chainer import _array_types
from chainer import backend
from chainer import variable
from chainer.optimizer import (  # NOQA  (defined before chainer.optimizer imports this module)
    Hyperparameter, _check_new_hook, _grad_array, _remove_hook, _writable_grad)


class UpdateRule:
    """The update of one parameter: its hyperparameters, its state arrays and its step count.

    Subclasses implement :meth:`init_state` and :meth:`update_core_cpu` / :meth:`update_core_gpu`
    (the same in-place formula on NumPy/CuPy arrays) and, for speed on chainerx, a fused
    :meth:`update_core_chainerx`. See Note [Fused updates on chainerx].

    Args:
        parent_hyperparam (Hyperparameter): The optimizer's hyperparameters, the defaults of this
            rule's own :attr:`hyperparam`.

    Attributes:
        hyperparam (Hyperparameter): This rule's hyperparameters.
        t (int): Number of updates made.
        enabled (bool): Whether :meth:`update` updates the parameter.
    """

    # The hyperparameters that _hyperparam_values returns, in order (set by subclasses).
    _hyperparam_names = ()
    _hyperparam_cache = (None, None, ())
    # Whether update_core_chainerx is one fused kernel call and nothing else (see Note [Batched
    # updates of chainerx parameters] in chainer/optimizer.py): set for each subclass below.
    _fused_update_core_chainerx = False

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        # The built-in rules' update_core_chainerx methods (chainer.optimizers') make one kernel
        # call and nothing else, which a batch may queue; this class's default and a user's own may
        # do more.
        cls._fused_update_core_chainerx = cls.update_core_chainerx.__module__.startswith(
            'chainer.optimizers.')

    def __init__(self, parent_hyperparam=None):
        self._pre_update_hooks = {}
        self._post_update_hooks = {}
        self._state = None
        # The parameter array the state was last placed for; see UpdateRule._prepare.
        self._state_array = None
        self.enabled = True
        self.hyperparam = Hyperparameter(parent_hyperparam)
        self.t = 0
        self._use_fp32_update = False
        self._fp32_param = None
        self._fp32_source = None

    @property
    def state(self):
        """The dictionary of state arrays (None before the first update)."""
        return self._state

    def add_hook(self, hook, name=None, timing='pre'):
        """Adds ``hook(rule, param)``, called before ('pre') or after ('post') each update.

        Raises:
            TypeError: If `hook` is not callable.
            ValueError: If `timing` is neither 'pre' nor 'post', or the hook has no name.
            KeyError: If a hook of that name exists.
        """
        if timing not in ('pre', 'post'):
            raise ValueError("timing must be either 'pre' or 'post', not {!r}".format(timing))
        name = _check_new_hook(hook, name, self._pre_update_hooks, self._post_update_hooks)
        hooks = self._pre_update_hooks if timing == 'pre' else self._post_update_hooks
        hooks[name] = hook

    def remove_hook(self, name):
        """Removes the hook called `name` (KeyError if there is none)."""
        _remove_hook(name, self._pre_update_hooks, self._post_update_hooks)

    def _hyperparam_values(self):
        # The values of _hyperparam_names, cached while no Hyperparameter changes. Resolving a
        # hyperparameter through the parent costs a failed attribute lookup (~0.7 us); a rule
        # with ten of them would spend more time on that than on its fused kernel.
        hyperparam = self.hyperparam
        version, cached_for, values = self._hyperparam_cache
        if version != Hyperparameter._version or cached_for is not hyperparam:
            values = tuple([getattr(hyperparam, name) for name in self._hyperparam_names])
            self._hyperparam_cache = (Hyperparameter._version, hyperparam, values)
        return values

    def _queues_one_fused_update(self, param):
        # Whether update(param), inside a chainerx fused update batch, only queues one kernel call
        # (Note [Batched updates of chainerx parameters]). The cheapest tests come first: this runs
        # once per parameter per step.
        return (self._fused_update_core_chainerx and not self._pre_update_hooks
                and not self._post_update_hooks and param._has_chainerx_array
                and not (self._use_fp32_update and param.dtype == numpy.float16))

    def update(self, param):
        """Updates `param` with its gradient (does nothing when the rule is disabled)."""
        if not self.enabled:
            return
        self.t += 1
        if self._use_fp32_update and param.dtype == numpy.float16:
            self._update_fp32(param)
            return
        array = param._data[0]
        if array is not self._state_array and array is not None:
            self._prepare(param)
        if not param._has_chainerx_array:
            grad = _writable_grad(param)
            loss_scale = param._loss_scale
            # chainerx.backward itself divides the leaves' gradients by the loss scale.
            if loss_scale is not None and grad is not None:
                grad /= loss_scale
        if self._pre_update_hooks or self._post_update_hooks:
            self._update_with_hooks(param)
        else:
            self.update_core(param)

    def _update_with_hooks(self, param):
        for hook in self._pre_update_hooks.values():
            hook(self, param)
        self.update_core(param)
        for hook in self._post_update_hooks.values():
            hook(self, param)

    def _update_fp32(self, param):
        # See Note [float32 update of float16 parameters].
        source = param._data[0]
        if source is None:
            return
        master = self._fp32_param
        if master is None:
            master = variable.Variable(param.array.astype(numpy.float32), name=param.name)
            self._fp32_param = master
        elif source is not self._fp32_source:
            master.to_device(param.device)
        self._fp32_source = source
        grad = param.grad
        master.grad = None if grad is None else grad.astype(numpy.float32)
        if master._data[0] is not self._state_array:
            self._prepare(master)
        if param._loss_scale is not None and not param._has_chainerx_array and grad is not None:
            master_grad = _grad_array(master)
            master_grad /= param._loss_scale
        self._update_with_hooks(master)
        if param._has_chainerx_array:
            chainerx.copyto(param.array, master.array.astype(numpy.float16))
        else:
            param.array[...] = master.array
        master.grad = None

    def update_core(self, param):
        """Runs the update formula on the backend of `param` (after hooks and loss unscaling)."""
        if param._has_chainerx_array:
            self.update_core_chainerx(param)
        elif isinstance(param._data[0], numpy.ndarray):
            self.update_core_cpu(param)
        else:
            with backend.using_device(param.device):
                self.update_core_gpu(param)

    def update_core_cpu(self, param):
        """Updates a parameter holding a NumPy array, in place."""
        raise NotImplementedError(
            '{} does not implement update_core_cpu'.format(type(self).__name__))

    def update_core_gpu(self, param):
        """Updates a parameter holding a CuPy array, in place."""
        raise NotImplementedError(
            '{} does not implement update_core_gpu'.format(type(self).__name__))

    def update_core_chainerx(self, param):
        """Updates a parameter holding a chainerx array, in place.

        This default runs :meth:`update_core_cpu` (native devices) or :meth:`update_core_gpu`
        (CUDA) on NumPy/CuPy views sharing the memory of the parameter, its gradient and the
        state; built-in rules override it with a fused kernel.
        """
        array = param._data[0]
        grad = _grad_array(param)
        fallback = variable.Variable(backend.from_chx(array.as_grad_stopped()), requires_grad=False)
        if grad is not None:
            fallback.grad = backend.from_chx(grad.as_grad_stopped())
        state = self._state if self._state is not None else {}
        chx_state = {k: v for k, v in state.items() if isinstance(v, chainerx.ndarray)}
        views = {k: backend.from_chx(v) for k, v in chx_state.items()}
        state.update(views)
        try:
            if array.device.backend.name == 'native':
                self.update_core_cpu(fallback)
            else:
                self.update_core_gpu(fallback)
        finally:
            # Views were updated in place; arrays the rule rebound go back to chainerx.
            for name, chx in chx_state.items():
                value = state.get(name)
                if value is views[name]:
                    state[name] = chx
                elif value is not None:
                    state[name] = backend.ChainerxDevice(chx.device).send(value)

    def _prepare(self, param):
        # Creates the state on the first update and sends it to the device of `param` whenever
        # the parameter's array object changes (first update, after loading, after a device move).
        device = param.device
        with backend.using_device(device):
            if self._state is None:
                self._state = {}
                self.init_state(param)
            state = self._state
            for name, value in state.items():
                if isinstance(value, _array_types.ARRAY_TYPES):
                    state[name] = device.send(value)
        self._state_array = param._data[0]

    def init_state(self, param):
        """Creates the state arrays of a parameter in :attr:`state` (none by default)."""
        pass

    def _zeros_state(self, param, *names):
        # Zero state arrays shaped and typed like `param`, on its device.
        array = param.array
        xp = backend.get_array_module(array)
        for name in names:
            self._state[name] = xp.zeros_like(array)

    def serialize(self, serializer):
        """Saves or loads :attr:`t`, the state arrays and the float32 master copy, if any."""
        from chainer import serializer as serializer_module
        self.t = serializer('t', self.t)
        loading = isinstance(serializer, serializer_module.Deserializer)
        if self._state is None:
            if loading:
                self._load_new_state(serializer)
        else:
            for key in self._state:
                self._state[key] = serializer(key, self._state[key])
        master = self._fp32_param
        if master is not None:
            value = serializer('fp32_param', master.array)
            if value is not None and value is not master.array:
                backend.copyto(master.array, value)
        elif loading:
            self._load_fp32_master(serializer)

    def _load_new_state(self, serializer):
        # The keys come from init_state on a throw-away one-element parameter; a snapshot lacking
        # them leaves the state to be created on the first update.
        probe = copy.copy(self)
        probe._state = {}
        dummy = numpy.zeros(1, numpy.float32)
        probe.init_state(variable.Variable(dummy, grad=dummy))
        state = {}
        for key in probe._state:
            try:
                value = serializer(key, None)
            except KeyError:
                if self.enabled:
                    raise
                value = None
            if value is None:
                return
            state[key] = value
        self._state = state
        self._state_array = None

    def _load_fp32_master(self, serializer):
        try:
            value = serializer('fp32_param', None)
        except KeyError:
            return
        if value is not None:
            self._fp32_param = variable.Variable(value)
            self._fp32_source = None

    def use_fp32_update(self, flag=True):
        """Updates float16 parameters through a float32 master copy (mixed precision training)."""
        self._use_fp32_update = flag


# Note [float32 update of float16 parameters]
# -------------------------------------------
# With use_fp32_update, a float16 parameter keeps a float32 master copy (`rule._fp32_param`, a
# Variable on the parameter's device, saved by serialize as 'fp32_param'). Each update casts the
# gradient to float32, unscales it, runs the hooks and the rule (state arrays are float32) on the
# master, and copies the master back into the float16 parameter in place. Small steps that would
# vanish in float16 accumulate in the master. When the parameter's array object changes (a device
# move), the master follows it to the new device.
