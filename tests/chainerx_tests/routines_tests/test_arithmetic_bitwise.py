"""Bitwise arithmetic: bitwise_and/or/xor, left_shift, right_shift (spec A.4), their operators,
reflected operators and in-place forms (B.4). Operands are bool or integers; floats raise
DtypeError. Shifts follow the original ChainerX: the result has x1's dtype (a scalar x1 gives
int64) and bool operands raise DtypeError.
"""

import itertools
import operator
import typing

import numpy
import pytest

import chainerx as chx

import array_utils


class _Op(typing.NamedTuple):
    chx_func: typing.Callable
    np_func: typing.Callable
    op: typing.Callable
    iop: typing.Callable


_OPS = {
    'bitwise_and': _Op(chx.bitwise_and, numpy.bitwise_and, operator.and_, operator.iand),
    'bitwise_or': _Op(chx.bitwise_or, numpy.bitwise_or, operator.or_, operator.ior),
    'bitwise_xor': _Op(chx.bitwise_xor, numpy.bitwise_xor, operator.xor, operator.ixor),
    'left_shift': _Op(chx.left_shift, numpy.left_shift, operator.lshift, operator.ilshift),
    'right_shift': _Op(chx.right_shift, numpy.right_shift, operator.rshift, operator.irshift),
}
_INTEGRAL_DTYPES = ('bool_',) + array_utils.INT_DTYPES
_SHIFTS = ('left_shift', 'right_shift')


def _expected(name, x1, x2, dtype):
    """NumPy in chainerx's result dtype."""
    x1, x2 = numpy.asarray(x1).astype(dtype), numpy.asarray(x2).astype(dtype)
    return _OPS[name].np_func(x1, x2).astype(dtype)


def _result_dtype(name, dtype1, dtype2):
    """Shifts compute in x1's dtype, the others in the promoted one."""
    return numpy.dtype(dtype1) if name in _SHIFTS else array_utils.result_dtype(dtype1, dtype2)


def _rejects(name, *dtypes):
    """Whether the operands' dtypes raise DtypeError: floats always, bool in shifts."""
    kinds = {numpy.dtype(d).kind for d in dtypes}
    return 'f' in kinds or (name in _SHIFTS and 'b' in kinds)


def _operands(shape1, shape2, dtype1, dtype2, contiguous=True):
    """x2 in [0, 3] so that shifts stay within every bit width."""
    x1 = array_utils.make_numpy(shape1, dtype1, seed=1, contiguous=contiguous)
    x2 = array_utils.make_numpy(shape2, dtype2, seed=2, contiguous=contiguous)
    return x1, (numpy.abs(x2) if x2.dtype.kind == 'i' else x2)


@pytest.mark.parametrize('name', sorted(_OPS))
@pytest.mark.parametrize('dtype1,dtype2', list(itertools.product(array_utils.ALL_DTYPES, repeat=2)))
def test_array_array_dtypes_and_values(name, dtype1, dtype2):
    x1, x2 = _operands((2, 3), (2, 3), dtype1, dtype2)
    a1, a2 = chx.array(x1), chx.array(x2)
    if _rejects(name, dtype1, dtype2):
        for call in (lambda: _OPS[name].chx_func(a1, a2), lambda: _OPS[name].op(a1, a2)):
            with pytest.raises(chx.DtypeError):
                call()
        return
    expected = _expected(name, x1, x2, _result_dtype(name, dtype1, dtype2))
    array_utils.assert_array_equal(_OPS[name].chx_func(a1, a2), expected)
    array_utils.assert_array_equal(_OPS[name].op(a1, a2), expected)


@pytest.mark.parametrize('name', sorted(_OPS))
@pytest.mark.parametrize(
    'shape1,shape2', [((), ()), ((3,), ()), ((), (2, 3)), ((2, 1, 3), (4, 1)), ((0, 3), (1, 3))]
)
@pytest.mark.parametrize('contiguous', [True, False])
def test_broadcasts_and_strides_like_numpy(name, shape1, shape2, contiguous, device):
    x1, x2 = _operands(shape1, shape2, 'int16', 'int16', contiguous)
    a1, a2 = chx.array(x1, copy=False, device=device), chx.array(x2, copy=False, device=device)
    out = _OPS[name].chx_func(a1, a2)
    assert out.device is device
    array_utils.assert_array_equal(out, _expected(name, x1, x2, numpy.dtype('int16')))
    with pytest.raises(chx.DimensionError):
        _OPS[name].chx_func(chx.ones((2, 3), 'int8'), chx.ones((2,), 'int8'))


