"""Comparisons: equal not_equal greater greater_equal less less_equal and the ndarray operators
== != > >= < <= (spec A.8, B.4).

Array operands compare in their promoted dtype (chainerx's rules, not NumPy's: int64 vs float16
compares in float16). A scalar operand compares in the array's dtype unless it is of a higher kind
(bool < integer < float), in which case it compares in that kind's default dtype (int32, float32).
Results are bool arrays outside any graph.
"""

import itertools
import operator

import numpy
import pytest

import chainerx as chx

import array_utils

# name -> (chainerx module function, Python operator, reflected operator)
_COMPARISONS = {
    'equal': (chx.equal, operator.eq, operator.eq),
    'not_equal': (chx.not_equal, operator.ne, operator.ne),
    'greater': (chx.greater, operator.gt, operator.lt),
    'greater_equal': (chx.greater_equal, operator.ge, operator.le),
    'less': (chx.less, operator.lt, operator.gt),
    'less_equal': (chx.less_equal, operator.le, operator.ge),
}

_SHAPE_PAIRS = [
    ((), ()),
    ((2, 3), (2, 3)),
    ((2, 3), (3,)),
    ((2, 3), ()),
    ((), (2, 3)),
    ((2, 1, 3), (4, 1)),
    ((0,), (0,)),
    ((0, 3), (1, 3)),
]
_BAD_SHAPE_PAIRS = [((2, 3), (3, 2)), ((3,), (4,)), ((2, 0), (2, 3))]

# (x1, x2, dtype1, dtype2): values whose comparison depends on the dtype they are compared in.
_PROMOTION_CASES = [
    (2049, 2048, 'int64', 'float16'),  # float16: 2049 rounds to 2048
    (16777217, 16777216, 'int32', 'float32'),  # float32: rounds likewise
    (-1, 255, 'int8', 'uint8'),  # int16: no wrap-around
    (200, -56, 'uint8', 'int8'),  # int16: 200 is not -56
    (0.1, 0.1, 'float32', 'float64'),  # float64: float32(0.1) differs from 0.1
]

_SCALARS = [
    2, -1, 0, 1000, 0.5, -2.0, True, False, numpy.int64(3), numpy.float16(1.5), numpy.bool_(True)
]

_CATEGORY = {'b': 0, 'u': 1, 'i': 1, 'f': 2}


def _scalar_dtype(scalar):
    kind = numpy.asarray(scalar).dtype.kind
    return numpy.dtype({'b': 'bool', 'i': 'int32', 'f': 'float32'}[kind])


def _comparison_dtype(dtype, scalar):
    dtype, scalar_dtype = numpy.dtype(dtype), _scalar_dtype(scalar)
    return scalar_dtype if _CATEGORY[scalar_dtype.kind] > _CATEGORY[dtype.kind] else dtype


@pytest.mark.parametrize('dtype1,dtype2', list(itertools.product(array_utils.ALL_DTYPES, repeat=2)))
def test_array_array_dtypes_and_values(dtype1, dtype2):
    x1 = array_utils.make_numpy((3, 4), dtype1, seed=1)
    x2 = array_utils.make_numpy((3, 4), dtype2, seed=2)
    x2[0] = x1[0]  # make some elements equal
    a1, a2 = chx.array(x1), chx.array(x2)
    if (dtype1 == 'bool_') != (dtype2 == 'bool_'):  # the original does not compare bool with numbers
        for chx_func, op, _ in _COMPARISONS.values():
            for call in (lambda: chx_func(a1, a2), lambda: op(a1, a2), lambda: op(a2, a1)):
                with pytest.raises(chx.DtypeError):
                    call()
        return
    for chx_func, op, _ in _COMPARISONS.values():
        for out in (chx_func(a1, a2), op(a1, a2)):
            array_utils.assert_array_equal(out, op(x1, x2))


@pytest.mark.parametrize('x1,x2,dtype1,dtype2', _PROMOTION_CASES)
def test_arrays_compare_in_the_promoted_dtype(x1, x2, dtype1, dtype2):
    dtype = (chx.zeros((), dtype1) * chx.zeros((), dtype2)).dtype  # the arithmetic promotion
    n1, n2 = numpy.array(x1, dtype1), numpy.array(x2, dtype2)
    a1, a2 = chx.array(n1), chx.array(n2)
    for chx_func, op, _ in _COMPARISONS.values():
        array_utils.assert_array_equal(chx_func(a1, a2), op(n1.astype(dtype), n2.astype(dtype)))
        array_utils.assert_array_equal(op(a2, a1), op(n2.astype(dtype), n1.astype(dtype)))


@pytest.mark.parametrize('name', sorted(_COMPARISONS))
@pytest.mark.parametrize('shape1,shape2', _SHAPE_PAIRS)
@pytest.mark.parametrize('contiguous', [True, False])
def test_broadcasts_like_numpy(name, shape1, shape2, contiguous, device):
    chx_func, op, _ = _COMPARISONS[name]
    x1 = array_utils.make_numpy(shape1, 'int16', seed=1, contiguous=contiguous)
    x2 = array_utils.make_numpy(shape2, 'int16', seed=2, contiguous=contiguous)
    a1, a2 = chx.array(x1, copy=False, device=device), chx.array(x2, copy=False, device=device)
    for out in (chx_func(a1, a2), op(a1, a2)):
        assert out.device is device
        array_utils.assert_array_equal(out, op(x1, x2))


