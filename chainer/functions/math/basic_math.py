"""The arithmetic operators of Variable (+ - * / // ** @, unary - and abs) and `F.add`.

Note [Operator fast path]: `x + y` on two chainerx-backed Variables of one dtype, or on one and a Python or
NumPy scalar, calls the chainerx operator directly and wraps the result: chainerx records the backward in C++.
Every other case (NumPy-backed Variables, mixed dtypes, arrays as constants) goes through the FunctionNodes
below, whose type checks raise the original's errors (InvalidType for mixed dtypes, TypeError for NumPy mixed
with chainerx). The nodes' forwards are written with the array operators, so they also run on chainerx arrays
(`_chainerx_xp_forward`).
"""

import numbers

import numpy

import chainerx

from chainer import function_node
from chainer import variable
from chainer.functions.math.sum_to import sum_to as sum_to_function
from chainer.utils import type_check

Variable = variable.Variable
_from_chainerx = Variable._from_chainerx


def _is_scalar(value):
    return isinstance(value, (numbers.Number, numpy.generic))


def _scalar_value(value):
    # A NumPy scalar becomes a Python scalar, so that it does not promote the array's dtype under NumPy 2.
    return value.item() if isinstance(value, numpy.generic) else value


def _sum_to(gy, shape):
    if gy.shape == shape:
        return gy
    return sum_to_function(gy, shape)


def _force_array(y, like):
    if isinstance(y, numpy.generic):
        # NumPy 1 promotes a 0-d float array with a Python float to float64; keep the array's float dtype.
        if y.dtype.kind == 'f' and like.dtype.kind == 'f':
            return numpy.asarray(y, like.dtype)
        return numpy.asarray(y)
    return y


class _Binary(function_node.FunctionNode):
    """Base of the nodes with two Variable operands of one dtype and broadcastable shapes."""

    _chainerx_xp_forward = True

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('lhs', 'rhs'))
        type_check.expect(in_types[0].dtype == in_types[1].dtype)
        _expect_broadcastable(in_types[0].shape, in_types[1].shape)


def _expect_broadcastable(lhs_shape, rhs_shape):
    lhs, rhs = type_check.eval(lhs_shape), type_check.eval(rhs_shape)
    try:
        numpy.broadcast_shapes(tuple(lhs), tuple(rhs))
    except ValueError:
        raise type_check.InvalidType(
            '{} and {} are broadcastable'.format(lhs_shape, rhs_shape),
            '{} and {}'.format(lhs, rhs)) from None


class _UnaryConstant(function_node.FunctionNode):
    """Base of the nodes with one Variable operand and a scalar constant."""

    _chainerx_xp_forward = True

    def __init__(self, value):
        self.value = value

    @property
    def label(self):
        return '{}({})'.format(type(self).__name__, self.value)

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x',))


class Add(_Binary):
    def forward(self, inputs):
        return _force_array(inputs[0] + inputs[1], inputs[0]),

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        return tuple([_sum_to(gy, self.inputs[i].shape) for i in indexes])


class AddConstant(_UnaryConstant):
    def forward(self, inputs):
        return _force_array(inputs[0] + self.value, inputs[0]),

    def backward(self, indexes, grad_outputs):
        return grad_outputs[0],


class Sub(_Binary):
    def forward(self, inputs):
        return _force_array(inputs[0] - inputs[1], inputs[0]),

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        return tuple([_sum_to(gy if i == 0 else -gy, self.inputs[i].shape) for i in indexes])


class SubFromConstant(_UnaryConstant):
    def forward(self, inputs):
        return _force_array(self.value - inputs[0], inputs[0]),

    def backward(self, indexes, grad_outputs):
        return -grad_outputs[0],


class Mul(_Binary):
    def forward(self, inputs):
        self.retain_inputs((0, 1))
        return _force_array(inputs[0] * inputs[1], inputs[0]),

    def backward(self, indexes, grad_outputs):
        x0, x1 = self.get_retained_inputs()
        gy, = grad_outputs
        return tuple([_sum_to(gy * (x1 if i == 0 else x0), self.inputs[i].shape) for i in indexes])


class MulConstant(_UnaryConstant):
    def forward(self, inputs):
        return _force_array(inputs[0] * self.value, inputs[0]),

    def backward(self, indexes, grad_outputs):
        return grad_outputs[0] * self.value,


