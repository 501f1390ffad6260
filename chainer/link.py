"""`chainer.Link`, `chainer.Chain`, `chainer.ChainList`: the building blocks of models.

A link owns parameters (:class:`chainer.Parameter`) and persistent values (e.g. running statistics),
registered by assigning them as attributes inside ``with self.init_scope():``; a chain owns child
links the same way, a chain list owns them by position. A model is a tree of links, which
:meth:`Link.to_device` moves as a whole, :meth:`Link.serialize` saves and loads, and an optimizer
walks through :meth:`Link.params`.

Example:
    >>> class MLP(chainer.Chain):
    ...     def __init__(self):
    ...         super().__init__()
    ...         with self.init_scope():
    ...             self.l1 = chainer.links.Linear(None, 100)
    ...             self.l2 = chainer.links.Linear(100, 10)
    ...     def forward(self, x):
    ...         return self.l2(chainer.functions.relu(self.l1(x)))
"""

import collections
import contextlib
import copy
import warnings

import numpy

import chainer
from chainer import backend
from chainer import device_resident
from chainer import link_hook
from chainer import variable

_COPY_MODES = ('share', 'copy', 'init')


def _shape_dtype(value):
    # The legacy `Link(name=shape)` or `Link(name=(shape, dtype))` keyword arguments.
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], (numpy.dtype, type)):
        return value[0], value[1]
    return value, numpy.float32


def _check_copy_mode(mode):
    if mode not in _COPY_MODES:
        raise ValueError(
            "The 'mode' argument should be either 'init', 'copy', or 'share'. "
            'But {} was given.'.format(mode))


def _indented(items):
    # `(name): repr,` lines indented by two spaces, as the reprs of chains and sequences print them.
    lines = []
    for name, rep in items:
        for line in '({}): {},'.format(name, rep).splitlines():
            lines.append('  {}\n'.format(line))
    return '\n' + ''.join(lines) if lines else ''


class _NameSet(set):
    """The set of a link's parameter names, with the sorted tuple of them cached.

    `Link.params()` runs several times per training step (cleargrads, the optimizer's loop) and yields
    the parameters in name order, as the original does; sorting the names on every call cost more than
    the fused update of a small parameter. The cache is dropped whenever the set changes.
    """

    __slots__ = ('_sorted',)

    def __init__(self, names=()):
        super().__init__(names)
        self._sorted = None

    def add(self, name):
        super().add(name)
        self._sorted = None

    def discard(self, name):
        super().discard(name)
        self._sorted = None

    def remove(self, name):
        super().remove(name)
        self._sorted = None

    def sorted(self):
        names = self._sorted
        if names is None:
            names = self._sorted = tuple(sorted(self))
        return names

    def __reduce__(self):
        return _NameSet, (list(self),)


