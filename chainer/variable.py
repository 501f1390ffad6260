"""`chainer.Variable`: an array with a gradient and a place in the computational graph.

Note [Two graphs]: a Variable holding a NumPy (or CuPy) array takes part in the Python graph: it owns a
VariableNode whose creator is a Python FunctionNode, and `backward()` walks those nodes (chainer/_backprop.py).
A Variable holding a chainerx array has no Python graph at all: `_data[0]` is a chainerx array connected to
the C++ graph (it requires grad itself, or it was produced by a chainerx routine or by a FunctionNode inserted
with `chainerx._core._function_node_forward`), and `backward()` is `chainerx.backward` on it. The user-facing
`array` of such a Variable is a cached grad-stopped view, so that arithmetic on it never records a graph; the
connected array is what FunctionNode.apply hands to chainerx routines.
"""

import chainerx

from chainer import _array_types
from chainer import _backprop
from chainer import _variable_repr
from chainer import variable_node as variable_node_module

VariableNode = variable_node_module.VariableNode

_CHAINERX_UNSUPPORTED = 'This operation is not supported on a Variable holding a chainerx array: {}'


def _is_array(data):
    return isinstance(data, _array_types.ARRAY_TYPES)


class Variable:
    """An array with a gradient and a place in the computational graph.

    Args:
        data: A NumPy, CuPy or chainerx array, or None (an uninitialised variable).
        name (str): Name, shown by repr and in graphs.
        grad: Initial gradient array.
        requires_grad (bool): Whether backward computes the gradient with respect to this variable.

    Example:
        >>> x = chainer.Variable(numpy.array([1., 2.], numpy.float32))
        >>> y = x * x
        >>> y.grad = numpy.ones(2, numpy.float32)
        >>> y.backward()
        >>> x.grad
        array([2., 4.], dtype=float32)
    """

    __array_priority__ = 200

    # Defaults as class attributes: chainerx-backed outputs are built by `_from_chainerx` with three instance
    # attributes only, since building them is on the per-call path of every chainer function.
    _node = None
    _grad_var = None
    _chainerx_name = None
    _chainerx_fallback_array = None
    _chainerx_nobp_array_cache = None
    _chainerx_grad_cache = (None, None)
    _loss_scale = None
    _requires_grad = None  # only chainerx outputs leave it unset: Note [Lazy requires_grad]

    def __init__(self, data=None, *, name=None, grad=None, requires_grad=True, **kwargs):
        if 'volatile' in kwargs:
            raise ValueError(
                "'volatile' argument is not supported anymore. Use chainer.using_config")
        if kwargs:
            raise TypeError('Variable() got unexpected keyword argument(s) {}'.format(
                ', '.join(repr(k) for k in sorted(kwargs))))
        if data is not None and not _is_array(data):
            raise TypeError(
                'Variable data must be a NumPy, CuPy or chainerx array, not {}'.format(type(data)))
        if name is not None and not isinstance(name, str):
            raise TypeError('name must be a string, not {}'.format(type(name)))
        self._requires_grad = bool(requires_grad)
        if isinstance(data, chainerx.ndarray):
            self._init_chainerx(data, name)
        else:
            self._has_chainerx_array = False
            self._data = [data]
            self._node = VariableNode(self, name)
        if grad is not None:
            self.grad = grad

    def _init_chainerx(self, array, name):
        self._requires_grad = requires_grad = self.requires_grad
        connected = array.is_backprop_required()
        if connected and not requires_grad:
            raise ValueError(
                'Cannot initialize a variable with gradients if the require_grad argument is False.')
        if requires_grad and not connected and array.dtype.kind == 'f':
            # A view, so that the caller's array is not made to require grad. (Integer arrays cannot require
            # grad in chainerx; such a Variable simply never receives a gradient.)
            array = array.view().require_grad()
        self._has_chainerx_array = True
        self._data = [array]
        self._chainerx_name = name

    @classmethod
    def _from_chainerx(cls, array):
        """A Variable around a chainerx routine's output: requires grad iff the output is on the graph.

        Note [Lazy requires_grad]: whether the output is on the graph is asked only when `requires_grad` is
        read (a C++ call saved on every function call), under force_backprop_mode, so that the answer does
        not depend on the backprop mode at the time of the question: it is the one of the time of creation.
        """
        var = object.__new__(cls)
        var._data = [array]
        var._has_chainerx_array = True
        return var

    # -- the array ---------------------------------------------------------------------------------------------

    @property
    def array(self):
        """The underlying array (for a chainerx array: a view that is not connected to the graph)."""
        if not self._has_chainerx_array:
            return self._data[0]
        view = self._chainerx_nobp_array_cache
        if view is None:
            array = self._data[0]
            if array is None or not array.is_backprop_required():
                return array
            view = array.as_grad_stopped()
            self._chainerx_nobp_array_cache = view
        return view

    @array.setter
    def array(self, data):
        self._set_array(data)

    data = array
    raw_array = array

    def _set_array(self, data):
        if data is not None and data is self._chainerx_nobp_array_cache:
            return  # `v.array -= d`: the in-place operator already changed the cached view of the array
        if data is not None and not _is_array(data):
            raise TypeError(
                'Variable data must be a NumPy, CuPy or chainerx array, not {}'.format(type(data)))
        old = self._data[0]
        for array in (old, data):
            if isinstance(array, chainerx.ndarray) and array.is_backprop_required():
                raise ValueError(
                    'Cannot update the array of a Variable if either the existing or the new array requires '
                    'backprop (update it in place instead: var.array[...] = new_array).')
        if isinstance(data, chainerx.ndarray):
            if self._node is not None and self._node.creator_node is not None:
                raise ValueError('Cannot set a chainerx array on a Variable that has a creator')
            name = self.name
            self._node = None
            self._init_chainerx(data, name)
            self._chainerx_nobp_array_cache = None
        else:
            if self._has_chainerx_array:
                name = self._chainerx_name
                self._has_chainerx_array = False
                self._chainerx_nobp_array_cache = None
                self._data = [data]
                self._node = VariableNode(self, name)
            self._data[0] = data
            self._node._set_data_type(data)
        self._chainerx_fallback_array = None

    @property
    def chx_array(self):
        """The chainerx array connected to the graph (a view of it). ValueError for non-chainerx variables."""
        if not self._has_chainerx_array:
            raise ValueError('chx_array is only available for a Variable holding a chainerx array')
        return self._data[0].view()

    def _get_fallback_array(self):
        """The NumPy/CuPy view of a chainerx-backed Variable's array, made once (see chainer/_fallback.py)."""
        fallback = self._chainerx_fallback_array
        if fallback is None:
            from chainer import backend
            fallback = backend.from_chx(self._data[0])
            self._chainerx_fallback_array = fallback
        return fallback

    # -- metadata ----------------------------------------------------------------------------------------------

    shape = property(lambda self: self._data[0].shape)
    dtype = property(lambda self: self._data[0].dtype)
    ndim = property(lambda self: self._data[0].ndim)
    size = property(lambda self: self._data[0].size)

    @property
    def T(self):
        """The transposed variable (F.transpose)."""
        return self.transpose()

    @property
    def xp(self):
        """The array module of the array: numpy, cupy or chainerx."""
        if self._has_chainerx_array:
            return chainerx
        from chainer import backend
        return backend.get_array_module(self._data[0])

    @property
    def device(self):
        """The chainer.backend.Device of the array."""
        from chainer import backend
        return backend.get_device_from_array(self._data[0])

    @property
    def name(self):
        return self._chainerx_name if self._has_chainerx_array else self._node.name

    @name.setter
    def name(self, name):
        if self._has_chainerx_array:
            self._chainerx_name = name
        else:
            self._node.name = name

    @property
    def label(self):
        """A short text: the shape and dtype, e.g. `(2, 3), float32`."""
        if self._has_chainerx_array:
            raise RuntimeError(_CHAINERX_UNSUPPORTED.format('label'))
        return self._node.label

    @property
    def requires_grad(self):
        """Whether backward computes the gradient with respect to this variable."""
        requires_grad = self._requires_grad
        if requires_grad is None:
            with chainerx.force_backprop_mode():
                requires_grad = self._data[0].is_backprop_required()
            self._requires_grad = requires_grad
        return requires_grad

    # -- the Python graph (NumPy/CuPy mode only) ------------------------------------------------------------

    def _python_node(self, what):
        if self._has_chainerx_array:
            raise RuntimeError(_CHAINERX_UNSUPPORTED.format(what))
        return self._node

    @property
    def node(self):
        return self._python_node('node')

    @property
    def creator(self):
        """The function (FunctionNode, or old-style Function) that created this variable."""
        return self._python_node('creator').creator

    @creator.setter
    def creator(self, func):
        self._python_node('creator').creator = func

    @property
    def creator_node(self):
        """The FunctionNode that created this variable, or None."""
        return self._python_node('creator_node').creator_node

    @creator_node.setter
    def creator_node(self, func):
        self._python_node('creator_node').creator_node = func

    @property
    def rank(self):
        return self._python_node('rank').rank

    def set_creator(self, gen_func):
        self._python_node('set_creator').set_creator(gen_func)

    def set_creator_node(self, fnode):
        self._python_node('set_creator_node').set_creator_node(fnode)

    def retain_data(self):
        """Keeps the array on the graph node, for functions that need it in backward."""
        self._python_node('retain_data').data = self._data[0]

    def unchain(self):
        """Deletes the reference to the creator, making this variable a root of the graph."""
        if self._has_chainerx_array:
            # Not in the original (RuntimeError there): Note [Cutting a graph] in chainerx/core/backward.h.
            chainerx._core._unchain(self._data[0])
            return
        self._python_node('unchain').unchain()

    def unchain_backward(self):
        """Deletes the references to the creators of every variable and function behind this one
        (truncated backpropagation through time cuts the graph behind a recurrent state this way)."""
        if self._has_chainerx_array:
            chainerx._core._unchain_backward(self._data[0])
            return
        node = self._python_node('unchain_backward')
        _backprop.unchain_backward(node)

    # -- gradients ---------------------------------------------------------------------------------------------

    @property
    def grad(self):
        """The gradient array, or None."""
        if self._has_chainerx_array:
            grad = self._chainerx_grad()
            return None if grad is None else grad.as_grad_stopped()
        gv = self._grad_var
        return None if gv is None else gv.array

    @grad.setter
    def grad(self, g):
        if g is not None and not _is_array(g):
            raise TypeError('Gradient must be an array or None, not {}'.format(type(g)))
        self._set_grad(g)

    @property
    def grad_var(self):
        """The gradient as a Variable (connected to the graph after double backprop), or None."""
        if self._has_chainerx_array:
            grad = self._chainerx_grad()
            if grad is None:
                return None
            cached_grad, cached_var = self._chainerx_grad_cache
            if cached_grad is not grad:
                cached_var = Variable._from_chainerx(grad)
                self._chainerx_grad_cache = (grad, cached_var)
            return cached_var
        return self._grad_var

    @grad_var.setter
    def grad_var(self, g):
        if g is not None and not isinstance(g, Variable):
            raise TypeError('grad_var must be a Variable or None, not {}'.format(type(g)))
        if self._has_chainerx_array:
            self._set_grad(None if g is None else g._data[0])
        else:
            if g is not None:
                _backprop.check_grad_type(None, self, g.array)
            self._grad_var = g

    def _chainerx_grad(self):
        array = self._data[0]
        if array is None:
            return None
        try:  # one binding call instead of asking is_grad_required() first
            return array.grad
        except chainerx.ChainerxError:
            return None  # the array does not require grad

    def _set_grad(self, g):
        if not self._has_chainerx_array:
            if g is not None:
                _backprop.check_grad_type(None, self, g)
                g = Variable(g, requires_grad=False)
            self._grad_var = g
            return
        array = self._data[0]
        if g is None:
            if array is not None and array.is_grad_required():
                array.cleargrad()
            return
        if not isinstance(g, chainerx.ndarray):
            raise TypeError('The gradient of a chainerx Variable must be a chainerx array, not {}'.format(
                type(g)))
        if not array.is_grad_required():
            if not array.is_backprop_required():
                raise RuntimeError('Cannot set the gradient of a Variable that does not require grad')
            # An output on the graph: chainerx keeps gradients of grad-required arrays only, and uses a
            # gradient set on an output as the initial gradient of backward.
            array.require_grad()
        if array.is_backprop_required() and not g.is_backprop_required():
            g = g.view().require_grad()  # so that a backward through the gradient can start from it
        array.set_grad(g)

    def cleargrad(self):
        """Clears the gradient (sets it to None)."""
        if not self._has_chainerx_array:
            self._grad_var = None
            return
        array = self._data[0]
        if array is not None:
            try:  # one binding call instead of asking is_grad_required() first (hot in training loops)
                array.cleargrad()
            except chainerx.ChainerxError:
                pass  # the array does not require grad: there is no gradient to clear

    def zerograd(self):
        """Fills the gradient with zeros (deprecated: use cleargrad)."""
        from chainer import backend
        array = self._data[0]
        if array is None:
            return
        if self._has_chainerx_array:
            if array.is_grad_required():
                array.set_grad(backend._array_like('zeros', array))
            return
        gv = self._grad_var
        if gv is None:
            self._grad_var = Variable(backend._array_like('zeros', array), requires_grad=False)
        else:
            gv.unchain()
            gv.array.fill(0)

    def addgrad(self, var):
        """Adds the gradient of another variable to this one's (moving it to this variable's device)."""
        if not isinstance(var, Variable):
            raise TypeError('addgrad takes a Variable, not {}'.format(type(var)))
        src = var.grad_var
        if src is None:
            return
        src = src.array
        dst_device = self.device
        src = dst_device.send(src)
        if self.grad is None:
            self.grad = src.copy()
        elif self._has_chainerx_array:
            self._set_grad(self._chainerx_grad() + src)
        else:
            self._grad_var = Variable(self._grad_var.array + src, requires_grad=False)

    def copydata(self, var):
        """Copies the array of another variable into this one's, in place, across devices."""
        from chainer import backend
        if self._data[0] is None:
            raise ValueError('copydata: the destination variable has no array')
        backend.copyto(self.array, var.array)

    # -- backward ----------------------------------------------------------------------------------------------

    def backward(self, retain_grad=False, enable_double_backprop=False, loss_scale=None):
        """Runs backprop from this variable, accumulating the gradients of the leaves it depends on.

        Args:
            retain_grad (bool): Keep the gradients of intermediate variables (NumPy mode only).
            enable_double_backprop (bool): Record the backward computation so it can be differentiated.
            loss_scale (float): Scales the initial gradient (for mixed precision); the leaves' gradients
                are scaled by it too.
        """
        if self._has_chainerx_array:
            if retain_grad:
                raise RuntimeError('retain_grad is not supported for a Variable holding a chainerx array.')
            array = self._data[0]
            if array is None:
                raise RuntimeError('Cannot backward from a Variable without an array')
            if enable_double_backprop or loss_scale is not None:
                chainerx.backward(array, enable_double_backprop=enable_double_backprop,
                                  loss_scale=None if loss_scale is None else float(loss_scale))
            else:
                chainerx.backward(array)  # keyword arguments cost ~0.4 us in the binding
            return
        _backprop.backward_from_variable(self, retain_grad, enable_double_backprop, loss_scale)

    # -- device moves ------------------------------------------------------------------------------------------

    def to_device(self, device):
        """Moves the array (and the gradient) to a device; a variable on a graph may not change backend."""
        from chainer import backend
        device = backend.get_device(device)
        array = self._data[0]
        if array is None:
            return
        to_chx = device.xp is chainerx
        if to_chx != self._has_chainerx_array and self._is_on_graph():
            raise RuntimeError(
                'A variable of a computational graph cannot be moved between chainerx and other backends')
        grad = self.grad
        new_array = device.send(array if not self._has_chainerx_array else self.array)
        self._chainerx_fallback_array = None
        self._chainerx_nobp_array_cache = None
        if to_chx:
            self._reset_chainerx_array(new_array)
        else:
            if self._has_chainerx_array:
                name = self._chainerx_name
                self._has_chainerx_array = False
                self._data = [new_array]
                self._node = VariableNode(self, name)
            else:
                self._data[0] = new_array
                self._node._set_data_type(new_array)
            self._grad_var = None
        if grad is not None:
            self._set_grad(device.send(grad))

    def _reset_chainerx_array(self, array):
        """Makes this Variable a chainerx leaf holding `array` (its old array and gradient are dropped)."""
        name = self.name
        self._node = None
        self._chainerx_fallback_array = None
        self._chainerx_nobp_array_cache = None
        self._init_chainerx(array, name)
        self._chainerx_grad_cache = (None, None)

    def _is_on_graph(self):
        if self._has_chainerx_array:
            array = self._data[0]
            return array.is_backprop_required() and not array.is_grad_required()
        return self._node.creator_node is not None

    def to_cpu(self):
        """Moves the variable to NumPy (the CPU)."""
        self.to_device('@numpy')

    def to_gpu(self, device=None):
        """Moves the variable to CuPy on a GPU (RuntimeError without CuPy)."""
        from chainer.backends import cuda
        self.to_device(cuda._get_device_or_current(device))

    def to_intel64(self):
        """Moves the variable to iDeep (unavailable here: RuntimeError)."""
        self.to_device('@intel64')

    def to_chx(self):
        """Moves the array to chainerx on the same physical device without copying."""
        if self._has_chainerx_array:
            return
        if self._node.creator_node is not None:
            raise RuntimeError('A variable with a creator cannot be converted into ChainerX array')
        from chainer import backend
        self._to_backend(backend.to_chx)

    def from_chx(self):
        """Moves a chainerx array back to NumPy/CuPy on the same physical device without copying."""
        if not self._has_chainerx_array:
            return
        array = self._data[0]
        if array is not None and array.is_backprop_required() and not array.is_grad_required():
            raise RuntimeError('A variable with a creator cannot be converted from ChainerX array')
        from chainer import backend
        self._to_backend(backend.from_chx)

    def _to_backend(self, convert):
        array = self._data[0]
        grad = self.grad
        requires_grad = self.requires_grad
        if self._has_chainerx_array and array is not None:
            array = array.as_grad_stopped()
        new_array = None if array is None else convert(array)
        name = self.name
        # What subclasses add (a Parameter's initializer, update rule, ...) survives the rebuild of the graph
        # state; Variable.__init__, not the subclass's, rebuilds it.
        extra = self._non_graph_attributes()
        self.__dict__.clear()
        Variable.__init__(self, new_array, name=name, requires_grad=requires_grad)
        self.__dict__.update(extra)
        if grad is not None:
            self._set_grad(convert(grad))

    # -- Python protocol ---------------------------------------------------------------------------------------

    def __len__(self):
        if self.ndim == 0:
            raise TypeError('len() of unsized object')
        return self.shape[0]

    def item(self):
        """The single element as a Python scalar."""
        return self.array.item()

    def __repr__(self):
        return _variable_repr.variable_repr(self)

    def __str__(self):
        return _variable_repr.variable_str(self)

    def debug_print(self):
        """A multi-line summary: name, shape, dtype, statistics of the array and the gradient."""
        return _variable_repr.debug_print(self)

    def summary(self):
        if self.name:
            return '<variable {}>'.format(self.name)
        return '<variable at 0x{:x}>'.format(id(self))

    def reshape(self, *shape):
        """Reshapes the variable (F.reshape); accepts `reshape(2, 3)` or `reshape((2, 3))`."""
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = shape[0]
        from chainer.functions.array.reshape import reshape
        return reshape(self, shape)

    def transpose(self, *axes):
        """Transposes the variable (F.transpose); accepts `transpose(1, 0)` or `transpose((1, 0))`."""
        if len(axes) == 0:
            axes = None
        elif len(axes) == 1 and (axes[0] is None or isinstance(axes[0], (tuple, list))):
            axes = axes[0]
        from chainer.functions.array.transpose import transpose
        return transpose(self, axes)

    def __getitem__(self, slices):
        from chainer.functions.array.get_item import get_item
        return get_item(self, slices)

    def __reduce__(self):
        # The graph is not pickled: the copy is a leaf holding the array, the gradient and the attributes
        # subclasses add (e.g. a Parameter's initializer and update rule).
        extra = self._non_graph_attributes()
        return _rebuild_variable, (type(self), self.array, self.name, self.grad, self.requires_grad, extra)

    def _non_graph_attributes(self):
        """The attributes that are not graph state: those subclasses add (a Parameter's initializer,
        update rule, ...), which pickling and moves between backends keep."""
        return {k: v for k, v in self.__dict__.items() if k not in _GRAPH_STATE}

    def _compare(self, other):
        raise NotImplementedError('Variables cannot be compared; compare their arrays instead')

    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = _compare
    __hash__ = object.__hash__

    def __bool__(self):
        raise NotImplementedError('The truth value of a Variable is ambiguous; use its array instead')


_GRAPH_STATE = frozenset({
    '_data', '_node', '_has_chainerx_array', '_requires_grad', '_grad_var', '_chainerx_name',
    '_chainerx_fallback_array', '_chainerx_nobp_array_cache', '_chainerx_grad_cache', '_loss_scale'})


def _rebuild_variable(cls, array, name, grad, requires_grad, extra):
    var = object.__new__(cls)
    Variable.__init__(var, array, name=name, requires_grad=requires_grad)
    var.__dict__.update(extra)
    if grad is not None:
        var.grad = grad
    return var


def as_variable(obj):
    """Returns `obj` if it is a Variable, else a Variable around the array that does not require grad.

    A chainerx array that is on a graph gives a Variable that requires grad.
    """
    if isinstance(obj, Variable):
        return obj
    if isinstance(obj, chainerx.ndarray):
        return Variable(obj, requires_grad=obj.is_backprop_required())
    return Variable(obj, requires_grad=False)


def as_array(obj):
    """Returns the array of a Variable, or `obj` itself if it is not a Variable."""
    if isinstance(obj, Variable):
        return obj.array
    return obj


from chainer.parameter import Parameter  # NOQA  (chainer.variable.Parameter, as in the original)
