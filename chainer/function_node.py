"""`chainer.FunctionNode`: the one way a differentiable function is defined.

Note [Native paths]: `apply` on Variables holding chainerx arrays takes the first of three paths that the
function supports:
 1. `forward_chainerx` returns arrays: a chainerx routine computed the outputs and recorded its own backward
    in the C++ graph. No Python node exists (no type check, no hooks), which is what makes it fast.
 2. The class sets `_chainerx_xp_forward = True` (its `forward` is written with `xp = get_array_module(...)`
    and the chainerx routines it calls exist): `forward` runs on the chainerx arrays as they are, under
    chainerx's no-backprop mode, and the node is inserted in the C++ graph with
    `chainerx._core._function_node_forward`; chainerx calls back `_backward_chainerx` during backprop, which
    runs `backward` on chainerx Variables. No NumPy conversion anywhere, so it counts as native.
 3. Otherwise the fallback of chainer/_fallback.py: the same insertion, but `forward` runs on zero-copy NumPy
    (or CuPy) views of the inputs. Each such forward increments `fallback_count`.
Variables holding NumPy/CuPy arrays always take the Python-graph path (`_apply_python`).
"""

import collections
import weakref

import numpy

import chainerx

from chainer import _array_types
from chainer import _backprop
from chainer import _fallback
from chainer import _grad
from chainer import configuration
from chainer import function_hook
from chainer import variable as variable_module
from chainer.utils import type_check

Variable = variable_module.Variable
_from_chainerx = Variable._from_chainerx
grad = _grad.grad  # chainer.function_node.grad, as in the original
fallback_count = 0  # forwards that took the NumPy/CuPy fallback (Note [Native paths]); tests read it


class _FallbackType:
    """Type of `chainer.Fallback`, the value `forward_chainerx` returns to ask for the fallback path."""

    __slots__ = ()

    def __repr__(self):
        return 'Fallback'

    def __reduce__(self):
        return 'Fallback'


Fallback = _FallbackType()


def _chainerx_inputs(inputs, node=None):
    """The chainerx arrays of `inputs` (connected arrays for Variables), or None if none is chainerx.

    Mixing chainerx with other arrays is a TypeError naming the function (`node`'s label).
    """
    if len(inputs) == 1:  # the common case, without the loop
        x = inputs[0]
        if type(x) is Variable or isinstance(x, Variable):
            return (x._data[0],) if x._has_chainerx_array else None
        return (x,) if isinstance(x, chainerx.ndarray) else None
    arrays = []
    n_chx = 0
    for x in inputs:
        if isinstance(x, Variable):
            if x._has_chainerx_array:
                n_chx += 1
            arrays.append(x._data[0])
        else:
            if isinstance(x, chainerx.ndarray):
                n_chx += 1
            arrays.append(x)
    if n_chx == 0:
        return None
    if n_chx != len(arrays):
        # Both kinds are called `ndarray`: name the module too (e.g. a model on native:0 given NumPy data).
        raise TypeError(
            'chainerx arrays cannot be mixed with other arrays in one function call ({}): {}'.format(
                'a function' if node is None else node.label, ', '.join(
                    '{}.{}'.format(type(a).__module__.split('.')[0], type(a).__name__) for a in arrays)))
    return tuple(arrays)


def _on_gpu(arrays):
    """Whether any of `arrays` (None entries aside) is a CuPy array: the dispatch to `*_gpu` methods."""
    return any(type(x).__module__.startswith('cupy') for x in arrays if x is not None)


