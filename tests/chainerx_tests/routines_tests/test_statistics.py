"""Statistics: amax (alias max), amin (alias min), mean, var (spec A.9, B.2).

amax/amin keep the dtype and reject zero-size reduced axes; mean/var of bool and integer inputs give
float32; var is the population variance.
"""

import warnings

import numpy
import pytest

import chainerx as chx

import array_utils

# (shape, axis) pairs: None, int, negative int, tuples (incl. empty and unordered), zero-size inputs
# whose reduced axes are not empty.
_CASES = [
    ((), None),
    ((), ()),
    ((3,), None),
    ((3,), -1),
    ((2, 3), None),
    ((2, 3), 0),
    ((2, 3), 1),
    ((2, 3), [1, 0]),
    ((2, 3, 4), (0, 2)),
    ((2, 3, 4), (-1, 1)),
    ((2, 3, 4), ()),
    ((0, 3), 1),
    ((0, 3), ()),
    ((1, 1, 1), None),
]
# Zero-size reductions: mean and var give NaN, amax and amin raise DimensionError.
_EMPTY_CASES = [((0,), None), ((0, 3), 0), ((2, 0, 3), (0, 1))]
_BAD_AXES = [((2, 3), 2), ((2, 3), -3), ((2, 3), (0, 0)), ((2, 3), (1, -1)), ((), 0)]


def _math_dtype(dtype):
    return numpy.dtype(dtype) if numpy.dtype(dtype).kind == 'f' else numpy.dtype('float32')


def _expected_extremum(numpy_fn):
    def expected(x, axis, keepdims):
        return numpy.asarray(numpy_fn(x, axis=axis, keepdims=keepdims))

    return expected


def _expected_moment(numpy_fn):
    def expected(x, axis, keepdims):
        with warnings.catch_warnings():
            warnings.simplefilter('ignore', RuntimeWarning)  # empty slices give NaN
            result = numpy_fn(x.astype(numpy.float64), axis=axis, keepdims=keepdims)
        return numpy.asarray(result).astype(_math_dtype(x.dtype))

    return expected


# name -> (module function, ndarray method name, expected from NumPy, float16 (rtol, atol)).
# var of float16 squares float16 differences, so it gets a wider tolerance.
_ROUTINES = {
    'amax': (chx.amax, 'max', _expected_extremum(numpy.amax), None),
    'amin': (chx.amin, 'min', _expected_extremum(numpy.amin), None),
    'mean': (chx.mean, 'mean', _expected_moment(numpy.mean), None),
    'var': (chx.var, 'var', _expected_moment(numpy.var), (1e-2, 1e-2)),
}


def _check(name, a, x, axis, keepdims):
    fn, method, expected_fn, float16_tolerance = _ROUTINES[name]
    expected = expected_fn(x, tuple(axis) if isinstance(axis, list) else axis, keepdims)
    rtol, atol = (None, None)
    if x.dtype == numpy.float16 and float16_tolerance:
        rtol, atol = float16_tolerance
    for out in (
        fn(a, axis, keepdims),
        fn(a, axis=axis, keepdims=keepdims),
        getattr(a, method)(axis, keepdims),
        getattr(a, method)(axis=axis, keepdims=keepdims),
    ):
        assert out.device is a.device
        array_utils.assert_array_equal(out, expected, rtol=rtol, atol=atol)


@pytest.mark.parametrize('name', sorted(_ROUTINES))
@pytest.mark.parametrize('shape,axis', _CASES)
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_statistic_matches_numpy(name, shape, axis, dtype, device):
    x = array_utils.make_numpy(shape, dtype, contiguous=len(shape) != 2)
    for keepdims in (False, True):  # a loop, not a parameter: fewer, still fast, test items
        _check(name, chx.array(x, copy=False, device=device), x, axis, keepdims)


@pytest.mark.parametrize('name', sorted(_ROUTINES))
@pytest.mark.parametrize('axis', [None, 0, (1, 2)])
@pytest.mark.parametrize('dtype', ['bool_', 'uint8', 'float16', 'float64'])
def test_statistic_of_transposed_input_matches_numpy(name, axis, dtype):
    x = array_utils.make_numpy((3, 4, 5), dtype).transpose(2, 0, 1)
    _check(name, chx.array(x, copy=False), x, axis, False)


@pytest.mark.parametrize('name', sorted(_ROUTINES))
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_statistic_defaults_to_all_axes_without_keepdims(name, dtype):
    x = array_utils.make_numpy((2, 3), dtype)
    fn, method, expected_fn, _ = _ROUTINES[name]
    expected = expected_fn(x, None, False)
    array_utils.assert_array_equal(fn(chx.array(x)), expected, rtol=1e-2)
    array_utils.assert_array_equal(getattr(chx.array(x), method)(), expected, rtol=1e-2)


def test_max_and_min_are_the_same_objects_as_amax_and_amin():
    assert chx.max is chx.amax
    assert chx.min is chx.amin


@pytest.mark.parametrize('name', ['amax', 'amin'])
@pytest.mark.parametrize('shape,axis', _EMPTY_CASES)
def test_extremum_of_zero_size_axis_raises_dimension_error(name, shape, axis):
    with pytest.raises(chx.DimensionError):
        _ROUTINES[name][0](chx.zeros(shape), axis)


