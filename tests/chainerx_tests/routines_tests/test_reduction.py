"""Reductions: sum, nansum, all, any, count_nonzero (spec A.8, A.9, B.2).

sum/nansum of bool and integer inputs give int64, floats keep their dtype; all/any give bool and
count_nonzero int64. cumsum is in test_reduction_cumsum.py, amax/amin/mean/var in
test_statistics.py.
"""

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


def _numpy_sum_like(numpy_fn):
    def expected(x, axis, keepdims):
        # Accumulated in float64 (chainerx must not lose float16 precision) and cast at the end.
        accumulate = numpy.float64 if x.dtype.kind == 'f' else numpy.int64
        result = numpy_fn(x.astype(accumulate), axis=axis, keepdims=keepdims)
        return numpy.asarray(result).astype(_sum_dtype(x.dtype))

    return expected


def _numpy_truth(numpy_fn):
    def expected(x, axis, keepdims):
        return numpy.asarray(numpy_fn(x, axis=axis, keepdims=keepdims))

    return expected


_expected_sum = _numpy_sum_like(numpy.sum)

# name -> (chainerx function, expected from a NumPy array, axis and keepdims). The ndarray method of
# the same name, where there is one, is checked too.
_ROUTINES = {
    'sum': (chx.sum, _expected_sum),
    'nansum': (chx.nansum, _numpy_sum_like(numpy.nansum)),
    'all': (chx.all, _numpy_truth(numpy.all)),
    'any': (chx.any, _numpy_truth(numpy.any)),
}


def _calls(name, a, axis, keepdims):
    """Every way of calling the routine: positional, keywords and the ndarray method."""
    fn = _ROUTINES[name][0]
    outs = [fn(a, axis, keepdims), fn(a, axis=axis, keepdims=keepdims)]
    if hasattr(a, name):
        outs += [getattr(a, name)(axis, keepdims), getattr(a, name)(axis=axis, keepdims=keepdims)]
    return outs


def _numpy_axis(axis):
    return tuple(axis) if isinstance(axis, list) else axis


@pytest.mark.parametrize('name', sorted(_ROUTINES))
@pytest.mark.parametrize('shape,axis', _SUM_CASES)
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_reduction_matches_numpy(name, shape, axis, dtype, device):
    x = array_utils.make_numpy(shape, dtype, contiguous=len(shape) != 2)
    a = chx.array(x, copy=False, device=device)
    for keepdims in (False, True):  # a loop, not a parameter: fewer, still fast, test items
        expected = _ROUTINES[name][1](x, _numpy_axis(axis), keepdims)
        for out in _calls(name, a, axis, keepdims):
            assert out.device is device
            array_utils.assert_array_equal(out, expected)


@pytest.mark.parametrize('name', sorted(_ROUTINES))
@pytest.mark.parametrize('axis', [None, 0, 1, (0, 2)])
@pytest.mark.parametrize('dtype', ['bool_', 'int16', 'float16', 'float64'])
def test_reduction_of_transposed_input_matches_numpy(name, axis, dtype):
    x = array_utils.make_numpy((3, 4, 5), dtype).transpose(2, 0, 1)
    a = chx.array(x, copy=False)
    assert not a.is_contiguous
    for out in _calls(name, a, axis, False):
        array_utils.assert_array_equal(out, _ROUTINES[name][1](x, axis, False))


@pytest.mark.parametrize('name', sorted(_ROUTINES))
def test_reduction_of_broadcast_input_matches_numpy(name):
    # Zero strides: a broadcast view reduces like its copy.
    x = numpy.broadcast_to(array_utils.make_numpy((1, 5), 'float32'), (4, 5))
    a = chx.broadcast_to(chx.array(x[:1]), (4, 5))
    for axis in (None, 0, 1):
        fn, expected_fn = _ROUTINES[name]
        array_utils.assert_array_equal(fn(a, axis), expected_fn(x, axis, False))


@pytest.mark.parametrize('name', sorted(_ROUTINES))
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_reduction_defaults_to_all_axes_without_keepdims(name, dtype):
    x = array_utils.make_numpy((2, 3), dtype)
    expected = _ROUTINES[name][1](x, None, False)
    a = chx.array(x)
    array_utils.assert_array_equal(_ROUTINES[name][0](a), expected)
    if hasattr(a, name):
        array_utils.assert_array_equal(getattr(a, name)(), expected)


