"""Reduction: sum (spec A.9). bool and integer inputs sum to int64, floats keep their dtype."""

import numpy
import pytest

import chainerx as chx

import array_utils

# (shape, axis) pairs: None, int, negative int, tuples (incl. empty and unordered), zero-size
# inputs and axes.
_SUM_CASES = [
    ((), None),
    ((), ()),
    ((3,), None),
    ((3,), 0),
    ((3,), -1),
    ((2, 3), None),
    ((2, 3), 0),
    ((2, 3), 1),
    ((2, 3), -2),
    ((2, 3), (0, 1)),
    ((2, 3, 4), (0, 2)),
    ((2, 3, 4), (2, 0)),
    ((2, 3, 4), (-1, 1)),
    ((2, 3, 4), ()),
    ((2, 3, 4), [1]),
    ((0,), None),
    ((0, 3), 0),
    ((0, 3), 1),
    ((2, 0, 3), (0, 2)),
    ((1, 1, 1), None),
]
_BAD_AXES = [
    ((2, 3), 2),
    ((2, 3), -3),
    ((2, 3), (0, 0)),
    ((2, 3), (1, -1)),
    ((), 0),
    ((2, 3, 4), (0, 3)),
]


def _sum_dtype(dtype):
    return numpy.dtype(dtype) if numpy.dtype(dtype).kind == 'f' else numpy.dtype('int64')


def _expected_sum(x, axis, keepdims):
    # Accumulated in float64 (chainerx must not lose float16 precision) and cast at the end.
    accumulate = numpy.float64 if x.dtype.kind == 'f' else numpy.int64
    axis = tuple(axis) if isinstance(axis, list) else axis
    return numpy.sum(x.astype(accumulate), axis=axis, keepdims=keepdims).astype(_sum_dtype(x.dtype))


@pytest.mark.parametrize('shape,axis', _SUM_CASES)
@pytest.mark.parametrize('keepdims', [False, True])
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_sum_matches_numpy(shape, axis, keepdims, dtype, device):
    x = array_utils.make_numpy(shape, dtype, contiguous=len(shape) != 2)
    a = chx.array(x, copy=False, device=device)
    expected = _expected_sum(x, axis, keepdims)
    for out in (
        chx.sum(a, axis, keepdims),
        chx.sum(a, axis=axis, keepdims=keepdims),
        a.sum(axis, keepdims),
        a.sum(axis=axis, keepdims=keepdims),
    ):
        assert out.device is device
        array_utils.assert_array_equal(out, expected)


@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_sum_defaults_to_all_axes_without_keepdims(dtype):
    x = array_utils.make_numpy((2, 3), dtype)
    array_utils.assert_array_equal(chx.sum(chx.array(x)), _expected_sum(x, None, False))
    array_utils.assert_array_equal(chx.array(x).sum(), _expected_sum(x, None, False))


def test_sum_of_float16_does_not_accumulate_in_float16():
    array_utils.assert_array_equal(
        chx.sum(chx.full((4096,), 0.1, 'float16')),
        numpy.float16(4096 * numpy.float64(numpy.float16(0.1))),
    )


def test_sum_of_int8_does_not_overflow():
    array_utils.assert_array_equal(chx.full((100,), 100, 'int8').sum(), numpy.int64(10000))


@pytest.mark.parametrize('shape,axis', _BAD_AXES)
def test_sum_with_bad_axis_raises_dimension_error(shape, axis):
    with pytest.raises(chx.DimensionError):
        chx.sum(chx.zeros(shape), axis)
    with pytest.raises(chx.DimensionError):
        chx.zeros(shape).sum(axis)


def test_sum_with_non_integer_axis_raises_type_error():
    with pytest.raises(TypeError):
        chx.sum(chx.zeros((2, 3)), 1.5)


@pytest.mark.parametrize('axis', ['x', [1.5], ('a', 0)])
def test_sum_with_non_integer_axis_items_raises_type_error(axis):
    with pytest.raises(TypeError):
        chx.sum(chx.zeros((2, 3)), axis)


def test_sum_accepts_numpy_integers_inside_an_axis_tuple():
    array_utils.assert_array_equal(
        chx.sum(chx.ones((2, 3)), (numpy.int64(1),)), numpy.full(2, 3, 'float32')
    )


def test_sum_accepts_a_numpy_integer_axis():
    array_utils.assert_array_equal(
        chx.sum(chx.ones((2, 3)), numpy.int64(1)), numpy.full(2, 3, 'float32')
    )


@pytest.mark.parametrize(
    'shape,axis',
    [
        ((), None),
        ((3,), 0),
        ((2, 3), None),
        ((2, 3), 1),
        ((2, 3, 4), (0, 2)),
        ((2, 3, 4), -1),
        ((0, 3), 0),
        ((2, 3), ()),
    ],
)
@pytest.mark.parametrize('keepdims', [False, True])
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_sum_backward_and_double_backward(shape, axis, keepdims, dtype):
    x = array_utils.make_grad_input(shape, dtype)

    def fn(a):
        return chx.sum(a, axis, keepdims)

    with chx.no_backprop_mode():
        out_shape = fn(x).shape
    gy = array_utils.make_grad_input(out_shape, dtype, seed=1)
    array_utils.check_backward(fn, [x], gy, dtype)
    array_utils.check_double_backward(
        lambda a: fn(a * a), [x], gy, array_utils.make_grad_input(shape, dtype, 2), dtype
    )


def test_sum_gradient_broadcasts_the_output_gradient():
    x = chx.zeros((2, 3)).require_grad()
    chx.sum(x, 0).backward()
    array_utils.assert_array_equal(x.grad, numpy.ones((2, 3), 'float32'))
