"""Sorting: argmax, argmin, nanargmax, nanargmin and the ndarray methods (spec A.10, B.2)."""

import numpy
import pytest

import chainerx as chx

import array_utils

_FUNCTIONS = ('argmax', 'argmin', 'nanargmax', 'nanargmin')
# (shape, axis): 0-d, size 1, ties (the seeded integers repeat), negative axes, zero-size non-reduced axes.
_SHAPES_AXES = [
    ((), None),
    ((1,), None),
    ((1,), 0),
    ((5,), None),
    ((5,), -1),
    ((2, 3), None),
    ((2, 3), 0),
    ((2, 3), 1),
    ((2, 3, 4), None),
    ((2, 3, 4), 1),
    ((2, 3, 4), -1),
    ((0, 3), 1),
    ((2, 0, 3), 2),
]


@pytest.mark.parametrize('name', _FUNCTIONS)
@pytest.mark.parametrize('shape,axis', _SHAPES_AXES)
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
@pytest.mark.parametrize('contiguous', [True, False])
def test_arg_reductions_match_numpy(name, shape, axis, dtype, contiguous, device):
    x = array_utils.make_numpy(shape, dtype, contiguous=contiguous)
    out = getattr(chx, name)(chx.array(x, copy=False, device=device), axis=axis)
    array_utils.assert_array_equal(out, getattr(numpy, name)(x, axis=axis), dtype='int64')
    assert out.device is device


# Rows with NaNs: the first NaN wins in argmax/argmin; the nan-variants skip NaNs.
_NAN_ROWS = numpy.array([
    [1.0, numpy.nan, 3.0, numpy.nan],
    [numpy.nan, -1.0, -1.0, 2.0],
    [2.0, 2.0, -numpy.inf, numpy.inf],
])


@pytest.mark.parametrize('name', _FUNCTIONS)
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
@pytest.mark.parametrize('axis', [None, 0, 1])
def test_arg_reductions_with_nan_match_numpy(name, dtype, axis):
    x = _NAN_ROWS.astype(dtype)
    out = getattr(chx, name)(chx.array(x), axis)
    array_utils.assert_array_equal(out, getattr(numpy, name)(x, axis=axis), dtype='int64')


@pytest.mark.parametrize('name', _FUNCTIONS)
@pytest.mark.parametrize('shape,axis', [((100003,), None), ((3, 50000), 1), ((20000, 4), 0), ((20, 9000), 0)])
@pytest.mark.parametrize('dtype', ['int8', 'float16', 'float32'])
def test_arg_reductions_of_long_lanes_match_numpy(name, shape, axis, dtype, device):
    # Few long lanes are cut into chunks on CUDA, and many lanes side by side are a thread each: the extremum repeats
    # (int8 and float16 values tie often) and the first must still win; the float lanes hold NaNs far apart.
    x = array_utils.make_numpy(shape, dtype, low=-100, high=100)
    if x.dtype.kind == 'f':
        flat = x.reshape(-1)
        flat[[40001, 70001]] = numpy.nan
    out = getattr(chx, name)(chx.array(x, device=device), axis=axis)
    array_utils.assert_array_equal(out, getattr(numpy, name)(x, axis=axis), dtype='int64')


@pytest.mark.parametrize('name', ['nanargmax', 'nanargmin'])
def test_nan_arg_reductions_of_all_nan_slices_give_minus_one(name):
    # NumPy raises ValueError here; chainerx keeps the original's -1.
    x = numpy.array([[numpy.nan, numpy.nan], [numpy.nan, 1.0]], 'float32')
    array_utils.assert_array_equal(getattr(chx, name)(chx.array(x), axis=1), numpy.array([-1, 1]), 'int64')
    array_utils.assert_array_equal(getattr(chx, name)(chx.full((3,), numpy.nan)), numpy.array(-1), 'int64')


@pytest.mark.parametrize('name', ['argmax', 'argmin'])
@pytest.mark.parametrize('axis', [None, 1, -2])
def test_ndarray_methods_match_numpy(name, axis):
    x = array_utils.make_numpy((3, 4), 'float32', seed=3)
    out = getattr(chx.array(x), name)(axis) if axis is not None else getattr(chx.array(x), name)()
    array_utils.assert_array_equal(out, getattr(x, name)(axis=axis), dtype='int64')


@pytest.mark.parametrize('name', _FUNCTIONS)
@pytest.mark.parametrize('shape,axis,error', [
    ((0,), None, chx.DimensionError),
    ((2, 0), None, chx.DimensionError),
    ((2, 0), 1, chx.DimensionError),
    ((2, 3), 2, chx.DimensionError),
    ((2, 3), -3, chx.DimensionError),
    ((), 0, chx.DimensionError),
    ((2, 3), (0, 1), TypeError),
    ((2, 3), 1.0, TypeError),
])
def test_arg_reductions_reject_bad_input(name, shape, axis, error):
    with pytest.raises(error):
        getattr(chx, name)(chx.zeros(shape), axis)


def test_arg_reductions_do_not_connect_to_the_graph():
    x = chx.array([1.0, 3.0, 2.0]).require_grad()
    out = chx.argmax(x)
    assert out.dtype == numpy.int64 and not out.is_backprop_required()
    assert int(out) == 1


@pytest.mark.parametrize('name', _FUNCTIONS)
@pytest.mark.parametrize('view', [lambda x: x, lambda x: x[:, ::-3], lambda x: x.T.copy().T])
def test_arg_reductions_of_lanes_side_by_side_match_numpy(name, view):
    # Native walks blocks of 256 neighbouring lanes together; ties, NaNs and (for the nan-variants) an all-NaN lane
    # in the second block must give each lane's own first position.
    x = numpy.round(numpy.random.default_rng(13).standard_normal((7, 700)) * 2).astype('float32')
    x[3, 5] = x[1, 600] = numpy.nan
    x[:, 300] = numpy.nan
    x = view(x)
    out = chx.to_numpy(getattr(chx, name)(chx.array(x), axis=0))
    with numpy.errstate(invalid='ignore'):
        if name.startswith('nan'):
            all_nan = numpy.isnan(x).all(axis=0)
            filled = numpy.where(numpy.isnan(x), -numpy.inf if name == 'nanargmax' else numpy.inf, x)
            expected = numpy.where(all_nan, -1, getattr(numpy, name[3:])(filled, axis=0))
        else:
            expected = getattr(numpy, name)(x, axis=0)
    numpy.testing.assert_array_equal(out, expected)