def test_sum_of_float16_does_not_accumulate_in_float16():
    array_utils.assert_array_equal(
        chx.sum(chx.full((4096,), 0.1, 'float16')),
        numpy.float16(4096 * numpy.float64(numpy.float16(0.1))),
    )


def test_sum_of_int8_does_not_overflow():
    array_utils.assert_array_equal(chx.full((100,), 100, 'int8').sum(), numpy.int64(10000))


@pytest.mark.parametrize('name', sorted(_ROUTINES) + ['count_nonzero'])
@pytest.mark.parametrize('shape,axis', _BAD_AXES)
def test_reduction_with_bad_axis_raises_dimension_error(name, shape, axis):
    a = chx.zeros(shape)
    with pytest.raises(chx.DimensionError):
        getattr(chx, name)(a, axis)
    if hasattr(a, name):
        with pytest.raises(chx.DimensionError):
            getattr(a, name)(axis)


@pytest.mark.parametrize('name', sorted(_ROUTINES) + ['count_nonzero'])
@pytest.mark.parametrize('axis', [1.5, 'x', [1.5], ('a', 0)])
def test_reduction_with_non_integer_axis_raises_type_error(name, axis):
    with pytest.raises(TypeError):
        getattr(chx, name)(chx.zeros((2, 3)), axis)


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


_NAN_INPUT = numpy.array([[1.5, numpy.nan, -2.0], [numpy.nan, numpy.nan, 0.0]])


@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
@pytest.mark.parametrize('axis', [None, 0, 1])
def test_nan_handling_matches_numpy(dtype, axis):
    # nansum skips NaNs (a NaN-only row sums to 0), sum propagates them, NaN is truthy.
    x = _NAN_INPUT.astype(dtype)
    a = chx.array(x)
    for name in ('sum', 'nansum', 'all', 'any'):
        fn, expected_fn = _ROUTINES[name]
        array_utils.assert_array_equal(fn(a, axis), expected_fn(x, axis, False))
    array_utils.assert_array_equal(chx.count_nonzero(a, axis), numpy.count_nonzero(x, axis))


@pytest.mark.parametrize('shape,axis', _SUM_CASES)
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_count_nonzero_matches_numpy(shape, axis, dtype, device):
    x = array_utils.make_numpy(shape, dtype, contiguous=len(shape) != 2)
    a = chx.array(x, copy=False, device=device)
    expected = numpy.asarray(numpy.count_nonzero(x, axis=_numpy_axis(axis))).astype('int64')
    for out in (chx.count_nonzero(a, axis), chx.count_nonzero(a, axis=axis)):
        assert out.device is device
        array_utils.assert_array_equal(out, expected)
    array_utils.assert_array_equal(chx.count_nonzero(a), numpy.int64(numpy.count_nonzero(x)))


def test_reductions_of_long_contiguous_runs_match_numpy():
    # Longer than the 32 partial accumulators of the native loop, with a tail; along and across
    # runs.
    x = array_utils.make_numpy((3, 1000 + 7), 'float32')
    x[1, 500] = 0
    a = chx.array(x)
    for axis in (None, 0, 1):
        for name in sorted(_ROUTINES):
            expected = _ROUTINES[name][1](x, axis, False)
            array_utils.assert_array_equal(_ROUTINES[name][0](a, axis), expected, rtol=1e-5)


# Sums over leading axes, whose innermost kept axis is contiguous (a bias gradient): on CUDA a block reduces 32
# adjacent outputs (Note [CUDA reductions]), in several chunks when the reduced axes are long. Rows sliced with a
# step keep the innermost axis contiguous.
_LEADING_AXES_CASES = [
    ((300, 40), 0, lambda x: x),
    ((20000, 17), 0, lambda x: x),
    ((3, 700, 33), (0, 1), lambda x: x),
    ((4000, 48), 0, lambda x: x[::2]),
    ((6, 50, 64), (0, 1), lambda x: x[:, ::3, 8:]),
]


@pytest.mark.parametrize('name', sorted(_ROUTINES))
@pytest.mark.parametrize('shape,axis,view', _LEADING_AXES_CASES)
@pytest.mark.parametrize('dtype', ['bool_', 'int32', 'float32', 'float64'])
def test_reduction_over_leading_axes_matches_numpy(name, shape, axis, view, dtype, device):
    base = array_utils.make_numpy(shape, dtype)
    if base.dtype.kind == 'f':
        base = numpy.round(base)  # exact sums in any order
    x = view(base)
    a = view(chx.array(base, device=device))
    for keepdims in (False, True):
        expected = _ROUTINES[name][1](x, axis, keepdims)
        array_utils.assert_array_equal(_ROUTINES[name][0](a, axis, keepdims), expected)


