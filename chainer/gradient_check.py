"""Numerical gradients and the checks of backward implementations against them.

`numerical_grad` differentiates a function of arrays by central differences. `check_backward`
compares the gradients that a function's backward computes with a numerical directional
derivative (see Note [Directional gradient check]); `check_double_backward` does the same for the
gradients of the gradients. All three work on NumPy, CuPy and chainerx arrays, and
`check_backward` on Variables of both kinds (Python graph and ChainerX graph).
"""

import contextlib
import functools

import numpy

import chainer
import chainerx
from chainer import backend
from chainer import utils
from chainer.testing import array as array_module

# The original keeps the testing helper here too, under the same name (it moved to chainer.testing).
assert_allclose = array_module.assert_allclose


class NondifferentiableError(Exception):
    """Raised by :func:`numerical_grad` when the function is not differentiable at the input."""


def _as_tuple(x):
    return tuple(x) if isinstance(x, (tuple, list)) else (x,)


def _to_float64(a):
    """A float64 NumPy copy of an array or scalar of any kind (never a view of the original)."""
    return numpy.array(backend.CpuDevice().send(a), numpy.float64)


def _like(np_array, like):
    """`np_array` sent to the device of the array `like` (NumPy arrays stay as they are)."""
    return backend.get_device_from_array(like).send(np_array)


class _ElementAccess:
    """Reads and writes single elements of an array of any kind, in place, as Python floats."""

    def __init__(self, x):
        self._target = x
        if isinstance(x, chainerx.ndarray) and x.device.backend.name == 'native':
            # Host memory: a zero-copy NumPy view (also works where x is connected to a graph).
            self._target = chainerx.to_numpy(x, copy=False)

    def get(self, index):
        return float(self._target[index])

    def set(self, index, value):
        # Values read by get() are exact in float64, so writing them back restores bit for bit.
        self._target[index] = value


def numerical_grad(f, inputs, grad_outputs, eps=1e-3, detect_nondifferentiable=False,
                   diff_atol=0, diff_rtol=1e-2, center_outputs=None):
    """Computes the gradient of `sum_j <f()_j, grad_outputs_j>` by central differences.

    `f` takes no arguments: it reads `inputs`, which this function perturbs in place one element at
    a time (in the input's own dtype; the step actually stored is the denominator) and restores
    exactly afterwards. Differences and products are accumulated in float64.

    With `detect_nondifferentiable`, each element is also evaluated at +-2 eps, and the one-sided
    derivatives from the left and from the right (parabolas through 3 points) are compared: if
    they differ by more than `diff_atol + diff_rtol * max(|left|, |right|)` for some output
    element, or an output is not finite, :class:`NondifferentiableError` is raised.

    Args:
        f (callable): Returns an array or a tuple of arrays, computed from `inputs`.
        inputs (tuple of arrays): Floating-point NumPy, CuPy or chainerx arrays, writable.
        grad_outputs (tuple of arrays): One array or None per output; None leaves it out.
        eps (float): Step size.
        detect_nondifferentiable (bool): Check differentiability (two more evaluations each).
        diff_atol (float): Absolute tolerance of the differentiability check.
        diff_rtol (float): Relative tolerance of the differentiability check.
        center_outputs (tuple of arrays): `f()` at the unperturbed inputs, if already computed
            (used only by the differentiability check).

    Returns:
        tuple: The gradients, one array per input, of the input's dtype, kind and device.

    Raises:
        TypeError: If an input is not a floating-point array.
        ValueError: If `eps` is not positive or too small for an input's precision, or
            `grad_outputs` does not match the outputs.
        NondifferentiableError: See above.

    Example:
        >>> x = numpy.array([1., 2.])
        >>> chainer.gradient_check.numerical_grad(lambda: x * x, (x,), (numpy.ones(2),))
        (array([2., 4.]),)
    """
    if not eps > 0:
        raise ValueError('eps must be positive, got {}'.format(eps))
    for x in inputs:
        if numpy.dtype(x.dtype).kind != 'f':
            raise TypeError('numerical_grad perturbs floating-point inputs only, got {}'.format(
                x.dtype))
    objective = _Objective(f, grad_outputs)
    derivative = _central_derivative
    if detect_nondifferentiable:
        center = (objective.outputs() if center_outputs is None
                  else [_to_float64(y) for y in _as_tuple(center_outputs)])
        derivative = functools.partial(_detecting_derivative, center=center,
                                       diff_atol=diff_atol, diff_rtol=diff_rtol)
    grads = []
    for x in inputs:
        access = _ElementAccess(x)
        grad = numpy.zeros(x.shape, numpy.float64)
        for index in numpy.ndindex(*x.shape):
            grad[index] = derivative(objective, access, index, eps)
        grads.append(_like(grad.astype(x.dtype), x))
    return tuple(grads)


