"""Function nodes on the chainerx graph: the xp path and the NumPy/CuPy fallback (Note [Native paths]).

Both paths run a FunctionNode's ordinary `forward`, then insert the node in the C++ graph with
`chainerx._core._function_node_forward`, which retains the requested inputs and outputs; chainerx's backprop
later calls `FunctionNode._backward_chainerx`, which runs the node's ordinary `backward` on chainerx Variables.
Because that backward is written with chainer functions, it is differentiable again (double backprop).

Note [Fallback attributes]: in the fallback, `forward` sees NumPy (or CuPy) arrays, and may store some as
attributes (a dropout mask, an index array) that `backward` will combine with chainerx Variables. While
forward runs, the node's class is swapped for a generated subclass whose attribute setter stores such arrays
as chainerx arrays (zero-copy) and whose getter hands back the NumPy/CuPy view, so forward reads what it
wrote and backward reads chainerx arrays. Only arrays stored directly as attributes are converted, not arrays
inside tuples or lists, as in the original.
"""

import contextlib

import numpy

import chainerx

from chainer import configuration


def _backend():
    from chainer import backend
    return backend


def _is_fallback_array(value):
    return isinstance(value, numpy.ndarray) or type(value).__module__.startswith('cupy')


_converting_classes = {}


def _attribute_converting_class(cls):
    """The generated subclass of Note [Fallback attributes] for `cls` (made once per class)."""
    sub = _converting_classes.get(cls)
    if sub is not None:
        return sub

    def __setattr__(self, name, value):
        if _is_fallback_array(value):
            try:
                converted = to_chainerx(value, self.__dict__['_fallback_chainerx_device'])
            except (TypeError, chainerx.DtypeError):
                converted = None  # a dtype chainerx lacks (object, complex): the attribute stays as it is
            if converted is not None:
                self.__dict__.setdefault('_fallback_attribute_cache', {})[name] = (converted, value)
                value = converted
        super(sub, self).__setattr__(name, value)

    def __getattribute__(self, name):
        value = super(sub, self).__getattribute__(name)
        if isinstance(value, chainerx.ndarray) and not name.startswith('_'):
            cache = super(sub, self).__getattribute__('__dict__').setdefault('_fallback_attribute_cache', {})
            cached = cache.get(name)
            if cached is not None and cached[0] is value:
                return cached[1]
            converted = _backend().from_chx(value)
            cache[name] = (value, converted)
            return converted
        return value

    sub = type(cls.__name__, (cls,), {
        '__setattr__': __setattr__, '__getattribute__': __getattribute__, '__module__': cls.__module__})
    _converting_classes[cls] = sub
    return sub


class converting_attributes:
    """Context manager: swaps `obj`'s class as Note [Fallback attributes] says, and back on exit.

    Arrays stored as attributes go to the chainerx `device` (a chainerx.Device).
    """

    def __init__(self, obj, device):
        self._obj = obj
        self._cls = type(obj)
        self._device = device

    def __enter__(self):
        self._obj.__dict__['_fallback_chainerx_device'] = self._device
        self._obj.__class__ = _attribute_converting_class(self._cls)

    def __exit__(self, *_):
        self._obj.__class__ = self._cls
        self._obj.__dict__.pop('_fallback_attribute_cache', None)
        self._obj.__dict__.pop('_fallback_chainerx_device', None)


def to_chainerx(array, device):
    """A fallback array as a chainerx array on `device`, sharing its memory (NumPy: chainerx.array(copy=False))."""
    if isinstance(array, numpy.ndarray):
        return chainerx.array(array, device=device, copy=False)
    return _backend().to_chx(array)


def from_chainerx(array):
    """A chainerx array as a NumPy (native) or CuPy (cuda) array sharing its memory."""
    return _backend().from_chx(array)


class _InputStandIn:
    """What `node.inputs` holds for a node on the chainerx graph: the shape, dtype and requires_grad of an input."""

    __slots__ = ('shape', 'dtype', 'requires_grad', 'data')

    def __init__(self, array):
        self.shape = array.shape
        self.dtype = array.dtype
        self.requires_grad = array.is_backprop_required()
        self.data = None

    creator_node = None