@pytest.mark.parametrize('fn', [
    lambda a: chx.sum(a, 0),
    lambda a: chx.sum(a),
    lambda a: chx.mean(a, 1),
    lambda a: chx.cumsum(a, 0),
    lambda a: chx.cumsum(a.reshape(-1)),
])
def test_float_reductions_give_the_same_bits_every_run(fn, device):
    # No atomics anywhere: the grouping of the additions depends on the shapes alone (Note [CUDA reductions]).
    a = chx.array(array_utils.make_numpy((5003, 40), 'float32'), device=device)
    first = chx.to_numpy(fn(a))
    for _ in range(3):
        numpy.testing.assert_array_equal(chx.to_numpy(fn(a)), first)


def test_all_and_any_of_empty_reductions_are_the_identities():
    array_utils.assert_array_equal(chx.all(chx.zeros((0, 3))), numpy.bool_(True))
    array_utils.assert_array_equal(chx.any(chx.zeros((0, 3))), numpy.bool_(False))
    array_utils.assert_array_equal(chx.count_nonzero(chx.zeros((0, 3)), 0), numpy.zeros(3, 'int64'))


_GRAD_CASES = [((), None), ((3,), 0), ((2, 3), None), ((2, 3), 1), ((2, 3, 4), (0, 2)), ((0, 3), 0)]


@pytest.mark.parametrize('name', ['sum', 'nansum'])
@pytest.mark.parametrize('shape,axis', _GRAD_CASES + [((2, 3, 4), -1), ((2, 3), ())])
@pytest.mark.parametrize('keepdims', [False, True])
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_sum_like_backward_and_double_backward(name, shape, axis, keepdims, dtype):
    x = array_utils.make_grad_input(shape, dtype)

    def fn(a):
        return _ROUTINES[name][0](a, axis, keepdims)

    with chx.no_backprop_mode():
        out_shape = fn(x).shape
    gy = array_utils.make_grad_input(out_shape, dtype, seed=1)
    array_utils.check_backward(fn, [x], gy, dtype)
    array_utils.check_double_backward(
        lambda a: fn(a * a), [x], gy, array_utils.make_grad_input(shape, dtype, 2), dtype
    )


@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_nansum_gradient_is_zero_at_nans(dtype):
    x = chx.array(_NAN_INPUT.astype(dtype)).require_grad()
    chx.nansum(x, 1).backward()
    array_utils.assert_array_equal(x.grad, (~numpy.isnan(_NAN_INPUT)).astype(dtype))


@pytest.mark.parametrize('name', ['all', 'any', 'count_nonzero'])
def test_truth_reductions_are_not_differentiable(name):
    out = getattr(chx, name)(chx.ones((2, 3)).require_grad())
    assert not out.is_backprop_required()


@pytest.mark.parametrize('n', [2**20, 2**20 + 37, 5000])
def test_float32_sum_is_pairwise_accurate(n):
    # A long float32 sum accumulates rounding error linearly unless it is pairwise (conformance R28).
    a = chx.full((n,), 0.1, 'float32')
    exact = n * float(numpy.float32(0.1))
    assert abs(float(a.sum()) - exact) <= 1e-5 * exact
    assert abs(float(a.reshape(n, 1).sum()) - exact) <= 1e-5 * exact


def test_float32_var_of_offset_data_is_accurate():
    x = numpy.random.RandomState(0).rand(2**21).astype('float32') + 1000
    expected = x.astype('float64').var()
    assert abs(float(chx.array(x).var()) - expected) <= 1e-4 * expected