class _Objective:
    """`f` with its outputs as float64 NumPy arrays, and their sum weighted by grad_outputs."""

    def __init__(self, f, grad_outputs):
        self._f = f
        self._weights = [None if gy is None else _to_float64(gy) for gy in grad_outputs]

    def outputs(self):
        ys = [_to_float64(y) for y in _as_tuple(self._f())]
        if len(ys) != len(self._weights):
            raise ValueError('f returned {} outputs but {} grad_outputs were given'.format(
                len(ys), len(self._weights)))
        return ys

    def weighted(self, ys):
        return sum(float(numpy.sum(y * w)) for y, w in zip(ys, self._weights) if w is not None)


def _evaluate_at(objective, access, index, offsets, eps):
    """The steps actually stored and the outputs there, for each multiple of eps; restores x."""
    original = access.get(index)
    results = []
    try:
        for k in offsets:
            access.set(index, original + k * eps)
            results.append((access.get(index) - original, objective.outputs()))
    finally:
        access.set(index, original)
    steps = [step for step, _ in results]
    if len(set(steps + [0.0])) != len(steps) + 1:
        raise ValueError('eps={} is below the precision of the input at index {}'.format(
            eps, index))
    return results


def _central_derivative(objective, access, index, eps):
    (h_plus, y_plus), (h_minus, y_minus) = _evaluate_at(objective, access, index, (1, -1), eps)
    return (objective.weighted(y_plus) - objective.weighted(y_minus)) / (h_plus - h_minus)


def _detecting_derivative(objective, access, index, eps, center, diff_atol, diff_rtol):
    (hl2, yl2), (hl1, yl1), (hr1, yr1), (hr2, yr2) = _evaluate_at(
        objective, access, index, (-2, -1, 1, 2), eps)
    for ys in (center, yl2, yl1, yr1, yr2):
        if not all(numpy.isfinite(y).all() for y in ys):
            raise NondifferentiableError(
                'an output is not finite near the input element at index {}'.format(index))
    for k, y0 in enumerate(center):
        left = _one_sided_derivative(y0, yl1[k], yl2[k], hl1, hl2)
        right = _one_sided_derivative(y0, yr1[k], yr2[k], hr1, hr2)
        tolerance = diff_atol + diff_rtol * numpy.maximum(numpy.abs(left), numpy.abs(right))
        if (numpy.abs(left - right) > tolerance).any():
            raise NondifferentiableError(
                'the derivatives of output {} from the left and from the right differ at the '
                'input element at index {}:\nleft: {}\nright: {}'.format(k, index, left, right))
    return (objective.weighted(yr1) - objective.weighted(yl1)) / (hr1 - hl1)


def _one_sided_derivative(y0, y1, y2, h1, h2):
    # Derivative at 0 of the parabola through (0, y0), (h1, y1), (h2, y2), with h1, h2 of one
    # sign. Written with differences, so that an output the element does not affect gives 0.
    return (h2 * h2 * (y1 - y0) - h1 * h1 * (y2 - y0)) / (h1 * h2 * (h2 - h1))


# Note [Directional gradient check]
# Checking the gradient of every element numerically would take two forward passes per element.
# check_backward instead draws one random direction d of unit norm over all checked inputs and
# parameters together, and compares the analytic directional derivative sum_i <gx_i, d_i> with the
# numerical derivative of t -> sum_j <f(x + t d)_j, gy_j> at t = 0: two forward passes whatever
# the sizes, and a wrong element in any gradient shows up with probability one. The numerical
# passes may run in a wider dtype (`dtype=numpy.float64`): inputs, parameters and output gradients
# are all cast to it there.