def _current_fallback_device(device):
    """A context in which CuPy's current device is that of a chainerx `cuda:N` device; nothing for other backends.

    The fallback's forward sees CuPy arrays, and the arrays it makes (cupy.zeros, ...) go to CuPy's current device,
    as the original runs forward under the device of its inputs.
    """
    if device.backend.name != 'cuda':
        return contextlib.nullcontext()
    return _backend().ChainerxDevice(device).fallback_device.create_context()


def _fallback_inputs(inputs, chx_inputs):
    from chainer import variable
    arrays = []
    for x, a in zip(inputs, chx_inputs):
        if isinstance(x, variable.Variable):
            arrays.append(x._get_fallback_array())
        else:
            arrays.append(_backend().from_chx(a))
    return tuple(arrays)


def apply_on_chainerx_graph(node, inputs, chx_inputs):
    """FunctionNode.apply for chainerx inputs when forward_chainerx returned Fallback (paths 2 and 3)."""
    from chainer import function_node as function_node_module
    from chainer import variable
    fallback = not node._chainerx_xp_forward
    # On the chainerx arrays, before any conversion: the fallback's arrays have their shapes and dtypes, and
    # a call the check rejects raises InvalidType even where they cannot be made (CuPy missing on a GPU).
    if configuration.config.type_check:
        node._check_data_type_forward(chx_inputs)
    if fallback:
        function_node_module.fallback_count += 1
        in_data = _fallback_inputs(inputs, chx_inputs)
        node._is_chainerx_fallback_mode = True
        node.chainerx_device = _backend().ChainerxDevice(chx_inputs[0].device)
    else:
        in_data = chx_inputs
    # Function hooks see these nodes as the original shows them fallback nodes (with the arrays forward
    # gets); nodes that take path 1 (forward_chainerx) bypass hooks, as in the original.
    hooks = node._get_hooks()
    for hook in hooks:
        hook.forward_preprocess(node, in_data)
    if fallback:
        device = chx_inputs[0].device
        with converting_attributes(node, device), _current_fallback_device(device):
            outputs = node._forward_and_check(in_data)
        chx_outputs = tuple([to_chainerx(y, device) for y in outputs])
    else:
        # Under the inputs' device, as the original runs forward: a `forward` written with xp makes its new arrays
        # (xp.zeros, xp.full_like, ...) on the default device, which need not be theirs.
        with chainerx.no_backprop_mode(), chainerx.using_device(chx_inputs[0].device):
            outputs = node._forward_and_check(in_data)
            # An output that is one of the inputs would make a cycle in the graph: a view is a new array.
            chx_outputs = tuple([y.view() if any(y is a for a in chx_inputs) else y for y in outputs])
    for hook in hooks:
        hook.forward_postprocess(node, in_data)
    chainerx._core._function_node_forward(
        node, list(chx_inputs), list(chx_outputs), list(node._input_indexes_to_retain or ()),
        list(node._output_indexes_to_retain or ()))
    node.inputs = tuple([_InputStandIn(a) for a in chx_inputs])
    ret = tuple([variable.Variable._from_chainerx(y) for y in chx_outputs])
    if fallback:
        for var, y in zip(ret, outputs):
            var._chainerx_fallback_array = y
    return ret


def backward_on_chainerx_graph(node, target_input_indexes, grad_outputs, retained_inputs, retained_outputs):
    """FunctionNode._backward_chainerx: runs `backward` on chainerx Variables, returns chainerx arrays."""
    from chainer import variable
    wrap = variable.Variable._from_chainerx
    node._chainerx_retained_inputs = tuple([None if a is None else wrap(a) for a in retained_inputs])
    node._chainerx_retained_outputs = tuple([None if a is None else wrap(a) for a in retained_outputs])
    gys = tuple([None if g is None else wrap(g) for g in grad_outputs])
    arrays = [a for a in (*grad_outputs, *retained_inputs, *retained_outputs) if a is not None]
    # Under the arrays' device, as forward runs (apply_on_chainerx_graph).
    device_scope = chainerx.using_device(arrays[0].device) if arrays else contextlib.nullcontext()
    try:
        with device_scope:
            gxs = node._run_backward(tuple(target_input_indexes), gys)
    finally:
        node._chainerx_retained_inputs = None
        node._chainerx_retained_outputs = None
    result = []
    for gx in gxs:
        if gx is None:
            result.append(None)
        elif not gx._has_chainerx_array:
            raise TypeError('backward of {} returned a non-chainerx gradient for a chainerx input: {}'.format(
                node.label, type(gx.array)))
        else:
            result.append(gx._data[0])
    return result
