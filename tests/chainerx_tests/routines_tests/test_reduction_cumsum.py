"""cumsum(a, axis=None) (spec A.9): axis None sums the flattened array; bool and integer inputs give
int64, floats keep their dtype (float16 accumulates in float)."""

import numpy
import pytest

import chainerx as chx

import array_utils

# (shape, axis): 0-d, zero-size, negative axes, and runs along inner and outer axes.
_CASES = [
    ((), None),
    ((1,), 0),
    ((5,), None),
    ((5,), -1),
    ((2, 3), None),
    ((2, 3), 0),
    ((2, 3), 1),
    ((2, 3, 4), 1),
    ((2, 3, 4), -3),
    ((0,), None),
    ((0, 3), 1),
    ((2, 0, 3), 2),
]


def _expected(x, axis):
    accumulate = numpy.float64 if x.dtype.kind == 'f' else numpy.int64
    out_dtype = x.dtype if x.dtype.kind == 'f' else numpy.dtype('int64')
    return numpy.cumsum(x.astype(accumulate), axis=axis).astype(out_dtype)


@pytest.mark.parametrize('shape,axis', _CASES)
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_cumsum_matches_numpy(shape, axis, dtype, device):
    x = array_utils.make_numpy(shape, dtype, contiguous=len(shape) != 2)
    a = chx.array(x, copy=False, device=device)
    for out in (chx.cumsum(a, axis), chx.cumsum(a, axis=axis)):
        assert out.device is device
        array_utils.assert_array_equal(out, _expected(x, axis))


# Few long lanes: on CUDA, block-wide scans over chunks of each lane (Note [CUDA cumulative sums]), with strided
# and reversed (the gradient) walks. Integer values keep every partial sum exact in the accumulator, so the results
# equal NumPy's whatever the grouping of the additions. (base shape, view, axis of the view)
_LONG_LANE_CASES = [
    ((3000,), lambda x: x, 0),
    ((100003,), lambda x: x, 0),
    ((70000, 3), lambda x: x, 0),
    ((3, 70000), lambda x: x, 1),
    ((40, 600), lambda x: x[:, ::2], 1),
    ((9000, 2), lambda x: x.T, 1),
    ((9000, 70), lambda x: x, 1),  # many lanes a row apart: a block each
    ((70, 9000), lambda x: x, 0),  # many lanes side by side: a thread each
]


@pytest.mark.parametrize('shape,view,axis', _LONG_LANE_CASES)
@pytest.mark.parametrize('dtype', ['bool_', 'int8', 'int64', 'float16', 'float32', 'float64'])
def test_cumsum_of_long_lanes_matches_numpy(shape, view, axis, dtype, device):
    base = array_utils.make_numpy(shape, dtype)
    if base.dtype.kind == 'f':
        base = numpy.round(base)
    a = view(chx.array(base, device=device))
    array_utils.assert_array_equal(chx.cumsum(a, axis), _expected(view(base), axis))


@pytest.mark.parametrize('n', [5000, 100003])
def test_cumsum_gradient_of_a_long_lane_is_the_reversed_cumsum(n, device):
    gy = numpy.random.default_rng(1).integers(-3, 4, n).astype('float32')
    x = chx.zeros((n,), 'float32', device=device).require_grad()
    (chx.cumsum(x) * chx.array(gy, device=device)).sum().backward()
    array_utils.assert_array_equal(x.grad, numpy.cumsum(gy[::-1])[::-1])


def test_cumsum_defaults_to_the_flattened_array():
    x = array_utils.make_numpy((2, 3), 'int32')
    array_utils.assert_array_equal(chx.cumsum(chx.array(x)), _expected(x, None))


@pytest.mark.parametrize('axis', [0, 1, 2])
def test_cumsum_of_transposed_input_matches_numpy(axis):
    x = array_utils.make_numpy((3, 4, 5), 'float32').transpose(2, 0, 1)
    array_utils.assert_array_equal(chx.cumsum(chx.array(x, copy=False), axis), _expected(x, axis))


def test_cumsum_of_float16_does_not_accumulate_in_float16():
    out = chx.cumsum(chx.full((4096,), 0.1, 'float16'))
    expected = numpy.cumsum(numpy.full(4096, numpy.float16(0.1), numpy.float64)).astype('float16')
    array_utils.assert_array_equal(out, expected)


@pytest.mark.parametrize('shape,axis', [((2, 3), 2), ((2, 3), -3), ((), 0)])
def test_cumsum_with_bad_axis_raises_dimension_error(shape, axis):
    with pytest.raises(chx.DimensionError):
        chx.cumsum(chx.zeros(shape), axis)


@pytest.mark.parametrize('axis', [(0,), [1], 1.5, 'x'])
def test_cumsum_with_non_integer_axis_raises_type_error(axis):
    with pytest.raises(TypeError):
        chx.cumsum(chx.zeros((2, 3)), axis)


@pytest.mark.parametrize(
    'shape,axis', [((), None), ((4,), 0), ((2, 3), None), ((2, 3), 0), ((2, 3, 2), -2)]
)
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_cumsum_backward_and_double_backward(shape, axis, dtype):
    x = array_utils.make_grad_input(shape, dtype)

    def fn(a):
        return chx.cumsum(a, axis)

    with chx.no_backprop_mode():
        out_shape = fn(x).shape
    gy = array_utils.make_grad_input(out_shape, dtype, seed=1)
    array_utils.check_backward(fn, [x], gy, dtype)
    array_utils.check_double_backward(
        lambda a: fn(a * a), [x], gy, array_utils.make_grad_input(shape, dtype, 2), dtype
    )


@pytest.mark.parametrize('view', [
    lambda x: x, lambda x: x[:, ::2], lambda x: x[::-1], lambda x: x.T, lambda x: x[:9], lambda x: x[:, :300]])
@pytest.mark.parametrize('axis', [0, 1])
@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_cumsum_of_lanes_scanned_together_is_each_lane_in_order(view, axis, dtype):
    # Native scans blocks of lanes together (Note [Scans across lanes]); each lane still adds its elements in
    # order, as NumPy's accumulate does, so random (inexact) floats give NumPy's bits, forwards and reversed.
    # CUDA scans each lane in parallel (a different order of additions): there the sums agree within the
    # rounding of a 301-term float32 sum of unit normals, not to the bit.
    base = numpy.random.default_rng(9).standard_normal((301, 700)).astype(dtype)
    x = view(base)
    a = view(chx.array(base))
    reversed_sum = numpy.flip(numpy.cumsum(numpy.flip(x, axis), axis), axis)
    grad = chx.grad([chx.sum(chx.cumsum(a.require_grad(), axis) * chx.array(x))], [a])[0]
    if a.device.backend.name == 'native':
        numpy.testing.assert_array_equal(chx.to_numpy(chx.cumsum(a, axis)), numpy.cumsum(x, axis))
        numpy.testing.assert_array_equal(chx.to_numpy(grad), reversed_sum)
    else:
        tol = {'rtol': 1e-5, 'atol': 5e-5} if dtype == 'float32' else {}
        array_utils.assert_array_equal(chx.cumsum(a, axis), numpy.cumsum(x, axis), **tol)
        array_utils.assert_array_equal(grad, reversed_sum, **tol)