class Div(_Binary):
    def forward(self, inputs):
        self.retain_inputs((0, 1))
        return _force_array(inputs[0] / inputs[1], inputs[0]),

    def backward(self, indexes, grad_outputs):
        x0, x1 = self.get_retained_inputs()
        gy, = grad_outputs
        gx0 = gy / x1
        ret = []
        for i in indexes:
            gx = gx0 if i == 0 else -gx0 * x0 / x1
            ret.append(_sum_to(gx, self.inputs[i].shape))
        return tuple(ret)


class DivConstant(_UnaryConstant):
    def forward(self, inputs):
        return _force_array(inputs[0] / self.value, inputs[0]),

    def backward(self, indexes, grad_outputs):
        return grad_outputs[0] / self.value,


class DivFromConstant(_UnaryConstant):
    def forward(self, inputs):
        self.retain_inputs((0,))
        return _force_array(self.value / inputs[0], inputs[0]),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return -self.value * grad_outputs[0] / (x * x),


class FloorDiv(_Binary):
    """x // y: piecewise constant, so its gradient is zero (None)."""

    def forward(self, inputs):
        return _force_array(inputs[0] // inputs[1], inputs[0]),

    def backward(self, indexes, grad_outputs):
        return (None,) * len(indexes)


class FloorDivConstant(_UnaryConstant):
    def __init__(self, value, reverse):
        super().__init__(value)
        self.reverse = reverse

    def forward(self, inputs):
        x, = inputs
        return _force_array(self.value // x if self.reverse else x // self.value, x),

    def backward(self, indexes, grad_outputs):
        return None,


class PowVarVar(_Binary):
    def forward(self, inputs):
        self.retain_inputs((0, 1))
        self.retain_outputs((0,))
        return _force_array(inputs[0] ** inputs[1], inputs[0]),

    def backward(self, indexes, grad_outputs):
        from chainer.functions.math.exponential import log
        x0, x1 = self.get_retained_inputs()
        y, = self.get_retained_outputs()
        gy, = grad_outputs
        ret = []
        for i in indexes:
            if i == 0:
                gx = x1 * x0 ** (x1 - 1) * gy
            else:
                gx = log(x0) * y * gy
            ret.append(_sum_to(gx, self.inputs[i].shape))
        return tuple(ret)


class PowVarConst(_UnaryConstant):
    def forward(self, inputs):
        self.retain_inputs((0,))
        return _force_array(inputs[0] ** self.value, inputs[0]),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return self.value * x ** (self.value - 1) * grad_outputs[0],


class PowConstVar(_UnaryConstant):
    def forward(self, inputs):
        self.retain_outputs((0,))
        x, = inputs
        return _force_array(x.dtype.type(self.value) ** x if isinstance(x, numpy.ndarray)
                            else self.value ** x, x),

    def backward(self, indexes, grad_outputs):
        y, = self.get_retained_outputs()
        return float(numpy.log(self.value)) * y * grad_outputs[0],


class Neg(function_node.FunctionNode):
    _chainerx_xp_forward = True

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x',))

    def forward(self, inputs):
        return _force_array(-inputs[0], inputs[0]),

    def backward(self, indexes, grad_outputs):
        return -grad_outputs[0],


class Absolute(function_node.FunctionNode):
    _chainerx_xp_forward = True

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x',))
        type_check.expect(in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        self.retain_inputs((0,))
        return _force_array(abs(inputs[0]), inputs[0]),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        xp = x.xp
        return grad_outputs[0] * xp.sign(x.array),


def _check_constant(value):
    if not _is_scalar(value):
        raise TypeError('Value must be a scalar, a NumPy/CuPy/chainerx array or a Variable, not {}'.format(
            type(value)))
    return _scalar_value(value)


def _binary(lhs, rhs, var_var, var_const, chx_op):
    """Dispatches `lhs op rhs` (lhs a Variable) to the fast path, a Variable-Variable or a constant node."""
    if lhs._has_chainerx_array:
        a = lhs._data[0]
        if isinstance(rhs, Variable):
            if rhs._has_chainerx_array and rhs._data[0].dtype == a.dtype:
                return _from_chainerx(chx_op(a, rhs._data[0]))
        elif _is_scalar(rhs) and not isinstance(rhs, (complex, numpy.complexfloating)):
            return _from_chainerx(chx_op(a, _scalar_value(rhs)))
    if isinstance(rhs, (Variable,) + variable._array_types.ARRAY_TYPES):
        return var_var().apply((lhs, rhs))[0]
    return var_const(_check_constant(rhs)).apply((lhs,))[0]


def _reversed_binary(lhs, rhs, var_var, const_var, chx_op):
    """`rhs op lhs` where lhs (the Variable) is the right operand and rhs is not a Variable."""
    if lhs._has_chainerx_array and _is_scalar(rhs):
        return _from_chainerx(chx_op(_scalar_value(rhs), lhs._data[0]))
    if isinstance(rhs, variable._array_types.ARRAY_TYPES):
        return var_var().apply((rhs, lhs))[0]
    return const_var(_check_constant(rhs)).apply((lhs,))[0]


def add(*xs):
    """Elementwise sum of any number of Variables or arrays (of one dtype, broadcastable shapes)."""
    if not xs:
        raise TypeError('add takes at least one argument')
    total = xs[0] if isinstance(xs[0], Variable) else variable.as_variable(xs[0])
    if len(xs) == 1:
        from chainer.functions.math.identity import identity
        return identity(total)
    for x in xs[1:]:
        total = _add(total, x)
    return total


def _operator(var_var, var_const, chx_op):
    """`Variable.__op__`: two chainerx Variables of one dtype inline (Note [Operator fast path]), else `_binary`."""
    def operator(self, rhs):
        if self._has_chainerx_array and isinstance(rhs, Variable) and rhs._has_chainerx_array:
            a = self._data[0]
            b = rhs._data[0]
            if a.dtype is b.dtype:  # NumPy's dtype singletons; equal but distinct dtypes go through _binary
                return _from_chainerx(chx_op(a, b))
        return _binary(self, rhs, var_var, var_const, chx_op)
    return operator


def _reversed_operator(var_var, const_var, chx_op):
    """`Variable.__rop__`: the left operand is not a Variable."""
    def operator(self, rhs):
        return _reversed_binary(self, rhs, var_var, const_var, chx_op)
    return operator


_add = _operator(Add, AddConstant, chainerx.add)
_radd = _reversed_operator(Add, AddConstant, chainerx.add)
_sub = _operator(Sub, lambda v: AddConstant(-v), chainerx.subtract)
_rsub = _reversed_operator(Sub, SubFromConstant, chainerx.subtract)
_mul = _operator(Mul, MulConstant, chainerx.multiply)
_rmul = _reversed_operator(Mul, MulConstant, chainerx.multiply)
_div = _operator(Div, DivConstant, chainerx.divide)
_rdiv = _reversed_operator(Div, DivFromConstant, chainerx.divide)
_floordiv = _operator(FloorDiv, lambda v: FloorDivConstant(v, False), chainerx.floor_divide)
_rfloordiv = _reversed_operator(FloorDiv, lambda v: FloorDivConstant(v, True), chainerx.floor_divide)
_pow = _operator(PowVarVar, PowVarConst, chainerx.power)
_rpow = _reversed_operator(PowVarVar, PowConstVar, chainerx.power)


def _matmul(self, rhs):
    return _matmul_function()(self, rhs)


def _rmatmul(self, rhs):
    return _matmul_function()(rhs, self)


_matmul_cache = []


def _matmul_function():
    # F.matmul's module imports this one, so it is looked up on first use and kept.
    if not _matmul_cache:
        from chainer.functions.math.matmul import matmul
        _matmul_cache.append(matmul)
    return _matmul_cache[0]


def _neg(self):
    if self._has_chainerx_array:
        return _from_chainerx(-self._data[0])
    return Neg().apply((self,))[0]


def _abs(self):
    if self._has_chainerx_array and self._data[0].dtype.kind == 'f':
        return _from_chainerx(chainerx.absolute(self._data[0]))
    return Absolute().apply((self,))[0]


def install_variable_arithmetics():
    """Sets the operators of chainer.Variable (done once at import)."""
    Variable.__add__ = _add
    Variable.__radd__ = _radd
    Variable.__sub__ = _sub
    Variable.__rsub__ = _rsub
    Variable.__mul__ = _mul
    Variable.__rmul__ = _rmul
    Variable.__truediv__ = _div
    Variable.__rtruediv__ = _rdiv
    Variable.__floordiv__ = _floordiv
    Variable.__rfloordiv__ = _rfloordiv
    Variable.__pow__ = _pow
    Variable.__rpow__ = _rpow
    Variable.__matmul__ = _matmul
    Variable.__rmatmul__ = _rmatmul
    Variable.__neg__ = _neg
    Variable.__abs__ = _abs


install_variable_arithmetics()
