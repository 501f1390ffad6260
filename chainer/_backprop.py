"""Backprop: through the Python graph of NumPy/CuPy-backed Variables, and `chainer.backward`/`chainer.grad`.

chainerx-backed Variables are differentiated by chainerx itself (see Note [Two graphs] in chainer/variable.py);
the functions here route them to `chainerx.backward`/`chainerx.grad`.
"""

import heapq

import numpy

import chainerx

from chainer import configuration


def _variable_module():
    from chainer import variable
    return variable


def check_grad_type(func, x, gx):
    """Raises TypeError/ValueError when a gradient array does not match the array it is the gradient of.

    Args:
        func: The FunctionNode whose backward produced the gradient, or None when the user set it.
        x: The Variable or VariableNode.
        gx: The gradient array.
    """
    data = x.data
    if gx is None or data is None and getattr(x, 'shape', None) is None:
        return  # an uninitialised variable (e.g. a lazy Parameter) takes any gradient, as in the original
    x_shape, x_dtype = x.shape, x.dtype
    if data is not None and type(gx) is not type(data) and not _same_kind(data, gx):
        _raise_grad_error(func, TypeError, 'Type', type(gx), type(data))
    if gx.dtype != x_dtype:
        _raise_grad_error(func, TypeError, 'Dtype', gx.dtype, x_dtype)
    if tuple(gx.shape) != tuple(x_shape):
        _raise_grad_error(func, ValueError, 'Shape', gx.shape, x_shape)


def _same_kind(a, b):
    return isinstance(a, chainerx.ndarray) == isinstance(b, chainerx.ndarray) and (
        isinstance(a, numpy.ndarray) == isinstance(b, numpy.ndarray))


def _raise_grad_error(func, exc_type, what, grad_value, data_value):
    detail = '{} of data and grad mismatch\ngrad: {} != data: {}'.format(what, grad_value, data_value)
    if func is not None:
        detail = ('Function `{}` ({}) has a bug.\nPlease report this error to the issue tracker with the stack '
                  'trace, the information of your environment, and your script:\n{}'.format(
                      type(func).__name__, func.label, detail))
    raise exc_type(detail)


def _sum_grads(grads):
    if not grads:
        return None
    total = grads[0]
    for g in grads[1:]:
        total = total + g
    return total


def _as_grad_variable(gx):
    variable = _variable_module()
    if gx is None or isinstance(gx, variable.Variable):
        return gx
    return variable.Variable(gx, requires_grad=False)


def backprop_to_all(roots, retain_grad, enable_double_backprop, loss_scale):
    """Propagates gradients from `roots` (pairs of VariableNode and gradient Variable) to every leaf.

    Leaves accumulate into their existing gradients.
    """
    leaf_grads = run_backprop(roots, retain_grad, enable_double_backprop)
    for node, gx in leaf_grads.items():
        _set_leaf_grad(node, gx, loss_scale)


def run_backprop(roots, retain_grad, enable_double_backprop, capture=None):
    """The backprop engine of the Python graph; returns the summed gradients of the leaves reached.

    Functions are visited in decreasing rank, so that all the gradients of a function's outputs are summed
    before its backward runs. `capture`, a dict keyed by VariableNode, receives the gradient of each of its
    nodes that is not a leaf (chainer.grad's inputs).
    """
    grads = {}
    leaves = {}
    heap = []
    seen = set()

    def push(func):
        if func not in seen:
            seen.add(func)
            heapq.heappush(heap, (-func.rank, len(seen), func))

    root_nodes = set()
    for node, g in roots:
        root_nodes.add(node)
        if g is not None:
            grads.setdefault(node, []).append(g)
        if node.creator_node is None:
            leaves[node] = None
        else:
            push(node.creator_node)

    with configuration.using_config('enable_backprop', enable_double_backprop):
        while heap:
            func = heapq.heappop(heap)[2]
            _backprop_step(func, grads, leaves, push, root_nodes, retain_grad, capture)
        return {node: _sum_grads(grads.pop(node, [])) for node in leaves}


def _backprop_step(func, grads, leaves, push, root_nodes, retain_grad, capture):
    inputs = func.inputs
    out_nodes = [ref() for ref in func.outputs]
    out_grads = tuple(None if y is None else _sum_grads(grads.pop(y, [])) for y in out_nodes)
    for y, gy in zip(out_nodes, out_grads):
        if capture is not None and y in capture:
            capture[y] = gy
        if y is not None and y not in root_nodes:
            y_var = y.get_variable_or_none()
            if y_var is not None:
                y_var._grad_var = gy if retain_grad else None
    targets = tuple(i for i, x in enumerate(inputs) if x.requires_grad)
    if not targets or all(g is None for g in out_grads):
        return
    gxs = func._run_backward(targets, out_grads)
    for i, gx in zip(targets, gxs):
        if gx is None:
            continue
        x = inputs[i]
        check_grad_type(func, x, gx.array)
        grads.setdefault(x, []).append(gx)
        if x.creator_node is None:
            leaves[x] = None
        else:
            push(x.creator_node)


