"""Shared pieces of the activation functions: the one-input node base and its native fast path.

Note [Activation native path]: every one-input activation names a `chainerx_routine(a, *params)`
that computes it on a chainerx array with routines that record their own backward in C++ (a single
routine such as chainerx.sigmoid, or a composition where the fused routine's gradient at a kink
differs from the NumPy path's, see Note [Kink gradients]). The wrapper calls it directly for a
chainerx-backed Variable (`apply_unary`), which costs a fraction of a microsecond over the routine
itself; a node applied to raw chainerx arrays reaches the same routine through `forward_chainerx`.
A non-float input or a chainerx.DimensionError (a bad axis, a zero-size softmax axis) sends the call
to the ordinary node path, whose type check and NumPy forward give the errors and results of the
NumPy mode (InvalidType for integers).

Note [Kink gradients]: at the points where an activation is not differentiable the NumPy path uses
the original's one-sided choice (relu: 0 at 0; leaky_relu: 1 at 0; elu: alpha at 0; clipped_relu
and hard_sigmoid: 0 at both ends of the linear part). chainerx.leaky_relu and chainerx.elu make
the same choices (one kernel each way), so F.leaky_relu and F.elu call them. chainerx.clipped_relu
adds both sides' gradients at its kinks, so clipped_relu and hard_sigmoid are composed of other
routines instead: chainerx.where, comparisons, and chainerx.maximum/minimum with the scalar first,
because at a tie these give the whole gradient to their first operand (so `chainerx.minimum(z, y)`
passes none to `y` where `y == z`). The compositions give the NumPy path's gradients everywhere and
propagate NaN like it.
"""

import numbers

import chainerx

from chainer import backend
from chainer import function_node
from chainer import utils
from chainer import variable
from chainer.functions.array.reshape import reshape
from chainer.functions.math.sum_to import sum_to
from chainer.utils import type_check

Variable = variable.Variable
_from_chainerx = Variable._from_chainerx
_Fallback = function_node.Fallback


class FloatInput(function_node.FunctionNode):
    """Base of the nodes of one floating-point input `x` (activations, dropout)."""

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x',))
        type_check.expect(in_types[0].dtype.kind == 'f')


class Unary(FloatInput):
    """Base of the one-input activations on floating-point arrays (Note [Activation native path]).

    Subclasses define `chainerx_routine(a, *params)` (a staticmethod), `forward` and `backward`;
    `params` holds the constructor's arguments in the routine's order.
    """

    params = ()

    @staticmethod
    def chainerx_routine(a, *params):
        raise NotImplementedError

    def forward_chainerx(self, inputs):
        x, = inputs
        if x.dtype.kind != 'f':
            return _Fallback  # the fallback's type check rejects it, as in the NumPy mode
        try:
            return self.chainerx_routine(x, *self.params),
        except chainerx.DimensionError:
            return _Fallback


def extended_shape(param_shape, ndim):
    """The shape that broadcasts a parameter of `param_shape` along axes 1, 2, ... of ndim axes."""
    return (1,) + tuple(param_shape) + (1,) * (ndim - len(param_shape) - 1)


class WithParameter(function_node.FunctionNode):
    """Base of prelu and swish: an input x and a parameter whose shape is x.shape[1:1 + p.ndim].

    Subclasses name the parameter in `param_name` and define the function of x and the parameter
    reshaped to broadcast (`extended_shape`) twice: `chainerx_routine` with chainerx routines that
    have a C++ backward, `array_routine` for NumPy and CuPy arrays; and its gradients `grads`.
    """

    param_name = None

    @staticmethod
    def chainerx_routine(x, p):
        raise NotImplementedError

    @staticmethod
    def array_routine(x, p):
        raise NotImplementedError

    @staticmethod
    def grads(x, p, gy):
        """The gradients of x and of the broadcast parameter p (of x's shape), as Variables."""
        raise NotImplementedError

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x', self.param_name))
        x_type, p_type = in_types
        type_check.expect(
            x_type.dtype.kind == 'f',
            p_type.dtype == x_type.dtype,
            x_type.ndim >= p_type.ndim + 1,
            x_type.shape[1:1 + type_check.eval(p_type.ndim)] == p_type.shape,
        )

    def forward_chainerx(self, inputs):
        x, p = inputs
        if x.dtype.kind != 'f' or x.dtype != p.dtype or x.shape[1:1 + p.ndim] != p.shape:
            return _Fallback  # the fallback's type check reports it
        return self.chainerx_routine(x, p.reshape(extended_shape(p.shape, x.ndim))),

    def forward(self, inputs):
        x, p = inputs
        self.retain_inputs((0, 1))
        return self.array_routine(x, p.reshape(extended_shape(p.shape, x.ndim))),

    def backward(self, indexes, grad_outputs):
        x, p = self.get_retained_inputs()
        shape = extended_shape(p.shape, x.ndim)
        gx, gp = self.grads(x, reshape(p, shape), grad_outputs[0])
        ret = []
        if 0 in indexes:
            ret.append(gx)
        if 1 in indexes:
            ret.append(reshape(sum_to(gp, shape), p.shape))
        return ret


class LinearMap(function_node.FunctionNode):
    """y = f(x) for a linear `f` given with its transpose `f_t`: the backward applies `f_t`.

    Backward functions that route gradients through masks (crelu, maxout) are such maps; since the
    transpose of the transpose is the map itself, they are differentiable to any order. `f` and
    `f_t` work on NumPy, CuPy and chainerx arrays alike.
    """

    _chainerx_xp_forward = True

    def __init__(self, f, f_t):
        self._f = f
        self._f_t = f_t

    def forward(self, inputs):
        return utils.force_array(self._f(inputs[0])),

    def backward(self, indexes, grad_outputs):
        return LinearMap(self._f_t, self._f).apply(grad_outputs)


def reduced_shape(shape, axis):
    """`shape` with a 1 at `axis` (the shape of a reduction with keepdims=True)."""
    shape = list(shape)
    shape[axis] = 1
    return tuple(shape)


class AxisUnary(Unary):
    """Base of softmax, log_softmax and crelu: a float input and an axis within its dimensions."""

    def __init__(self, axis=1):
        self.axis = axis
        self.params = (axis,)

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x',))
        x_type, = in_types
        type_check.expect(
            x_type.dtype.kind == 'f',
            -x_type.ndim <= self.axis,
            self.axis < x_type.ndim,
        )


def apply_unary(node_class, x, *params):
    """`node_class(*params)` applied to `x`, calling the chainerx routine directly when it can.

    Args:
        node_class (type): A subclass of :class:`Unary` whose constructor takes `params`.
        x (~chainer.Variable or array): The input.
        params: The function's parameters.

    Returns:
        ~chainer.Variable: The output.
    """
    if isinstance(x, Variable) and x._has_chainerx_array:
        a = x._data[0]
        if a.dtype.kind == 'f':
            try:
                return _from_chainerx(node_class.chainerx_routine(a, *params))
            except chainerx.DimensionError:
                pass
    return node_class(*params).apply((x,))[0]


def where(condition, x, y):
    """`xp.where` for NumPy, CuPy and chainerx arrays, the result an array of `x`'s dtype.

    `y` may be a Python scalar; the result keeps the dtype of the array operand.
    """
    xp = backend.get_array_module(x)
    return utils.force_array(xp.where(condition, x, y), x.dtype)


def check_positive_number(value, name):
    """Raises TypeError unless `value` is a real number (not a bool), ValueError unless > 0."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError('{} must be a float value, not {}'.format(name, type(value).__name__))
    if not value > 0:
        raise ValueError('{} must be positive, got {}'.format(name, value))