@pytest.mark.parametrize('name', sorted(_COMPARISONS))
@pytest.mark.parametrize('shape1,shape2', _BAD_SHAPE_PAIRS)
def test_incompatible_shapes_raise_dimension_error(name, shape1, shape2):
    chx_func, op, _ = _COMPARISONS[name]
    for call in (chx_func, op):
        with pytest.raises(chx.DimensionError):
            call(chx.zeros(shape1), chx.zeros(shape2))


@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_nan_is_unordered_and_unequal_to_itself(dtype):
    x1 = numpy.array([numpy.nan, numpy.nan, 1.0, numpy.inf, -numpy.inf], dtype)
    x2 = numpy.array([numpy.nan, 1.0, numpy.nan, numpy.inf, numpy.inf], dtype)
    for chx_func, op, _ in _COMPARISONS.values():
        array_utils.assert_array_equal(chx_func(chx.array(x1), chx.array(x2)), op(x1, x2))


@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
@pytest.mark.parametrize('scalar', _SCALARS)
def test_operators_with_scalars(dtype, scalar):
    x = array_utils.make_numpy((2, 3), dtype, seed=3)
    a = chx.array(x)
    compare_dtype = _comparison_dtype(dtype, scalar)
    value = scalar.item() if isinstance(scalar, numpy.generic) else scalar
    if not isinstance(value, bool) and isinstance(value, int) and not _fits(value, compare_dtype):
        compare_dtype = numpy.dtype('int64')  # an out-of-range integer compares exactly (NumPy 2)
    x_cast, s_cast = x.astype(compare_dtype), numpy.array(value).astype(compare_dtype)
    for _, op, reflected in _COMPARISONS.values():
        array_utils.assert_array_equal(op(a, scalar), op(x_cast, s_cast))
        # `scalar < a` is evaluated as `a > scalar`.
        array_utils.assert_array_equal(reflected(scalar, a), op(x_cast, s_cast))


@pytest.mark.parametrize(
    'values,dtype,scalar,expected',
    [
        ([True, False], 'bool_', 2, [False, False]),  # compared in int32, as in NumPy
        ([True, False], 'bool_', True, [True, False]),
        ([0, 1], 'int8', 0.5, [False, False]),  # compared in float32, not truncated to 0
        ([-24, 0], 'int8', 1000, [False, False]),  # out of int8's range: compared exactly (NumPy 2)
        ([1, 0], 'uint8', -255, [False, False]),
        ([127, -128], 'int8', 128, [False, False]),
        ([0.1, 0.0], 'float16', 0.1, [True, False]),  # compared in float16
        ([16777216, 0], 'int32', 16777217.0, [True, False]),  # compared in float32
    ],
)
def test_scalar_comparison_dtype_rule(values, dtype, scalar, expected):
    a = chx.array(numpy.array(values, dtype))
    array_utils.assert_array_equal(a == scalar, numpy.array(expected))


@pytest.mark.parametrize('dtype,scalar', [('int8', 300), ('int8', -129), ('uint8', -1), ('uint8', 256),
                                          ('int16', 2**15), ('int32', -2**31 - 1)])
def test_out_of_range_integer_scalars_compare_exactly(dtype, scalar):
    x = numpy.array([-5, 0, 5], dtype) if dtype != 'uint8' else numpy.array([0, 5, 255], dtype)
    a = chx.array(x)
    wide = x.astype('int64')
    for _, op, _ in _COMPARISONS.values():
        array_utils.assert_array_equal(op(a, scalar), op(wide, scalar))


def _fits(value, dtype):
    info = numpy.iinfo(dtype) if numpy.dtype(dtype).kind in 'iu' else None
    return info is None or info.min <= value <= info.max


@pytest.mark.parametrize('name', sorted(_COMPARISONS))
@pytest.mark.parametrize('x1,x2', [(chx.ones(2), 1), (1.0, chx.ones(2)), (chx.ones(2), None)])
def test_module_functions_take_arrays_only(name, x1, x2):
    with pytest.raises(TypeError):
        _COMPARISONS[name][0](x1, x2)


@pytest.mark.parametrize('other', ['x', None, [1, 2], object()])
def test_operators_with_unsupported_operands(other):
    a = chx.ones(2)
    # NotImplemented from both sides: == and != fall back to identity, ordering raises TypeError.
    assert (a == other) is False
    assert (a != other) is True
    for op in (operator.lt, operator.le, operator.gt, operator.ge):
        with pytest.raises(TypeError):
            op(a, other)


@pytest.mark.parametrize('name', sorted(_COMPARISONS))
def test_results_record_no_graph(name):
    chx_func, op, _ = _COMPARISONS[name]
    x1 = chx.array([1.0, 2.0]).require_grad()
    x2 = chx.array([2.0, 2.0]).require_grad()
    for out in (chx_func(x1, x2), op(x1, x2), op(x1, 1.5)):
        assert out.dtype == numpy.bool_
        assert not out.is_backprop_required()


def test_ndarray_is_unhashable():
    with pytest.raises(TypeError):
        hash(chx.ones(2))


def test_operands_on_different_devices_raise_device_error():
    a0, a1 = chx.ones(2, device='native:0'), chx.ones(2, device='native:1')
    for chx_func, op, _ in _COMPARISONS.values():
        for call in (chx_func, op):
            with pytest.raises(chx.DeviceError):
                call(a0, a1)
