"""F.forget: calls a function without keeping its intermediate results; backward recomputes them.

Note [Forget recursion]: the forward runs `func` with graph construction off, so only the inputs
and outputs stay in memory. The backward needs the gradient function of `func`,
``(x..., gy...) -> gx...``; it is evaluated by another Forget node, so that it too keeps nothing
but its inputs and outputs: its forward reruns `func` on fresh leaves with graph construction
forced on and differentiates the result (`_Gradient`). When that node is differentiated in turn
(double backprop), `_Gradient` runs with graph construction on and asks `chainer.grad` for
differentiable gradients, so every order works. Nodes are inserted in the C++ graph for chainerx
inputs (the `_chainerx_xp_forward` path), so forget runs natively whenever `func` does.
"""

import chainerx

from chainer import _backprop_mode
from chainer import backend
from chainer import _grad
from chainer import configuration
from chainer import function_node
from chainer import variable

Variable = variable.Variable


def _ordinal(n):
    suffix = {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10 if not 10 <= n % 100 < 20 else 0, 'th')
    return '{}{}'.format(n, suffix)


def _call(func, xs):
    """`func(*xs)` as a tuple of Variables (RuntimeError for anything else, as the original)."""
    outs = func(*xs)
    if isinstance(outs, Variable):
        return outs,
    if not isinstance(outs, tuple):
        raise RuntimeError(
            'A tuple of Variables or a Variable are expected, but {} is returned.'.format(
                type(outs)))
    for i, out in enumerate(outs):
        if not isinstance(out, Variable):
            raise RuntimeError('{} element of a returned tuple is not Variable, but is {}'.format(
                _ordinal(i + 1), type(out)))
    return outs


def _detached(array):
    return array.as_grad_stopped() if isinstance(array, chainerx.ndarray) else array


def _is_float(x):
    return x.dtype.kind == 'f'


class _Gradient:
    """The gradient function ``(x..., gy...) -> (gx for each float x)`` of `func`.

    `has_grad_output` tells, per output of `func`, whether a gy is passed for it.
    """

    def __init__(self, func, has_grad_output):
        self.func = func
        self.has_grad_output = has_grad_output

    def __call__(self, *args):
        n_inputs = len(args) - sum(self.has_grad_output)
        xs, gys = args[:n_inputs], iter(args[n_inputs:])
        double_backprop = configuration.config.enable_backprop
        with _backprop_mode.force_backprop_mode():
            outs = _call(self.func, xs)
        if len(outs) != len(self.has_grad_output):
            raise RuntimeError(
                'func of forget returned {} outputs when recomputed, {} before'.format(
                    len(outs), len(self.has_grad_output)))
        pairs = [(y, next(gys)) for y, has in zip(outs, self.has_grad_output) if has]
        pairs = [(y, gy) for y, gy in pairs if y.requires_grad]
        targets = [x for x in xs if _is_float(x)]
        gxs = [None] * len(targets)
        if pairs and targets:
            gxs = _grad.grad([y for y, _ in pairs], targets, grad_outputs=[gy for _, gy in pairs],
                             enable_double_backprop=double_backprop)
        return tuple([Variable(backend._array_like('zeros', x.array), requires_grad=False) if gx is None else gx
                      for x, gx in zip(targets, gxs)])


class Forget(function_node.FunctionNode):
    """Runs `func` keeping no intermediate results (Note [Forget recursion])."""

    _chainerx_xp_forward = True

    def __init__(self, func):
        if not callable(func):
            raise TypeError('func must be callable')
        self.func = func

    def forward(self, inputs):
        self.retain_inputs(tuple(range(len(inputs))))
        with _backprop_mode.no_backprop_mode():
            xs = [Variable(x, requires_grad=_is_float(x)) for x in inputs]
            outs = _call(self.func, xs)
        # Within chainerx's no-backprop mode `.array` may be the leaf's own (graph) array itself.
        return tuple([_detached(y.array) for y in outs])

    def backward(self, indexes, grad_outputs):
        xs = self.get_retained_inputs()
        has_grad_output = tuple([gy is not None for gy in grad_outputs])
        gys = tuple([gy for gy in grad_outputs if gy is not None])
        gxs = iter(Forget(_Gradient(self.func, has_grad_output)).apply(xs + gys))
        return tuple([next(gxs) if _is_float(x) else None for x in xs])


def forget(func, *xs):
    """Calls a function without storing its intermediate results; backward recomputes them.

    Trades computation for memory: the variables that `func` creates internally are freed after
    the forward pass, and `func` runs again in the backward pass to differentiate it. `func` must
    compute the same thing both times (no randomness such as dropout, no side effects that
    matter). Double backprop is supported: each order recomputes what it needs.

    Args:
        func (callable): Takes Variables, returns a Variable or a tuple of Variables.
        xs: The inputs of `func` (Variables or arrays).

    Returns:
        ~chainer.Variable or tuple: What `func` returns (one Variable, or a tuple of them).

    Raises:
        TypeError: `func` is not callable.
        RuntimeError: `func` returns something other than a Variable or a tuple of Variables.

    Example:
        >>> def f(a, b):
        ...     return a + b + a
        >>> x = chainer.Variable(numpy.arange(3, dtype=numpy.float32))
        >>> y = F.forget(f, x, x)
        >>> y.grad = numpy.ones(3, numpy.float32)
        >>> y.backward()
        >>> x.grad
        array([3., 3., 3.], dtype=float32)
    """
    ys = Forget(func).apply(xs)
    return ys[0] if len(ys) == 1 else ys