def check_backward(func, x_data, y_grad, params=(), eps=1e-3, atol=1e-5, rtol=1e-4,
                   no_grads=None, dtype=None, detect_nondifferentiable=False):
    """Checks the gradients computed by backward against a numerical directional derivative.

    `func` is called on Variables wrapping `x_data`. The gradients of `sum_j <y_j, y_grad_j>` with
    respect to the inputs and `params` are computed with :func:`chainer.grad` and compared, along a
    random direction drawn from NumPy's global generator, with central differences (see
    Note [Directional gradient check]). Seed NumPy (e.g. with
    :func:`chainer.testing.fix_random`) to make the check reproducible.

    Args:
        func (callable): Takes Variables, returns a Variable or a tuple of Variables (None
            entries are outputs without gradient).
        x_data (array or tuple of arrays): Inputs: NumPy, CuPy or chainerx arrays (not mixed).
        y_grad (array or tuple of arrays or None): Gradients of the outputs (None entries leave an
            output out). None alone means one-element outputs with gradient 1 (a loss).
        params (~chainer.Variable or tuple of them): Parameters used by `func` whose gradients
            are checked too. Their values are perturbed in place and restored.
        eps (float): Step of the numerical derivative.
        atol (float): Absolute tolerance.
        rtol (float): Relative tolerance.
        no_grads (list of bool): Per input, True to neither require nor check its gradient.
            The default is True exactly for the non-float inputs.
        dtype: Floating-point dtype of the numerical passes, or None for the arrays' own.
        detect_nondifferentiable (bool): Raise :class:`NondifferentiableError` where `func` is
            not differentiable at the input along the direction.

    Raises:
        AssertionError: If the gradients disagree; the message starts with
            "check_backward failed".
        ValueError: For arguments of the wrong length or kind, or a non-float `dtype`.
        NondifferentiableError: See `detect_nondifferentiable`.

    Example:
        >>> x = numpy.random.uniform(-1, 1, (3, 2)).astype(numpy.float32)
        >>> gy = numpy.random.uniform(-1, 1, (3, 2)).astype(numpy.float32)
        >>> chainer.gradient_check.check_backward(lambda x: x * x, x, gy, dtype=numpy.float64)
    """
    _BackwardCheck(func, x_data, params, no_grads, dtype).run(
        y_grad, eps, atol, rtol, detect_nondifferentiable)


def _default_no_grads(x_data, no_grads):
    if no_grads is None:
        return [numpy.dtype(x.dtype).kind != 'f' for x in x_data]
    if len(no_grads) != len(x_data):
        raise ValueError('no_grads has {} entries for {} inputs'.format(
            len(no_grads), len(x_data)))
    for i, (x, no_grad) in enumerate(zip(x_data, no_grads)):
        if not no_grad and numpy.dtype(x.dtype).kind != 'f':
            raise ValueError('inputs[{}] is of dtype {}: no_grads must be True for it'.format(
                i, x.dtype))
    return list(no_grads)


def _outputs_with_grads(ys, y_grad):
    """Indexes of the outputs to differentiate and their gradients (ones if y_grad is None)."""
    if y_grad is None:
        for y in ys:
            if y is not None and y.size != 1:
                raise ValueError('y_grad may be None only if every output has one element, '
                                 'got an output of shape {}'.format(y.shape))
        return [(j, backend._array_like('ones', y.array)) for j, y in enumerate(ys) if y is not None]
    if len(y_grad) != len(ys):
        raise ValueError('func returned {} outputs but {} y_grad were given'.format(
            len(ys), len(y_grad)))
    return [(j, gy) for j, (y, gy) in enumerate(zip(ys, y_grad))
            if y is not None and gy is not None]


def _gradients(ys, grads, targets, enable_double_backprop=False):
    """chainer.grad of the outputs chosen by _outputs_with_grads; Nones if there is none."""
    if not grads:
        return [None] * len(targets)
    return chainer.grad([ys[j] for j, _ in grads], targets, grad_outputs=[gy for _, gy in grads],
                        enable_double_backprop=enable_double_backprop)


def _call(func, variables):
    ys = _as_tuple(func(*variables))
    for y in ys:
        if y is not None and not isinstance(y, chainer.Variable):
            raise TypeError('func must return Variables, got {}'.format(type(y)))
    return ys


def _random_directions(shapes):
    """Normal random arrays of the shapes, scaled to unit norm together (float64 NumPy)."""
    directions = [numpy.asarray(numpy.random.normal(size=shape), numpy.float64)
                  for shape in shapes]
    norm = numpy.sqrt(sum(float(numpy.sum(d * d)) for d in directions))
    if norm > 0:  # all zero-size: nothing to perturb, both derivatives are 0
        directions = [d / norm for d in directions]
    return directions


@contextlib.contextmanager
def _parameter_values(params, values):
    """Gives the parameters the values within the block; restores their arrays and grads after."""
    restores = []
    try:
        for param, value in zip(params, values):
            restores.append(_set_parameter(param, value))
        yield
    finally:
        for restore in reversed(restores):
            restore()


