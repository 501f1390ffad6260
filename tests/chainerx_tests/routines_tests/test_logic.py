"""Logical operations and floating-point classification: logical_and logical_or logical_xor
logical_not isnan isinf isfinite (spec A.8). all/any are reductions; comparisons have their own
file.

Every dtype is accepted; nonzero elements (NaN included) are true. Results are bool arrays outside
any graph.
"""

import itertools

import numpy
import pytest

import chainerx as chx

import array_utils

# name -> (chainerx function, NumPy reference)
_BINARY = {
    'logical_and': (chx.logical_and, numpy.logical_and),
    'logical_or': (chx.logical_or, numpy.logical_or),
    'logical_xor': (chx.logical_xor, numpy.logical_xor),
}
_UNARY = {
    'logical_not': (chx.logical_not, numpy.logical_not),
    'isnan': (chx.isnan, numpy.isnan),
    'isinf': (chx.isinf, numpy.isinf),
    'isfinite': (chx.isfinite, numpy.isfinite),
}

# Zeros mixed with values of both signs, so every truth-table row occurs (negatives wrap in uint8).
_VALUES1 = [0, 1, 0, 2, -1, 0, 3, -2]
_VALUES2 = [0, 0, 3, 1, 0, -2, 1, 0]
_SPECIAL_VALUES = [numpy.nan, numpy.inf, -numpy.inf, 0.0, -0.0, 1.0, -1e-30, 6e4]

_SHAPE_PAIRS = [((), ()), ((2, 3), (2, 3)), ((2, 3), (3,)), ((2, 1, 3), (4, 1)), ((0, 3), (1, 3))]


def _as(values, dtype):
    with numpy.errstate(over='ignore'):
        return numpy.array(values).astype(dtype).reshape(2, 4)


@pytest.mark.parametrize('dtype1,dtype2', list(itertools.product(array_utils.ALL_DTYPES, repeat=2)))
def test_binary_dtypes_and_truth_tables(dtype1, dtype2):
    x1, x2 = _as(_VALUES1, dtype1), _as(_VALUES2, dtype2)
    for chx_func, np_func in _BINARY.values():
        array_utils.assert_array_equal(chx_func(chx.array(x1), chx.array(x2)), np_func(x1, x2))


@pytest.mark.parametrize('name', sorted(_BINARY))
@pytest.mark.parametrize('shape1,shape2', _SHAPE_PAIRS)
@pytest.mark.parametrize('contiguous', [True, False])
def test_binary_broadcasts_like_numpy(name, shape1, shape2, contiguous, device):
    chx_func, np_func = _BINARY[name]
    x1 = array_utils.make_numpy(shape1, 'int8', seed=1, contiguous=contiguous, low=-1, high=1)
    x2 = array_utils.make_numpy(shape2, 'int8', seed=2, contiguous=contiguous, low=-1, high=1)
    a1, a2 = chx.array(x1, copy=False, device=device), chx.array(x2, copy=False, device=device)
    out = chx_func(a1, a2)
    assert out.device is device
    array_utils.assert_array_equal(out, np_func(x1, x2))


@pytest.mark.parametrize('name', sorted(_BINARY))
@pytest.mark.parametrize('shape1,shape2', [((2, 3), (3, 2)), ((3,), (4,)), ((2, 0), (2, 3))])
def test_binary_incompatible_shapes_raise_dimension_error(name, shape1, shape2):
    with pytest.raises(chx.DimensionError):
        _BINARY[name][0](chx.zeros(shape1), chx.zeros(shape2))


@pytest.mark.parametrize('name', sorted(_BINARY))
@pytest.mark.parametrize('x1,x2', [(chx.ones(2), 1), (True, chx.ones(2)), (chx.ones(2), None)])
def test_binary_functions_take_arrays_only(name, x1, x2):
    with pytest.raises(TypeError):
        _BINARY[name][0](x1, x2)


@pytest.mark.parametrize('name', sorted(_BINARY))
def test_binary_operands_on_different_devices_raise_device_error(name):
    with pytest.raises(chx.DeviceError):
        _BINARY[name][0](chx.ones(2, device='native:0'), chx.ones(2, device='native:1'))


@pytest.mark.parametrize('name', sorted(_UNARY))
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_unary_dtypes_and_values(name, dtype):
    chx_func, np_func = _UNARY[name]
    x = _as(_VALUES1, dtype)
    array_utils.assert_array_equal(chx_func(chx.array(x)), np_func(x))


@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_special_values(dtype):
    with numpy.errstate(over='ignore'):
        x = numpy.array(_SPECIAL_VALUES, dtype)
    x2 = numpy.roll(x, 1)
    for chx_func, np_func in _UNARY.values():
        array_utils.assert_array_equal(chx_func(chx.array(x)), np_func(x))
    for chx_func, np_func in _BINARY.values():
        array_utils.assert_array_equal(chx_func(chx.array(x), chx.array(x2)), np_func(x, x2))


@pytest.mark.parametrize('name', sorted(_UNARY))
@pytest.mark.parametrize('shape', array_utils.SHAPES)
@pytest.mark.parametrize('contiguous', [True, False])
def test_unary_on_any_shape_and_layout(name, shape, contiguous, device):
    chx_func, np_func = _UNARY[name]
    x = array_utils.make_numpy(shape, 'float32', seed=3, contiguous=contiguous)
    x[x > 2] = numpy.nan
    x[x < -2] = -numpy.inf
    out = chx_func(chx.array(x, copy=False, device=device))
    assert out.device is device
    array_utils.assert_array_equal(out, np_func(x))


@pytest.mark.parametrize('name', sorted(_UNARY))
@pytest.mark.parametrize('arg', [1.0, [1.0], None, numpy.ones(2)])
def test_unary_non_array_arguments_raise_type_error(name, arg):
    with pytest.raises(TypeError):
        _UNARY[name][0](arg)


def test_results_record_no_graph():
    x1 = chx.array([1.0, 0.0]).require_grad()
    x2 = chx.array([1.0, numpy.nan]).require_grad()
    outs = [f(x1, x2) for f, _ in _BINARY.values()] + [f(x2) for f, _ in _UNARY.values()]
    for out in outs:
        assert out.dtype == numpy.bool_
        assert not out.is_backprop_required()