# Rows folded one by one (native/reduce_lanes.h's ReduceContiguousRows): lengths without lanes, with lanes only,
# with lanes and a rest, a row with NaN and a row of signed zeros among ordinary rows.
@pytest.mark.parametrize('name', ['sum', 'mean', 'max', 'min'])
@pytest.mark.parametrize('n', [1, 3, 31, 32, 33, 64, 100, 4097])
@pytest.mark.parametrize('dtype', ['float32', 'float64', 'int32'])
def test_reduction_of_contiguous_rows_folds_each_row_alone(name, n, dtype, device):
    x = (numpy.random.default_rng(n).standard_normal((37, n)) * 10).astype(dtype)
    if x.dtype.kind == 'f':
        x[5, n // 2] = numpy.nan
        x[7] = numpy.where(numpy.arange(n) % 3 == 0, 0.0, -0.0)
    a = chx.array(x, device=device)
    out = getattr(chx, name)(a, axis=1)
    with numpy.errstate(invalid='ignore'):
        expected = getattr(numpy, name)(x.astype('float64'), axis=1)
    expected_dtype = out.dtype if name == 'mean' else _sum_dtype(dtype) if name == 'sum' else x.dtype
    # float32 rounding grows with the row: a bound of n ulps of the magnitudes (about 10).
    array_utils.assert_array_equal(out, expected.astype(expected_dtype), rtol=1e-5, atol=1e-5 * n)
    # Each row gives the bits it gives alone (the whole-array path): rows never mix.
    rows = chx.to_numpy(out)
    for r in (0, 5, 7, 36):
        alone = chx.to_numpy(getattr(chx, name)(a[r]))
        assert alone.tobytes() == rows[r].tobytes(), (r, alone, rows[r])


@pytest.mark.parametrize('shape,axis', [
    ((2**15 + 7,), None),  # several pairwise blocks
    ((300, 70), 0),  # accumulators across runs
    ((70, 300), 1),  # contiguous rows
    ((5000, 3), 1),  # many short rows: several rows per buffer
    ((64, 9000), 1),  # rows longer than a pairwise block
    ((40, 50), (0, 1)),
])
@pytest.mark.parametrize('name', ['sum', 'mean'])
def test_float16_sum_folds_the_widened_values_as_float32(shape, axis, name):
    # Native folds float16 in float, on buffers of widened values (Note [float16 sums through float32 folds]):
    # the float16 result is the float32 result of the widened array, rounded once. On every device the float16
    # sum agrees with float64's within float16's rounding.
    x = numpy.random.default_rng(3).standard_normal(shape).astype(numpy.float16)
    a = chx.array(x)
    actual = getattr(chx, name)(a, axis=axis)
    assert actual.dtype == chx.float16
    if a.device.backend.name == 'native':
        widened = getattr(chx, name)(a.astype(chx.float32), axis=axis).astype(chx.float16)
        numpy.testing.assert_array_equal(chx.to_numpy(actual).view(numpy.uint16),
                                         chx.to_numpy(widened).view(numpy.uint16))
    expected = getattr(numpy, name)(x.astype(numpy.float64), axis=axis)
    numpy.testing.assert_allclose(chx.to_numpy(actual).astype(numpy.float64), expected, rtol=2e-3, atol=2e-2)


@pytest.mark.parametrize('view', [lambda x: x, lambda x: x[:, ::3], lambda x: x[::-1, ..., 1:]])
@pytest.mark.parametrize('shape,axis', [
    ((7, 300, 8), 1),  # short runs folded row after row into one row of accumulators
    ((300, 5), 0),
    ((4, 50, 6, 3), (1, 2)),
    ((6, 40, 130), 1),  # runs too long for that loop
    # Several sets of accumulators along the kept axis before, four at a time and the rest, with the run lengths
    # that the float32 loops know at compile time (and, through the views, others).
    ((9, 100, 8), 1),
    ((9, 60, 3), 1),
    ((5, 30, 16), 1),
    ((9, 40, 32), 1),
    ((5, 20, 64), 1),
    ((6, 7, 50, 4), 2),
])
@pytest.mark.parametrize('name,dtype', [('sum', 'float32'), ('sum', 'float64'), ('sum', 'int32'), ('amax', 'float32'),
                                        ('amin', 'float64'), ('amin', 'float32'), ('mean', 'float32')])
def test_reduction_of_short_runs_across_accumulators_is_numpys(view, shape, axis, name, dtype):
    # Note [Short runs across accumulators]: each accumulator still takes its elements in order, as NumPy's
    # reduction over a non-contiguous axis does: the same bits, NaNs included.
    x = numpy.random.default_rng(5).standard_normal(shape)
    if dtype.startswith('int'):
        x = x * 100
    x = x.astype(dtype)
    if dtype.startswith('float'):
        x.reshape(-1)[::97] = numpy.nan
    a = view(chx.array(x))
    actual = chx.to_numpy(getattr(chx, name)(a, axis=axis))
    expected = getattr(numpy, name)(view(x), axis=axis)
    if a.device.backend.name == 'native' or name in ('amax', 'amin'):
        numpy.testing.assert_array_equal(actual, expected)
    else:
        numpy.testing.assert_allclose(actual, expected, rtol=1e-5, atol=1e-5)