@pytest.mark.parametrize('name', ['mean', 'var'])
@pytest.mark.parametrize('shape,axis', _EMPTY_CASES)
def test_moment_of_zero_size_axis_is_nan(name, shape, axis):
    x = numpy.zeros(shape, 'float32')
    _check(name, chx.array(x), x, axis, False)


@pytest.mark.parametrize('name', sorted(_ROUTINES))
@pytest.mark.parametrize('shape,axis', _BAD_AXES)
def test_statistic_with_bad_axis_raises_dimension_error(name, shape, axis):
    fn, method = _ROUTINES[name][:2]
    with pytest.raises(chx.DimensionError):
        fn(chx.ones(shape), axis)
    with pytest.raises(chx.DimensionError):
        getattr(chx.ones(shape), method)(axis)


@pytest.mark.parametrize('name', sorted(_ROUTINES))
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
@pytest.mark.parametrize('axis', [None, 1])
def test_nan_propagates_like_numpy(name, dtype, axis):
    x = numpy.array([[1.0, numpy.nan, -2.0], [0.5, 3.0, numpy.inf]], dtype)
    _check(name, chx.array(x), x, axis, False)


@pytest.mark.parametrize('name', sorted(_ROUTINES))
def test_statistic_of_long_contiguous_runs_matches_numpy(name):
    # Longer than the 32 partial accumulators of the native loop, with a tail; along and across
    # runs.
    x = array_utils.make_numpy((3, 1000 + 7), 'float32')
    for axis in (None, 0, 1):
        expected = _ROUTINES[name][2](x, axis, False)
        array_utils.assert_array_equal(_ROUTINES[name][0](chx.array(x), axis), expected, rtol=1e-5)


@pytest.mark.parametrize('name', sorted(_ROUTINES))
@pytest.mark.parametrize('shape,axis', [((20000, 17), 0), ((3, 700, 33), (0, 1)), ((2, 300, 40), (0, 1))])
def test_statistic_over_leading_axes_matches_numpy(name, shape, axis, device):
    # The innermost kept axis is contiguous: CUDA's 32-outputs-per-block reduction (Note [CUDA reductions]).
    x = numpy.round(array_utils.make_numpy(shape, 'float32'))  # exact sums in any order
    out = _ROUTINES[name][0](chx.array(x, device=device), axis)
    rtol = 1e-4 if name == 'var' else 1e-6  # var's float32 squares round
    array_utils.assert_array_equal(out, _ROUTINES[name][2](x, axis, False), rtol=rtol)


def test_mean_of_float16_does_not_overflow_the_sum():
    # The sum, 70000, is above float16's maximum (65504); the mean is not.
    array_utils.assert_array_equal(chx.mean(chx.full((70000,), 1, 'float16')), numpy.float16(1))


def _distinct_input(shape, dtype, seed=0):
    """Distinct absolute values (multiples of 1/4), random signs: no ties, also after squaring."""
    rng = numpy.random.default_rng(seed)
    size = int(numpy.prod(shape))
    values = (rng.permutation(size) + 1) / 4.0 * rng.choice((-1, 1), size)
    return chx.array(values.reshape(shape).astype(dtype))


_GRAD_CASES = [
    ((), None),
    ((3,), 0),
    ((2, 3), None),
    ((2, 3), 1),
    ((2, 3, 4), (0, 2)),
    ((2, 3), ()),
]


@pytest.mark.parametrize('name', sorted(_ROUTINES))
@pytest.mark.parametrize('shape,axis', _GRAD_CASES + [((0, 3), 1)])
@pytest.mark.parametrize('keepdims', [False, True])
@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_statistic_backward_and_double_backward(name, shape, axis, keepdims, dtype):
    x = _distinct_input(shape, dtype)

    def fn(a):
        return _ROUTINES[name][0](a, axis, keepdims)

    with chx.no_backprop_mode():
        out_shape = fn(x).shape
    gy = array_utils.make_grad_input(out_shape, dtype, seed=1)
    array_utils.check_backward(fn, [x], gy, dtype)
    # var is quadratic already; squaring first would make it quartic, which central differences
    # with float32's step do not differentiate exactly.
    double_fn = fn if name == 'var' else (lambda a: fn(a * a))
    array_utils.check_double_backward(
        double_fn, [x], gy, array_utils.make_grad_input(shape, dtype, 2), dtype
    )


@pytest.mark.parametrize('name', ['mean', 'var'])
def test_moment_backward_in_float16(name):
    x = array_utils.make_grad_input((2, 3), 'float16')
    gy = array_utils.make_grad_input((2,), 'float16', seed=1)
    array_utils.check_backward(lambda a: _ROUTINES[name][0](a, 1), [x], gy, 'float16')


@pytest.mark.parametrize('name,expected', [('amax', [0, 1, 1, 0]), ('amin', [1, 0, 0, 1])])
def test_extremum_gradient_goes_in_full_to_every_tied_element(name, expected):
    x = chx.array([1.0, 5.0, 5.0, 1.0]).require_grad()
    _ROUTINES[name][0](x).backward()
    array_utils.assert_array_equal(x.grad, numpy.array(expected, 'float64'))