class Link(device_resident.DeviceResident):
    """A building block of models: a set of parameters and persistent values with a forward pass.

    Parameters and persistent values are registered as attributes: a :class:`~chainer.Parameter`
    assigned inside ``with self.init_scope():`` is a parameter (the attribute name becomes its
    name); :meth:`add_persistent` registers any other value that :meth:`serialize` saves. Outside
    ``init_scope`` an assignment is a plain attribute. Calling the link calls :meth:`forward` (with
    the link hooks around it, if any).

    Args:
        params: Legacy: ``name=shape`` or ``name=(shape, dtype)`` creates uninitialised (NaN)
            parameters with :meth:`add_param`.

    Attributes:
        name (str): The name of the link in its parent (None for a root).
    """

    _local_link_hooks = None  # an OrderedDict once a hook is added: Note [Link call fast path]
    _within_init_scope = False

    def __init__(self, **params):
        self._params = _NameSet()
        self._persistent = set()
        self.name = None
        for name, value in params.items():
            shape, dtype = _shape_dtype(value)
            self.add_param(name, shape, dtype=dtype)

    # -- registration ---------------------------------------------------------------------------

    @property
    def within_init_scope(self):
        """True inside ``with self.init_scope():``, where assigned Parameters are registered."""
        return self._within_init_scope

    @contextlib.contextmanager
    def init_scope(self):
        """A context in which assigned Parameters (and links, for a Chain) are registered.

        Example:
            >>> with self.init_scope():
            ...     self.W = chainer.Parameter(initializers.Normal(), (3, 4))
        """
        old = self._within_init_scope
        self._within_init_scope = True
        try:
            yield
        finally:
            self._within_init_scope = old

    def __setattr__(self, name, value):
        if self._within_init_scope and isinstance(value, variable.Parameter):
            value.name = name
            self._params.add(name)
            self._persistent.discard(name)
        super().__setattr__(name, value)

    def __delattr__(self, name):
        self._params.discard(name)
        self._persistent.discard(name)
        super().__delattr__(name)

    def add_param(self, name, shape=None, dtype=numpy.float32, initializer=None):
        """Registers a new parameter (prefer assigning a Parameter in ``init_scope``).

        Args:
            name (str): The attribute name.
            shape (int or tuple of ints): The shape; None leaves it uninitialised.
            dtype: The dtype when `initializer` has none.
            initializer: A :class:`~chainer.Initializer`, array or scalar; None fills NaN.

        Raises:
            AttributeError: If the link already has an attribute `name`.
        """
        if name in self.__dict__:
            raise AttributeError(
                'cannot register a new parameter {}: attribute exists'.format(name))
        if initializer is None:
            from chainer import initializers
            initializer = initializers.NaN(dtype)
        param = variable.Parameter(initializer, shape)
        with self.init_scope():
            setattr(self, name, param)

    def add_persistent(self, name, value):
        """Registers a persistent value (an array or a scalar that :meth:`serialize` saves).

        Arrays among persistent values move with :meth:`to_device`; scalars stay as they are.

        Raises:
            AttributeError: If the link already has an attribute `name`.
        """
        if name in self.__dict__:
            raise AttributeError(
                'cannot register a new persistent value {}: attribute exists'.format(name))
        self._persistent.add(name)
        self._params.discard(name)
        super().__setattr__(name, value)

    def register_persistent(self, name):
        """Registers an existing attribute as a persistent value.

        Raises:
            AttributeError: If the link has no attribute `name`.
        """
        if not hasattr(self, name):
            raise AttributeError(
                'cannot register non-existent attribute {} as a persistent value'.format(name))
        self._persistent.add(name)
        self._params.discard(name)

    # -- calling --------------------------------------------------------------------------------

    @property
    def local_link_hooks(self):
        """The ordered dict of the hooks registered on this link only (name -> LinkHook)."""
        if self._local_link_hooks is None:
            self._local_link_hooks = collections.OrderedDict()
        return self._local_link_hooks

    def add_hook(self, hook, name=None):
        """Registers a link hook on this link.

        Args:
            hook (~chainer.LinkHook): The hook.
            name (str): The name to register it under (default: ``hook.name``).

        Returns:
            self

        Raises:
            TypeError: If `hook` is not a LinkHook.
            KeyError: If a hook of that name is already registered.
        """
        if not isinstance(hook, link_hook.LinkHook):
            raise TypeError('Hook must be of type LinkHook')
        if name is None:
            name = hook.name
        hooks = self.local_link_hooks
        if name in hooks:
            raise KeyError('Hook {} already exists'.format(name))
        hooks[name] = hook
        hook.added(self)
        return self

    def delete_hook(self, name):
        """Unregisters the hook named `name` from this link (KeyError if there is none)."""
        hooks = self.local_link_hooks
        if name not in hooks:
            raise KeyError('Hook {} does not exist'.format(name))
        hook = hooks.pop(name)
        hook.deleted(self)
        if not hooks:
            self._local_link_hooks = None

    def __call__(self, *args, **kwargs):
        # See Note [Link call fast path].
        if self._local_link_hooks is None and not link_hook._n_global_hooks:
            if kwargs:
                return self.forward(*args, **kwargs)
            return self.forward(*args)
        return self._call_with_hooks(args, kwargs)

    def _call_with_hooks(self, args, kwargs):
        hooks = collections.OrderedDict(link_hook.get_global_link_hooks())
        if self._local_link_hooks:
            hooks.update(self._local_link_hooks)
        hooks = list(hooks.values())
        if hooks:
            pre = link_hook._ForwardPreprocessCallbackArgs(self, 'forward', args, kwargs)
            for hook in hooks:
                hook.forward_preprocess(pre)
        out = self.forward(*args, **kwargs)
        if hooks:
            post = link_hook._ForwardPostprocessCallbackArgs(self, 'forward', args, kwargs, out)
            for hook in hooks:
                hook.forward_postprocess(post)
        return out

    # -- traversal ------------------------------------------------------------------------------

    def params(self, include_uninit=True):
        """Yields the parameters of this link and of its descendants (each once per path).

        Args:
            include_uninit (bool): Include parameters that have no array yet.
        """
        d = self.__dict__
        for name in self._params.sorted():
            if include_uninit or d[name].array is not None:
                yield d[name]

    def namedparams(self, include_uninit=True):
        """Yields ``(path, parameter)`` pairs, the path like ``'/l1/W'``."""
        d = self.__dict__
        for name in self._params.sorted():
            if include_uninit or d[name].array is not None:
                yield '/' + name, d[name]

    def links(self, skipself=False):
        """Yields this link (unless `skipself`) and its descendants, depth first."""
        if not skipself:
            yield self

    def namedlinks(self, skipself=False):
        """Yields ``(path, link)`` pairs: ``'/'`` for this link, ``'/l1'`` for a child, ..."""
        if not skipself:
            yield '/', self

    def children(self):
        """Yields the direct child links (none for a plain Link)."""
        return iter(())

    def count_params(self):
        """The total number of elements of the initialised parameters (warns about the others)."""
        size = 0
        for name, param in self.namedparams():
            if param.array is None:
                warnings.warn(
                    "Parameter '{}' has not been initialized, so the resulting count will not "
                    'include the number of parameters in it.'.format(name))
                continue
            size += param.size
        return size

    # -- devices --------------------------------------------------------------------------------

    def device_resident_accept(self, visitor):
        """Moves (through `visitor`) the parameters, the persistent arrays and the child links."""
        super().device_resident_accept(visitor)
        d = self.__dict__
        for name in self._params:
            visitor.visit_variable(d[name])
        array_types = chainer.get_array_types()
        for name in self._persistent:
            value = d[name]
            if isinstance(value, array_types):
                d[name] = visitor.visit_array(value)

    # -- copies and gradients -------------------------------------------------------------------

    def copy(self, mode='share'):
        """A copy of the link (and of its descendants), named None.

        Args:
            mode (str): ``'share'``: new Parameter objects sharing the arrays (gradients cleared);
                ``'copy'``: a deep copy; ``'init'``: a deep copy whose initialised parameters are
                initialised again by their initializers.

        Raises:
            ValueError: For another mode.
        """
        _check_copy_mode(mode)
        if mode == 'copy':
            ret = copy.deepcopy(self)
        elif mode == 'init':
            ret = copy.deepcopy(self)
            for param in ret.params(include_uninit=False):
                param.initialize(param.shape)
        else:
            ret = copy.copy(self)
            ret._params = _NameSet(self._params)
            ret._persistent = set(self._persistent)
            if self._local_link_hooks is not None:
                ret._local_link_hooks = collections.OrderedDict(self._local_link_hooks)
            d = ret.__dict__
            for name in ret._params:
                d[name] = copy.copy(d[name])
                d[name].grad = None
            self._copy_children(ret, mode)
        ret.name = None
        return ret

    def _copy_children(self, ret, mode):
        # Replaces the children of a shallow copy by copies made in `mode` (Chain, ChainList).
        pass

    def copyparams(self, link, copy_persistent=True):
        """Copies the parameter arrays (and persistent values) of `link`, of the same structure.

        The arrays are copied into this link's arrays in place, across devices.

        Args:
            link (~chainer.Link): The source.
            copy_persistent (bool): Copy the persistent values too (arrays in place, other values
                by deep copy).
        """
        src = link.__dict__
        dst = self.__dict__
        for name in self._params:
            dst[name].copydata(src[name])
        if copy_persistent:
            array_types = chainer.get_array_types()
            for name in self._persistent:
                d, s = dst[name], src[name]
                if isinstance(d, array_types) and isinstance(s, array_types):
                    backend.copyto(d, s)
                else:
                    dst[name] = copy.deepcopy(s)

    def cleargrads(self):
        """Clears the gradients of all parameters (sets them to None)."""
        for param in self.params():
            param.cleargrad()

    def zerograds(self):
        """Fills the gradients of all parameters with zeros (deprecated: use cleargrads)."""
        warnings.warn(
            'Link.zerograds is deprecated. Use Link.cleargrads instead.', DeprecationWarning)
        for param in self.params():
            param.zerograd()

    def addgrads(self, link):
        """Adds the gradients of the parameters of `link` (of the same structure) to these."""
        src = link.__dict__
        dst = self.__dict__
        for name in self._params:
            dst[name].addgrad(src[name])

    def enable_update(self):
        """Enables the update rules of all parameters (those an optimizer has set up)."""
        self._set_update_enabled(True)

    def disable_update(self):
        """Disables the update rules of all parameters: an optimizer leaves them unchanged."""
        self._set_update_enabled(False)

    def _set_update_enabled(self, enabled):
        for param in self.params():
            rule = param.update_rule
            if rule is not None:
                rule.enabled = enabled

    @property
    def update_enabled(self):
        """True if the update rule of any parameter is enabled."""
        for param in self.params():
            rule = param.update_rule
            if rule is not None and rule.enabled:
                return True
        return False

    # -- serialization and repetition -----------------------------------------------------------

    def serialize(self, serializer):
        """Saves or loads the parameters and persistent values (and those of the descendants).

        A deserializer loads a parameter array in place; an uninitialised parameter is first
        initialised with the loaded shape on the parameter's device.

        Args:
            serializer (~chainer.AbstractSerializer): The serializer.
        """
        d = self.__dict__
        for name in self._params.sorted():
            param = d[name]
            data = serializer(name, param.array)
            if param.array is None and data is not None:
                param.initialize(data.shape)
                backend.copyto(param.array, data)
        for name in sorted(self._persistent):
            d[name] = serializer(name, d[name])

    def repeat(self, n_repeat, mode='init'):
        """A :class:`~chainer.Sequential` of `n_repeat` copies of this link.

        Args:
            n_repeat (int): The number of copies (an empty Sequential if not positive).
            mode (str): The copy mode of :meth:`copy` (default ``'init'``: new values).

        Raises:
            ValueError: For an unknown mode.
        """
        from chainer import sequential
        ret = sequential.Sequential()
        if n_repeat <= 0:
            return ret
        _check_copy_mode(mode)
        for _ in range(n_repeat):
            ret.append(self.copy(mode))
        return ret

    # -- printing -------------------------------------------------------------------------------

    @property
    def printable_specs(self):
        """Yields the ``(name, value)`` pairs that the repr prints (none by default)."""
        return iter(())

    def __repr__(self):
        specs = ', '.join('{}={}'.format(k, v) for k, v in self.printable_specs)
        return '{}({})'.format(type(self).__name__, specs)


# Note [Link call fast path]
# --------------------------
# Link.__call__ runs once per layer per step, so it must cost next to nothing beyond `forward`.
# With no hook on the link (the class attribute `_local_link_hooks` is None until add_hook) and
# no global hook in any thread (the integer link_hook._n_global_hooks), it calls forward at once;
# otherwise it merges the global hooks of the current thread with the link's own and calls them
# around forward. delete_hook resets `_local_link_hooks` to None once the last hook is gone.


# Chain and ChainList live in chainer/_chain.py (which needs Link, hence the import at the end).
from chainer._chain import Chain, ChainList  # NOQA