@pytest.mark.parametrize('name', sorted(_OPS))
@pytest.mark.parametrize('dtype', _INTEGRAL_DTYPES)
@pytest.mark.parametrize('scalar', [3, True, numpy.int8(2), numpy.bool_(False)])
def test_array_scalar_and_reflected(name, dtype, scalar):
    chx_func, op = _OPS[name].chx_func, _OPS[name].op
    x = _operands((2, 3), (2, 3), dtype, dtype)[1]  # non-negative: a valid shift count too
    a = chx.array(x)
    if _rejects(name, dtype, numpy.asarray(scalar).dtype):
        for call in (lambda: chx_func(a, scalar), lambda: op(a, scalar), lambda: chx_func(scalar, a)):
            with pytest.raises(chx.DtypeError):
                call()
        return
    if name in _SHIFTS:  # the array's dtype, or int64 for a scalar shifted by the array
        expected = _expected(name, x, numpy.asarray(scalar), numpy.dtype(dtype))
        reflected = _expected(name, numpy.asarray(scalar), x, numpy.dtype('int64'))
    else:
        dtype_out = array_utils.scalar_result_dtype(dtype, scalar)  # bool array with an int scalar: int32
        x, value = x.astype(dtype_out), numpy.asarray(scalar).astype(dtype_out)
        expected, reflected = _expected(name, x, value, dtype_out), _expected(name, value, x, dtype_out)
    for out in (chx_func(a, scalar), op(a, scalar)):
        array_utils.assert_array_equal(out, expected)
    for out in (chx_func(scalar, a), op(scalar, a)):
        array_utils.assert_array_equal(out, reflected)


@pytest.mark.parametrize('name', sorted(_OPS))
def test_float_scalars_raise_dtype_error(name):
    a = chx.ones(3, 'int32')
    for call in (lambda: _OPS[name].chx_func(a, 1.5), lambda: _OPS[name].chx_func(1.0, a)):
        with pytest.raises(chx.DtypeError):
            call()
    with pytest.raises(chx.DtypeError):
        _OPS[name].iop(a, 2.0)
    with pytest.raises(TypeError):
        _OPS[name].chx_func(1, 2)


@pytest.mark.parametrize('dtype', ['int8', 'int16', 'int32', 'int64', 'uint8'])
def test_shift_counts_beyond_the_bit_width_follow_numpy(dtype):
    bits = numpy.dtype(dtype).itemsize * 8
    x1 = numpy.array([1, 5, 3, 100, 7], dtype)
    counts = [bits - 1, bits, bits + 3, 0, 1]
    if dtype != 'uint8':
        x1 = numpy.concatenate([x1, numpy.array([-5, -1, -128, -7], dtype)])
        counts += [bits, bits + 1, 1, -1]
    x2 = numpy.array(counts).astype(dtype)
    with numpy.errstate(all='ignore'):
        for name in ('left_shift', 'right_shift'):
            out = _OPS[name].chx_func(chx.array(x1), chx.array(x2))
            array_utils.assert_array_equal(out, _OPS[name].np_func(x1, x2))


@pytest.mark.parametrize('name', sorted(_OPS))
@pytest.mark.parametrize('dtype', _INTEGRAL_DTYPES)
@pytest.mark.parametrize('rhs', ['array', 'broadcast', 'scalar'])
def test_inplace_operators_modify_the_same_object(name, dtype, rhs):
    x, other = _operands((2, 3), (2, 3), dtype, dtype)
    other = {'array': other, 'broadcast': other[0], 'scalar': 1 if name in _SHIFTS else True}[rhs]
    a = chx.array(x)
    if _rejects(name, dtype):
        with pytest.raises(chx.DtypeError):
            _OPS[name].iop(a, chx.array(other) if isinstance(other, numpy.ndarray) else other)
        return
    data_ptr = a.data_ptr
    rhs_value = chx.array(other) if isinstance(other, numpy.ndarray) else other
    assert _OPS[name].iop(a, rhs_value) is a and a.data_ptr == data_ptr
    array_utils.assert_array_equal(a, _expected(name, x, other, numpy.dtype(dtype)))


@pytest.mark.parametrize('name', sorted(_OPS))
def test_inplace_errors(name):
    iop = _OPS[name].iop
    with pytest.raises(chx.DtypeError):
        iop(chx.ones(3, 'float32'), 1)  # float output
    with pytest.raises(chx.DtypeError):
        iop(chx.ones(3, 'int8'), chx.ones(3, 'float16'))  # a float operand into an integer output
    with pytest.raises(chx.DtypeError):
        iop(chx.ones(3, 'bool_'), chx.ones(3, 'int8'))
    with pytest.raises(chx.DimensionError):
        iop(chx.ones(3, 'int8'), chx.ones((2, 3), 'int8'))


@pytest.mark.parametrize('name', sorted(_OPS))
@pytest.mark.parametrize('dtype,rhs_dtype', [('int8', 'int16'), ('uint8', 'int64'), ('int16', 'uint8')])
def test_inplace_with_a_wider_rhs_computes_in_the_lhs_dtype(name, dtype, rhs_dtype):
    # The original casts the rhs to the lhs dtype and computes there (NumPy would reject int8 &= int16).
    x = numpy.array([5, 3, 1, 0], dtype)
    other = numpy.array([1, 2, 3, 1], rhs_dtype)
    a = chx.array(x)
    _OPS[name].iop(a, chx.array(other))
    array_utils.assert_array_equal(a, _expected(name, x, other, numpy.dtype(dtype)))


def test_reflected_operators_take_scalars_only():
    a = chx.ones(3, 'int8')
    for rname in ('__rand__', '__ror__', '__rxor__', '__rlshift__', '__rrshift__'):
        assert getattr(a, rname)(a) is NotImplemented
        assert getattr(a, rname)([1]) is NotImplemented
    with pytest.raises(TypeError):
        [1, 2, 3] & a


def test_bitwise_results_are_not_differentiable():
    a = chx.ones(3, 'int8')
    assert not (a & a).is_backprop_required()