class FunctionNode:
    """A node of the computational graph: a differentiable function with its forward and backward.

    Subclasses implement `forward` (or `forward_cpu`/`forward_gpu`), `backward` written with chainer
    functions (so that it is differentiable again), optionally `check_type_forward` and `forward_chainerx`.
    A node is used once: `apply` it to inputs, it becomes the creator of its outputs.

    Example:
        >>> class Square(chainer.FunctionNode):
        ...     def forward(self, inputs):
        ...         self.retain_inputs((0,))
        ...         return inputs[0] ** 2,
        ...     def backward(self, indexes, grad_outputs):
        ...         x, = self.get_retained_inputs()
        ...         return 2 * x * grad_outputs[0],
        >>> y, = Square().apply((x,))
    """

    inputs = None
    outputs = None
    rank = 0
    lazy_grad_sum = False
    chainerx_device = None
    _input_indexes_to_retain = None
    _output_indexes_to_retain = None
    _retained_output_data = None
    _local_function_hooks = None
    _is_chainerx_fallback_mode = False
    _chainerx_xp_forward = False
    _chainerx_retained_inputs = None
    _chainerx_retained_outputs = None

    @property
    def local_function_hooks(self):
        """The ordered dict of hooks registered on this node only."""
        if self._local_function_hooks is None:
            self._local_function_hooks = collections.OrderedDict()
        return self._local_function_hooks

    @property
    def label(self):
        """A short name of the function, shown in graphs and error messages (the class name)."""
        return self.__class__.__name__

    @property
    def output_data(self):
        """The retained output arrays (None at the positions not retained)."""
        if self.outputs is None:
            raise RuntimeError('output_data is not available before the node is applied')
        data = [None] * len(self.outputs)
        for index, array in zip(self._output_indexes_to_retain or (), self._retained_output_data or ()):
            data[index] = array
        return tuple(data)

    # -- forward -----------------------------------------------------------------------------------------------

    def apply(self, inputs):
        """Computes the outputs and, if backprop is enabled, makes this node their creator.

        Args:
            inputs (tuple): Variables or arrays (NumPy, CuPy or chainerx; not mixed with chainerx).

        Returns:
            tuple of ~chainer.Variable: The outputs.
        """
        if self.inputs is not None:
            raise RuntimeError('A FunctionNode can be applied only once: create a new one for each call')
        chx_inputs = _chainerx_inputs(inputs, self)
        if chx_inputs is not None:
            outputs = self.forward_chainerx(chx_inputs)
            if outputs is not Fallback:
                # Only the tuple is checked on this hot path: a non-chainerx element fails in _from_chainerx.
                if type(outputs) is not tuple:
                    self._check_outputs(outputs, chainerx.ndarray)
                return tuple([_from_chainerx(y) for y in outputs])
            return _fallback.apply_on_chainerx_graph(self, inputs, chx_inputs)
        return self._apply_python(inputs)

    def _apply_python(self, inputs):
        input_vars = [x if isinstance(x, Variable) else Variable(x, requires_grad=False) for x in inputs]
        in_data = tuple([x._data[0] for x in input_vars])
        if not _array_types.is_arrays_compatible(in_data):
            raise TypeError('incompatible array types are mixed in the forward input ({}): {}'.format(
                self.label, ', '.join(type(a).__name__ for a in in_data)))
        requires_grad = any([x._requires_grad for x in input_vars])
        config = configuration.config
        if config.type_check:
            self._check_data_type_forward(in_data)
        hooks = self._get_hooks()
        for hook in hooks:
            hook.forward_preprocess(self, in_data)
        outputs = self._forward_and_check(in_data)
        for hook in hooks:
            hook.forward_postprocess(self, in_data)
        ret = tuple([Variable(y, requires_grad=requires_grad) for y in outputs])
        if config.enable_backprop:
            self.rank = max([x._node.rank for x in input_vars], default=0)
            for y in ret:
                y._node.creator_node = self
            self.inputs = tuple([x._node for x in input_vars])
            self.outputs = tuple([weakref.ref(y._node) for y in ret])
            for index in self._input_indexes_to_retain or ():
                input_vars[index].retain_data()
            if self._output_indexes_to_retain is not None:
                for index in self._output_indexes_to_retain:
                    ret[index].retain_data()
                self._retained_output_data = tuple(
                    [outputs[index] for index in self._output_indexes_to_retain])
            self.lazy_grad_sum = config.lazy_grad_sum
        return ret

    def _forward_and_check(self, in_data):
        outputs = self.forward(in_data)
        if isinstance(outputs, tuple):
            outputs = tuple([numpy.asarray(y) if isinstance(y, numpy.generic) else y for y in outputs])
        self._check_outputs(outputs, _array_types.ARRAY_TYPES)
        if configuration.config.debug:
            _check_nan_in_outputs(self, outputs)
        return outputs

    def _check_outputs(self, outputs, array_types):
        if not isinstance(outputs, tuple):
            raise TypeError('forward output must be a tuple ({})\nActual: {}'.format(self.label, type(outputs)))
        for y in outputs:
            if not isinstance(y, array_types):
                raise TypeError('forward output must be a tuple of arrays ({})\nActual: {}'.format(
                    self.label, ', '.join(type(o).__name__ for o in outputs)))

    def _check_data_type_forward(self, in_data):
        # Note [Light type check]: the light mode evaluates the conditions on plain values (~2 µs instead of
        # ~25 µs per call); only when it fails (an InvalidType, or an error such as x.shape[1] of a 1-d x that
        # light evaluation hits eagerly) is the check rerun in full mode, which builds the readable message.
        try:
            with type_check.light_mode:
                self.check_type_forward(type_check.get_light_types(in_data))
            return
        except Exception:
            pass
        in_types = type_check.get_types(in_data, 'in_types', False)
        with type_check.get_function_check_context(self):
            self.check_type_forward(in_types)

    def check_type_forward(self, in_types):
        """Checks the types of the inputs with chainer.utils.type_check (nothing by default)."""
        pass

    def forward(self, inputs):
        """Computes the output arrays from the input arrays; by default dispatches on the array type."""
        if _on_gpu(inputs):
            return self.forward_gpu(inputs)
        return self.forward_cpu(inputs)

    def forward_cpu(self, inputs):
        """Computes the outputs from NumPy arrays."""
        raise NotImplementedError('{} does not implement forward_cpu'.format(self.label))

    def forward_gpu(self, inputs):
        """Computes the outputs from CuPy arrays."""
        raise NotImplementedError('{} does not implement forward_gpu'.format(self.label))

    def forward_chainerx(self, inputs):
        """Computes the outputs with chainerx routines, or returns `chainer.Fallback` (the default)."""
        return Fallback

    def retain_inputs(self, indexes):
        """Keeps the inputs at `indexes` for backward (call it in forward)."""
        self._input_indexes_to_retain = tuple(indexes)

    def retain_outputs(self, indexes):
        """Keeps the outputs at `indexes` for backward (call it in forward)."""
        self._output_indexes_to_retain = tuple(indexes)

    # -- backward ----------------------------------------------------------------------------------------------

    def backward(self, target_input_indexes, grad_outputs):
        """Computes the gradients of the inputs at `target_input_indexes` from those of the outputs.

        Args:
            target_input_indexes (tuple of int): Indexes of the inputs whose gradients are needed.
            grad_outputs (tuple): Variables (or None for an output that receives no gradient).

        Returns:
            tuple: One Variable (or None) per input, or per target input.
        """
        return (None,) * len(target_input_indexes)

    def backward_accumulate(self, target_input_indexes, grad_outputs, grad_inputs):
        """backward plus the gradients already accumulated for the target inputs (`grad_inputs`)."""
        gxs = self._run_backward(target_input_indexes, grad_outputs)
        return tuple([gx if g0 is None else (g0 if gx is None else gx + g0)
                      for gx, g0 in zip(gxs, grad_inputs)])

    def _run_backward(self, target_input_indexes, grad_outputs):
        hooks = self._get_hooks()
        in_data = None
        if hooks:
            in_data = tuple([None if x is None else getattr(x, 'data', None) for x in self.inputs])
            out_arrays = tuple([None if g is None else g.array for g in grad_outputs])
            for hook in hooks:
                hook.backward_preprocess(self, in_data, out_arrays)
        gxs = self.backward(target_input_indexes, grad_outputs)
        for hook in hooks:
            hook.backward_postprocess(self, in_data, out_arrays)
        if not isinstance(gxs, (tuple, list)):
            raise TypeError('backward of {} must return a tuple, not {}'.format(self.label, type(gxs)))
        n_inputs = len(self.inputs)
        if len(gxs) == n_inputs and n_inputs != len(target_input_indexes):
            gxs = [gxs[i] for i in target_input_indexes]
        elif len(gxs) != len(target_input_indexes):
            raise ValueError(
                'number of gradients returned from backward is incorrect ({}): {} for {} inputs and {} targets'
                .format(self.label, len(gxs), n_inputs, len(target_input_indexes)))
        return tuple([_backprop._as_grad_variable(gx) for gx in gxs])

    def _backward_chainerx(self, target_input_indexes, grad_outputs, retained_inputs, retained_outputs):
        """Called by chainerx's backprop for a node inserted with `_function_node_forward` (Note [Native paths])."""
        return _fallback.backward_on_chainerx_graph(
            self, target_input_indexes, grad_outputs, retained_inputs, retained_outputs)

    def get_retained_inputs(self):
        """The inputs kept by `retain_inputs`, as Variables (in the order of the indexes)."""
        if self._chainerx_retained_inputs is not None:
            return self._chainerx_retained_inputs
        if self._input_indexes_to_retain is None or self.inputs is None:
            return ()
        return tuple([self.inputs[i].get_variable() for i in self._input_indexes_to_retain])

    def get_retained_outputs(self):
        """The outputs kept by `retain_outputs`, as Variables (rebuilt if the output Variables are gone)."""
        if self._chainerx_retained_outputs is not None:
            return self._chainerx_retained_outputs
        if self._output_indexes_to_retain is None or self.outputs is None:
            return ()
        ret = []
        outputs = list(self.outputs)
        for index, data in zip(self._output_indexes_to_retain, self._retained_output_data):
            node = outputs[index]()
            if node is None:
                var = Variable(data, requires_grad=False)
                var._node._creator_node = self
                var._node._rank = self.rank + 1
                outputs[index] = weakref.ref(var._node)
            else:
                var = node.get_variable()
            ret.append(var)
        self.outputs = tuple(outputs)
        return tuple(ret)

    def unchain(self):
        """Removes this node from the graph: its outputs forget their creator and it forgets its inputs."""
        if self._is_chainerx_fallback_mode:
            raise NotImplementedError('unchain is not supported for a function node on the chainerx graph')
        for ref in self.outputs or ():
            node = ref()
            if node is not None:
                node.unchain()
        self.inputs = None

    # -- hooks -------------------------------------------------------------------------------------------------

    def _get_hooks(self):
        global_hooks = function_hook.get_global_hooks()
        local = self._local_function_hooks
        if not global_hooks and not local:
            return ()
        hooks = list(global_hooks.values())
        if local:
            hooks.extend(local.values())
        return hooks

    def add_hook(self, hook, name=None):
        """Registers a FunctionHook on this node only."""
        if not isinstance(hook, function_hook.FunctionHook):
            raise TypeError('Hook must be of type FunctionHook')
        name = hook.name if name is None else name
        hooks = self.local_function_hooks
        if name in hooks:
            raise KeyError('Hook {} already exists'.format(name))
        hooks[name] = hook
        hook.added(self)

    def delete_hook(self, name):
        """Unregisters the local hook of that name (KeyError if none)."""
        hook = self.local_function_hooks.pop(name)
        hook.deleted(self)


def _check_nan_in_outputs(func, outputs):
    for y in outputs:
        if y.dtype.kind == 'f':
            xp = chainerx if isinstance(y, chainerx.ndarray) else numpy
            if bool(xp.isnan(y).any()):
                raise RuntimeError('NaN is detected on forward computation of {}'.format(func.label))