def _set_leaf_grad(node, gx, loss_scale):
    var = node.get_variable_or_none()
    if var is None or gx is None:
        return
    existing = var._grad_var
    var._grad_var = gx if existing is None else existing + gx
    var._loss_scale = loss_scale


def _initial_grad(var, loss_scale):
    """Ones for a one-element output with no gradient set (scaled by loss_scale), else None."""
    array = var.array
    if array is None or array.size != 1:
        return None
    from chainer import backend
    gx = backend._array_like('ones', array)
    if loss_scale is not None:
        gx *= loss_scale
    return gx


def backward_from_variable(var, retain_grad, enable_double_backprop, loss_scale):
    """Variable.backward for a NumPy/CuPy-backed Variable."""
    node = var._node
    if node.creator_node is None:
        return
    if var._grad_var is None:
        g = _initial_grad(var, loss_scale)
        if g is not None:
            var._grad_var = _variable_module().Variable(g, requires_grad=False)
    backprop_to_all([(node, var._grad_var)], retain_grad, enable_double_backprop, loss_scale)


def unchain_backward(node):
    """Removes every creator reference from `node` backwards through the graph."""
    stack = [node]
    seen = set()
    while stack:
        cand = stack.pop()
        func = cand.creator_node
        cand.unchain()
        if func is None or func in seen:
            continue
        seen.add(func)
        stack.extend(func.inputs)


def _check_variables(values, what):
    variable = _variable_module()
    if not isinstance(values, (tuple, list)):
        raise TypeError('{} must be a tuple or a list, not {}'.format(what, type(values)))
    for v in values:
        if not isinstance(v, variable.Variable):
            raise TypeError('each of {} must be a Variable, not {}'.format(what, type(v)))
    return list(values)


def _modes(variables):
    modes = {v._has_chainerx_array for v in variables}
    if len(modes) > 1:
        raise TypeError('Variables holding chainerx arrays cannot be mixed with others')
    return modes.pop() if modes else False


def backward(outputs, grad_outputs=None, **kwargs):
    """Runs backprop from several output variables at once.

    Args:
        outputs (tuple or list of ~chainer.Variable): The outputs to start from.
        grad_outputs (tuple or list): Their gradients (arrays, Variables or None). None for a one-element
            output means ones; None for a larger output means no gradient flows from it.
        enable_double_backprop (bool): Record the backward computation.
        loss_scale (float): Scales the initial gradients.
    """
    enable_double_backprop = kwargs.pop('enable_double_backprop', False)
    loss_scale = kwargs.pop('loss_scale', None)
    if kwargs:
        raise TypeError('backward() got unexpected keyword argument(s) {}'.format(
            ', '.join(repr(k) for k in sorted(kwargs))))
    outputs = _check_variables(outputs, 'outputs')
    if grad_outputs is None:
        grad_outputs = [None] * len(outputs)
    elif not isinstance(grad_outputs, (tuple, list)):
        raise TypeError('grad_outputs must be a tuple or a list, not {}'.format(type(grad_outputs)))
    if len(grad_outputs) != len(outputs):
        raise ValueError('grad_outputs must be of the same length as outputs ({} != {})'.format(
            len(grad_outputs), len(outputs)))
    if not outputs:
        return
    variable = _variable_module()
    if _modes(outputs):
        arrays = []
        for y, gy in zip(outputs, grad_outputs):
            array = y._data[0]
            if gy is not None:
                gy = gy._data[0] if isinstance(gy, variable.Variable) else gy
                array = array.view()  # a fresh node that carries the initial gradient
                array.require_grad().set_grad(gy)
            arrays.append(array)
        chainerx.backward(arrays, enable_double_backprop=enable_double_backprop,
                          loss_scale=None if loss_scale is None else float(loss_scale))
        return
    roots = []
    for y, gy in zip(outputs, grad_outputs):
        if y.creator_node is None:
            continue
        if gy is None:
            gy = _initial_grad(y, loss_scale)
        roots.append((y.node, _as_grad_variable(gy)))
    backprop_to_all(roots, False, enable_double_backprop, loss_scale)
