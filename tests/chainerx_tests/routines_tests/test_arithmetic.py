"""Arithmetic routines and operators: add, subtract, multiply, negative (spec A.4, B.4).

Forward results are compared with NumPy computed in the dtype chainerx promises (its promotion
rules differ from NumPy's), gradients with central differences.
"""

import itertools
import operator

import numpy
import pytest

import chainerx as chx

import array_utils

# name -> (chainerx module function, NumPy function, Python operator)
_BINARY = {
    'add': (chx.add, numpy.add, operator.add),
    'subtract': (chx.subtract, numpy.subtract, operator.sub),
    'multiply': (chx.multiply, numpy.multiply, operator.mul),
}
_ACCEPTS_BOOL = {'add': False, 'subtract': False, 'multiply': True}

# Pairs of broadcast-compatible shapes, incl. 0-d, zero-size and size-1 axes.
_SHAPE_PAIRS = [
    ((), ()),
    ((3,), (3,)),
    ((2, 3), (2, 3)),
    ((2, 3), (3,)),
    ((2, 3), ()),
    ((), (2, 3)),
    ((2, 1, 3), (4, 1)),
    ((1, 3), (2, 1)),
    ((0,), (0,)),
    ((0, 3), (1, 3)),
    ((2, 0), (2, 1)),
]
_BAD_SHAPE_PAIRS = [((2, 3), (3, 2)), ((3,), (4,)), ((2, 0), (2, 3))]

def _valid(name, *dtypes):
    return _ACCEPTS_BOOL[name] or all(numpy.dtype(d) != numpy.bool_ for d in dtypes)


def _expected(np_func, *operands, dtype):
    with numpy.errstate(over='ignore'):
        return np_func(*[numpy.asarray(x).astype(dtype) for x in operands]).astype(dtype)


@pytest.mark.parametrize('name', sorted(_BINARY))
@pytest.mark.parametrize('dtype1,dtype2', list(itertools.product(array_utils.ALL_DTYPES, repeat=2)))
def test_binary_array_array_dtypes_and_values(name, dtype1, dtype2):
    chx_func, np_func, _ = _BINARY[name]
    x1 = array_utils.make_numpy((2, 3), dtype1, seed=1)
    x2 = array_utils.make_numpy((2, 3), dtype2, seed=2)
    if not _valid(name, dtype1, dtype2):
        with pytest.raises(chx.DtypeError):
            chx_func(chx.array(x1), chx.array(x2))
        return
    dtype = array_utils.result_dtype(dtype1, dtype2)
    array_utils.assert_array_equal(
        chx_func(chx.array(x1), chx.array(x2)), _expected(np_func, x1, x2, dtype=dtype)
    )


@pytest.mark.parametrize('name', sorted(_BINARY))
@pytest.mark.parametrize('dtype', array_utils.NUMERIC_DTYPES)
@pytest.mark.parametrize('shape1,shape2', _SHAPE_PAIRS)
@pytest.mark.parametrize('contiguous', [True, False])
def test_binary_broadcasts_like_numpy(name, dtype, shape1, shape2, contiguous, device):
    chx_func, np_func, op = _BINARY[name]
    x1 = array_utils.make_numpy(shape1, dtype, seed=1, contiguous=contiguous)
    x2 = array_utils.make_numpy(shape2, dtype, seed=2, contiguous=contiguous)
    a1, a2 = chx.array(x1, copy=False, device=device), chx.array(x2, copy=False, device=device)
    expected = _expected(np_func, x1, x2, dtype=dtype)
    for out in (chx_func(a1, a2), op(a1, a2)):
        assert out.device is device
        array_utils.assert_array_equal(out, expected)


@pytest.mark.parametrize('name', sorted(_BINARY))
@pytest.mark.parametrize('shape1,shape2', _BAD_SHAPE_PAIRS)
def test_binary_with_incompatible_shapes_raises_dimension_error(name, shape1, shape2):
    with pytest.raises(chx.DimensionError):
        _BINARY[name][0](chx.zeros(shape1), chx.zeros(shape2))