def _set_parameter(param, value):
    if value.dtype == param.dtype:
        # In place: the Variable keeps its very array (and, on ChainerX, its place in the graph).
        saved = param.array.copy()
        param.array[...] = value
        return lambda: param.array.__setitem__(Ellipsis, saved)
    # Another dtype needs another array. The array setter refuses arrays that require backprop,
    # which nothing does in no-backprop mode; on ChainerX the restored array is then a new
    # grad-requiring view of the same memory, so the gradient is restored too.
    saved, saved_grad = param.array, param.grad
    with chainerx.no_backprop_mode():
        param.array = value

    def restore():
        with chainerx.no_backprop_mode():
            param.array = saved
        if saved_grad is not None and param.grad is None:
            param.grad = saved_grad

    return restore


class _BackwardCheck:
    """One run of check_backward: the analytic pass, then the numerical one along a direction."""

    def __init__(self, func, x_data, params, no_grads, dtype):
        self.func = func
        self.x_data = _as_tuple(x_data)
        self.params = _as_tuple(params)
        self.no_grads = _default_no_grads(self.x_data, no_grads)
        if dtype is not None and numpy.dtype(dtype).kind != 'f':
            raise ValueError('dtype must be a floating-point type or None, got {}'.format(dtype))
        self.dtype = None if dtype is None else numpy.dtype(dtype)
        self.names = (['inputs[{}]'.format(i) for i, no_grad in enumerate(self.no_grads)
                       if not no_grad]
                      + ['params[{}]'.format(i) for i in range(len(self.params))])

    def _variables(self, arrays):
        return [chainer.Variable(x, requires_grad=not no_grad)
                for x, no_grad in zip(arrays, self.no_grads)]

    def run(self, y_grad, eps, atol, rtol, detect_nondifferentiable):
        xs = self._variables(self.x_data)
        ys = _call(self.func, xs)
        grads = _outputs_with_grads(ys, None if y_grad is None else _as_tuple(y_grad))
        targets = [x for x, no_grad in zip(xs, self.no_grads) if not no_grad]
        targets += list(self.params)
        if not targets:
            return
        gxs = _gradients(ys, grads, targets)
        # The core checks the shapes and dtypes of gradients; None means zero.
        analytic = [numpy.zeros(t.shape) if g is None else _to_float64(g.array)
                    for t, g in zip(targets, gxs)]
        directions = _random_directions([t.shape for t in targets])
        numeric = self._numerical_derivative(directions, grads, eps, detect_nondifferentiable)
        backward = sum(float(numpy.sum(g * d)) for g, d in zip(analytic, directions))
        try:
            array_module.assert_allclose(numeric, backward, atol=atol, rtol=rtol)
        except AssertionError as e:
            raise AssertionError(self._failure_message(
                e, analytic, directions, eps, atol, rtol)) from None

    def _cast(self, array):
        if self.dtype is None or numpy.dtype(array.dtype).kind != 'f':
            return array
        return array.astype(self.dtype)

    def _numerical_derivative(self, directions, grads, eps, detect_nondifferentiable):
        x_bases = [self._cast(x) for x in self.x_data]
        # Copies: the parameters' own arrays change in place during the passes.
        p_bases = [self._cast(p.array.copy()) for p in self.params]
        bases = [b for b, no_grad in zip(x_bases, self.no_grads) if not no_grad] + p_bases
        devices_directions = [_like(d, b) for d, b in zip(directions, bases)]
        t = numpy.zeros((), numpy.float64)

        def f():
            delta = float(t)
            moved = iter([utils.force_array(b + delta * d, b.dtype)
                          for b, d in zip(bases, devices_directions)])
            xs = [x if no_grad else next(moved) for x, no_grad in zip(x_bases, self.no_grads)]
            with _parameter_values(self.params, list(moved)):
                ys = _call(self.func, self._variables(xs))
                # Copied before the parameters are restored: an output may share their memory.
                return [_to_float64(ys[j].array) for j, _ in grads]

        gt, = numerical_grad(f, (t,), [gy for _, gy in grads], eps=eps,
                             detect_nondifferentiable=detect_nondifferentiable)
        return float(gt)

    def _failure_message(self, error, analytic, directions, eps, atol, rtol):
        lines = ['check_backward failed (eps={} atol={} rtol={})'.format(eps, atol, rtol)]
        with numpy.printoptions(threshold=200, edgeitems=3, precision=8):
            for i, x in enumerate(self.x_data):
                lines.append('inputs[{}]:\n{}'.format(i, _to_float64(x)))
            for name, gx, d in zip(self.names, analytic, directions):
                lines.append('direction for {}:\n{}'.format(name, d))
                lines.append('backward gradient of {}:\n{}'.format(name, gx))
        lines.append('x: numeric directional derivative, y: backward directional derivative')
        lines.append(str(error))
        return '\n'.join(lines)


