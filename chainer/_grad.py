"""`chainer.grad`: the gradients of some outputs with respect to some inputs, as Variables."""

import chainerx

from chainer import _backprop


def _unwrap_optional(values, what):
    from chainer import variable
    if values is None:
        return None
    if not isinstance(values, (tuple, list)):
        raise TypeError('{} must be a tuple or a list, not {}'.format(what, type(values)))
    return [v._data[0] if isinstance(v, variable.Variable) else v for v in values]


def grad(outputs, inputs, grad_outputs=None, grad_inputs=None, set_grad=False, retain_grad=False,
         enable_double_backprop=False, loss_scale=None):
    """Computes the gradients of `outputs` with respect to `inputs`, without touching the graph's leaves.

    Args:
        outputs (tuple or list of ~chainer.Variable): The outputs to differentiate.
        inputs (tuple or list of ~chainer.Variable): The variables to differentiate with respect to.
        grad_outputs: Gradients of the outputs (None entries: ones for one-element outputs).
        grad_inputs: Initial gradients added to those of the inputs.
        set_grad (bool): Also store each result as the input's `grad_var`.
        retain_grad (bool): Keep the gradients of intermediate variables.
        enable_double_backprop (bool): Record the computation so the results can be differentiated.
        loss_scale (float): Scales the initial gradients.

    Returns:
        list: One Variable (or None where an input is unreachable) per input.
    """
    outputs = _backprop._check_variables(outputs, 'outputs')
    inputs = _backprop._check_variables(inputs, 'inputs')
    for what, values, n in (('grad_outputs', grad_outputs, len(outputs)),
                            ('grad_inputs', grad_inputs, len(inputs))):
        if values is not None and len(values) != n:
            raise ValueError('{} must be of the same length as {} ({} != {})'.format(
                what, what[5:], len(values), n))
    if _backprop._modes(outputs + inputs):
        return _grad_chainerx(outputs, inputs, grad_outputs, grad_inputs, set_grad, retain_grad,
                              enable_double_backprop, loss_scale)
    return _grad_python(outputs, inputs, grad_outputs, grad_inputs, set_grad, retain_grad,
                        enable_double_backprop, loss_scale)


def _grad_chainerx(outputs, inputs, grad_outputs, grad_inputs, set_grad, retain_grad,
                   enable_double_backprop, loss_scale):
    from chainer import backend
    from chainer import variable
    gys = _unwrap_optional(grad_outputs, 'grad_outputs')
    ys = [y._data[0] for y in outputs]
    kwargs = {}
    if gys is not None or len({id(y) for y in ys}) < len(ys):
        gys = [backend._array_like('ones', y) if g is None else g
               for y, g in zip(ys, gys or [None] * len(ys))]
        ys, gys = _merge_repeated_outputs(ys, gys)
        kwargs['grad_outputs'] = gys
    gxs = chainerx.grad(
        ys, [x._data[0] for x in inputs],
        enable_double_backprop=enable_double_backprop, set_grad=set_grad, retain_grad=retain_grad,
        loss_scale=None if loss_scale is None else float(loss_scale), **kwargs)
    initial = _unwrap_optional(grad_inputs, 'grad_inputs') or [None] * len(inputs)
    results = []
    for gx, g0 in zip(gxs, initial):
        if g0 is not None:
            gx = g0 if gx is None else gx + g0
        results.append(None if gx is None else variable.Variable._from_chainerx(gx))
    return results


def _merge_repeated_outputs(ys, gys):
    """One entry per distinct output array, with the sum of its seeds: an output listed twice
    contributes both of its gradients, as on NumPy (chainerx seeds a repeated output once)."""
    seeds = {}
    for y, g in zip(ys, gys):
        key = id(y)
        seeds[key] = (y, g) if key not in seeds else (y, seeds[key][1] + g)
    return [y for y, _ in seeds.values()], [g for _, g in seeds.values()]


def _grad_python(outputs, inputs, grad_outputs, grad_inputs, set_grad, retain_grad,
                 enable_double_backprop, loss_scale):
    if grad_outputs is None:
        grad_outputs = [None] * len(outputs)
    roots = []
    for y, gy in zip(outputs, grad_outputs):
        if gy is None:
            gy = _backprop._initial_grad(y, loss_scale)
        roots.append((y.node, _backprop._as_grad_variable(gy)))
    capture = {x.node: None for x in inputs}
    leaf_grads = _backprop.run_backprop(roots, retain_grad, enable_double_backprop, capture)
    for node, gx in leaf_grads.items():
        if node in capture:
            capture[node] = gx
    initial = grad_inputs if grad_inputs is not None else [None] * len(inputs)
    results = []
    for x, g0 in zip(inputs, initial):
        gx = capture[x.node]
        if g0 is not None:
            g0 = _backprop._as_grad_variable(g0)
            gx = g0 if gx is None else gx + g0
        if set_grad:
            x._grad_var = gx
        results.append(gx)
    return results