@pytest.mark.parametrize('name', sorted(_BINARY))
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
@pytest.mark.parametrize(
    'scalar', [2, -1, 0.5, True, numpy.int64(3), numpy.float16(1.5), numpy.bool_(True)]
)
def test_binary_array_scalar_dtypes_and_values(name, dtype, scalar):
    chx_func, np_func, op = _BINARY[name]
    x = array_utils.make_numpy((2, 3), dtype, seed=3)
    a = chx.array(x)
    is_bool_scalar = isinstance(scalar, (bool, numpy.bool_))
    if not _valid(name, dtype) or (is_bool_scalar and not _ACCEPTS_BOOL[name]):
        for call in (
            lambda: chx_func(a, scalar),
            lambda: chx_func(scalar, a),
            lambda: op(a, scalar),
            lambda: op(scalar, a),
        ):
            with pytest.raises(chx.DtypeError):
                call()
        return
    value = scalar.item() if isinstance(scalar, numpy.generic) else scalar
    dtype_out = array_utils.scalar_result_dtype(dtype, scalar)
    if numpy.dtype(dtype_out).kind == 'u' and value < 0:  # out of range: NumPy 2's OverflowError
        for call in (lambda: chx_func(a, scalar), lambda: op(a, scalar), lambda: op(scalar, a)):
            with pytest.raises(OverflowError):
                call()
        return
    expected = _expected(np_func, x, value, dtype=dtype_out)
    reflected = _expected(np_func, value, x, dtype=dtype_out)
    array_utils.assert_array_equal(chx_func(a, scalar), expected)
    array_utils.assert_array_equal(op(a, scalar), expected)
    array_utils.assert_array_equal(chx_func(scalar, a), reflected)
    array_utils.assert_array_equal(op(scalar, a), reflected)


@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
@pytest.mark.parametrize('shape', array_utils.SHAPES)
def test_negative_matches_numpy(dtype, shape, device):
    x = array_utils.make_numpy(shape, dtype, contiguous=len(shape) % 2 == 0)
    a = chx.array(x, copy=False, device=device)
    if dtype == 'bool_':
        for call in (lambda: chx.negative(a), lambda: -a):
            with pytest.raises(chx.DtypeError):
                call()
        return
    for out in (chx.negative(a), -a):
        array_utils.assert_array_equal(out, numpy.negative(x))


@pytest.mark.parametrize('name', sorted(_BINARY))
def test_module_functions_need_an_array_operand(name):
    with pytest.raises(TypeError):
        _BINARY[name][0](1, 2)
    with pytest.raises(TypeError):
        _BINARY[name][0](chx.zeros(2), 'x')


@pytest.mark.parametrize('name', sorted(_BINARY))
@pytest.mark.parametrize('other', ['x', [1, 2], None])
def test_operators_with_unsupported_operands_raise_type_error(name, other):
    with pytest.raises(TypeError):
        _BINARY[name][2](chx.zeros(2), other)


def test_operands_on_different_devices_raise_device_error():
    with pytest.raises(chx.DeviceError):
        chx.add(chx.zeros(2, device='native:0'), chx.zeros(2, device='native:1'))


# In-place operators: (operator, NumPy function)
_INPLACE = {'iadd': (operator.iadd, numpy.add), 'imul': (operator.imul, numpy.multiply)}


@pytest.mark.parametrize('name', sorted(_INPLACE))
@pytest.mark.parametrize('dtype', array_utils.NUMERIC_DTYPES)
@pytest.mark.parametrize('rhs', ['array', 'broadcast', 'int', 'float'])
def test_inplace_operators_modify_the_same_object(name, dtype, rhs):
    op, np_func = _INPLACE[name]
    x = array_utils.make_numpy((2, 3), dtype, seed=1)
    if rhs == 'float' and numpy.dtype(dtype).kind != 'f':
        pytest.skip('float scalars into integer arrays are checked in test_inplace_dtype_errors')
    other = {
        'array': array_utils.make_numpy((2, 3), dtype, seed=2),
        'broadcast': array_utils.make_numpy((3,), dtype, seed=2),
        'int': 2,
        'float': 0.5,
    }[rhs]
    a = chx.array(x)
    data_ptr = a.data_ptr
    result = op(a, chx.array(other) if isinstance(other, numpy.ndarray) else other)
    assert result is a and a.data_ptr == data_ptr
    array_utils.assert_array_equal(a, _expected(np_func, x, other, dtype=dtype))


@pytest.mark.parametrize('name', sorted(_INPLACE))
def test_inplace_on_a_non_contiguous_view_writes_through(name):
    op, np_func = _INPLACE[name]
    a = chx.array(array_utils.make_numpy((2, 3), 'float32'))
    t = a.T
    expected = np_func(chx.to_numpy(t), 2.0)
    op(t, 2.0)
    array_utils.assert_array_equal(a, expected.T)