def check_double_backward(func, x_data, y_grad, x_grad_grad, params=(), params_grad_grad=(),
                          eps=1e-3, atol=1e-4, rtol=1e-3, no_grads=None, dtype=None,
                          detect_nondifferentiable=False):
    """Checks the second-order gradients of `func` numerically.

    The first-order gradients are computed with
    ``chainer.grad(..., enable_double_backprop=True)``; the function
    ``(x..., gy...) -> (gx..., gparam...)`` is then checked by :func:`check_backward`, with
    `x_grad_grad` and `params_grad_grad` as the gradients of its outputs.

    Args:
        func (callable): As for :func:`check_backward`.
        x_data (array or tuple of arrays): Inputs.
        y_grad (array or tuple of arrays or None): Gradients of the outputs, as for
            :func:`check_backward`; those given are inputs of the checked function, so the
            gradients with respect to them are checked too.
        x_grad_grad (array or tuple of arrays): One array per input (entries for `no_grads`
            inputs are ignored and may be None).
        params (~chainer.Variable or tuple of them): Parameters used by `func`.
        params_grad_grad (array or tuple of arrays): One array per parameter.
        eps (float): Step of the numerical derivative.
        atol (float): Absolute tolerance.
        rtol (float): Relative tolerance.
        no_grads (list of bool): As for :func:`check_backward`, per input of `func`.
        dtype: Floating-point dtype of the numerical passes, or None.
        detect_nondifferentiable (bool): As for :func:`check_backward`.

    Raises:
        AssertionError: If the second-order gradients disagree ("check_backward failed").
        ValueError: For arguments of the wrong length.

    Example:
        >>> x = numpy.random.uniform(-1, 1, (3,))
        >>> gy, ggx = numpy.random.uniform(-1, 1, (2, 3))
        >>> chainer.gradient_check.check_double_backward(lambda x: x ** 3, x, gy, ggx)
    """
    x_data = _as_tuple(x_data)
    params = _as_tuple(params)
    x_grad_grad = _as_tuple(x_grad_grad)
    params_grad_grad = _as_tuple(params_grad_grad)
    no_grads = _default_no_grads(x_data, no_grads)
    for what, given, expected in (('x_grad_grad', x_grad_grad, x_data),
                                  ('params_grad_grad', params_grad_grad, params)):
        if len(given) != len(expected):
            raise ValueError('{} has {} entries for {} {}'.format(
                what, len(given), len(expected), 'inputs' if what[0] == 'x' else 'params'))
    y_grad = None if y_grad is None else _as_tuple(y_grad)
    given_gys = () if y_grad is None else tuple(gy for gy in y_grad if gy is not None)
    grad_grads = tuple(gg for gg, no_grad in zip(x_grad_grad, no_grads) if not no_grad)
    check_backward(
        _first_order_function(func, len(x_data), y_grad, no_grads, params),
        x_data + given_gys, grad_grads + params_grad_grad, params, eps, atol, rtol,
        no_grads + [False] * len(given_gys), dtype, detect_nondifferentiable)


def _first_order_function(func, n_x, y_grad, no_grads, params):
    """(x..., given gy...) -> the gradients of func's inputs and params, differentiable again."""
    def first_order(*args):
        xs, gys = args[:n_x], iter(args[n_x:])
        ys = _call(func, xs)
        if y_grad is not None:
            y_grad_vars = [None if gy is None else next(gys) for gy in y_grad]
        grads = _outputs_with_grads(ys, None if y_grad is None else y_grad_vars)
        targets = [x for x, no_grad in zip(xs, no_grads) if not no_grad] + list(params)
        gxs = _gradients(ys, grads, targets, enable_double_backprop=True)
        # An input that the outputs do not depend on has a zero gradient, constant in turn.
        return tuple(
            chainer.Variable(backend._array_like('zeros', t.array), requires_grad=False) if g is None else g
            for t, g in zip(targets, gxs))

    return first_order