@pytest.mark.parametrize(
    'op,dtype,other',
    [
        (operator.iadd, 'int32', lambda: chx.ones(3, 'float32')),
        (operator.iadd, 'int8', 1.5),
        (operator.imul, 'int16', 0.5),
        (operator.imul, 'bool_', 2),
        (operator.imul, 'bool_', lambda: chx.ones(3, 'int8')),
        (operator.iadd, 'bool_', True),
        (operator.iadd, 'float32', True),
    ],
)
def test_inplace_dtype_errors(op, dtype, other):
    with pytest.raises(chx.DtypeError):
        op(chx.zeros(3, dtype), other() if callable(other) else other)  # arrays are made on the default device


@pytest.mark.parametrize('name', sorted(_INPLACE))
def test_inplace_cannot_broadcast_the_output(name):
    with pytest.raises(chx.DimensionError):
        _INPLACE[name][0](chx.zeros((3,)), chx.zeros((2, 3)))


@pytest.mark.parametrize('name', sorted(_INPLACE))
def test_inplace_on_an_array_requiring_grad_raises(name):
    a = chx.zeros((2,)).require_grad()
    with pytest.raises(chx.ChainerxError):
        _INPLACE[name][0](a, 1.0)
    with pytest.raises(chx.ChainerxError):
        _INPLACE[name][0](chx.zeros((2,)).require_grad().view(), chx.ones((2,)))


# Functions checked for gradients: name -> (function of arrays, number of inputs)
_DIFFERENTIABLE = {
    'add': (lambda x1, x2: x1 + x2, 2),
    'subtract': (lambda x1, x2: chx.subtract(x1, x2), 2),
    'multiply': (lambda x1, x2: x1 * x2, 2),
    'square': (lambda x: chx.multiply(x, x), 1),
    'negative': (lambda x: -x, 1),
    'add_scalar': (lambda x: 1.5 + x, 1),
    'rsubtract_scalar': (lambda x: 2 - x, 1),
    'multiply_scalar': (lambda x: x * -0.5, 1),
    'mixed': (lambda x1, x2: x1 * x2 - x1 + x2 * 2, 2),
}
_GRAD_SHAPE_PAIRS = [
    ((), ()),
    ((2, 3), (2, 3)),
    ((2, 3), (3,)),
    ((2, 1), (1, 3)),
    ((), (2,)),
    ((0, 2), (2,)),
]


def _grad_case(name, shapes, dtype):
    fn, n_inputs = _DIFFERENTIABLE[name]
    inputs = [
        array_utils.make_grad_input(shape, dtype, seed=i)
        for i, shape in enumerate(shapes[:n_inputs])
    ]
    with chx.no_backprop_mode():
        out_shape = fn(*inputs).shape
    return fn, inputs, out_shape


@pytest.mark.parametrize('name', sorted(_DIFFERENTIABLE))
@pytest.mark.parametrize('shapes', _GRAD_SHAPE_PAIRS)
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_backward_matches_numerical_gradients(name, shapes, dtype):
    fn, inputs, out_shape = _grad_case(name, shapes, dtype)
    gy = array_utils.make_grad_input(out_shape, dtype, seed=10)
    array_utils.check_backward(fn, inputs, gy, dtype)


@pytest.mark.parametrize('name', sorted(_DIFFERENTIABLE))
@pytest.mark.parametrize('shapes', _GRAD_SHAPE_PAIRS[:4])
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_double_backward_matches_numerical_gradients(name, shapes, dtype):
    fn, inputs, out_shape = _grad_case(name, shapes, dtype)
    gy = array_utils.make_grad_input(out_shape, dtype, seed=10)
    ggx = [array_utils.make_grad_input(x.shape, dtype, seed=20 + i) for i, x in enumerate(inputs)]
    array_utils.check_double_backward(fn, inputs, gy, ggx, dtype)


@pytest.mark.parametrize(
    'dtype1,dtype2', [('float16', 'float32'), ('float32', 'float64'), ('float64', 'float16')]
)
def test_gradients_of_mixed_float_dtypes_have_the_input_dtypes(dtype1, dtype2):
    x1 = chx.ones((2,), dtype1).require_grad()
    x2 = chx.full((2,), 3.0, dtype2).require_grad()
    (x1 * x2).sum().backward()
    array_utils.assert_array_equal(x1.grad, numpy.full((2,), 3.0, dtype1))
    array_utils.assert_array_equal(x2.grad, numpy.ones((2,), dtype2))
