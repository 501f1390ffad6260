"""Math and extrema arithmetic: reciprocal, square, sqrt, abs/absolute, fabs, sign, maximum,
minimum, clip, and the NumPy fallbacks fix and copysign (spec A.4); __abs__ and __pos__ (B.4).
"""

import itertools
import typing

import numpy
import pytest

import chainerx as chx

import array_utils
import unary_math_tests


class _Unary(typing.NamedTuple):
    chx_func: typing.Callable
    np_func: typing.Callable
    dtype_rule: str  # 'math': non-float -> float32; 'same': the input dtype
    accepts_bool: bool


_UNARY = {
    'reciprocal': _Unary(chx.reciprocal, numpy.reciprocal, 'math', False),
    'square': _Unary(chx.square, numpy.square, 'same', False),  # integers stay integers, as in the original
    'sqrt': _Unary(chx.sqrt, numpy.sqrt, 'math', True),
    'abs': _Unary(chx.abs, numpy.abs, 'same', True),
    'absolute': _Unary(chx.absolute, numpy.abs, 'same', True),
    'abs_operator': _Unary(abs, numpy.abs, 'same', True),
    'fabs': _Unary(chx.fabs, numpy.fabs, 'math', True),
    'sign': _Unary(chx.sign, numpy.sign, 'same', True),
    'fix': _Unary(chx.fix, numpy.fix, 'math', True),
}


def _unary_expected(name, x):
    chx_func, np_func, dtype_rule, _ = _UNARY[name]
    dtype = array_utils.math_dtype(x.dtype) if dtype_rule == 'math' else x.dtype
    if dtype == numpy.bool_:
        return x  # abs and sign of a bool are the bool itself (NumPy has no bool sign)
    with numpy.errstate(all='ignore'):
        return np_func(x.astype(dtype)).astype(dtype)


@pytest.mark.parametrize('name', sorted(_UNARY))
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_unary_dtypes_and_values(name, dtype):
    x = array_utils.make_numpy((2, 3), dtype, seed=1)
    a = chx.array(x)
    if dtype == 'bool_' and not _UNARY[name].accepts_bool:
        with pytest.raises(chx.DtypeError):
            _UNARY[name].chx_func(a)
        return
    array_utils.assert_array_equal(_UNARY[name].chx_func(a), _unary_expected(name, x))


@pytest.mark.parametrize('name', sorted(_UNARY))
@pytest.mark.parametrize('dtype', ['int8', 'float32'])
@pytest.mark.parametrize('shape', array_utils.SHAPES)
@pytest.mark.parametrize('contiguous', [True, False])
def test_unary_shapes_and_strides(name, dtype, shape, contiguous, device):
    x = array_utils.make_numpy(shape, dtype, seed=2, contiguous=contiguous)
    out = _UNARY[name].chx_func(chx.array(x, copy=False, device=device))
    assert out.device is device
    array_utils.assert_array_equal(out, _unary_expected(name, x))


def test_unary_special_values():
    x = numpy.array([numpy.nan, -numpy.inf, numpy.inf, -0.0, 0.0, -2.5])
    for name in ('reciprocal', 'square', 'sqrt', 'abs', 'fabs', 'sign', 'fix'):
        out = _UNARY[name].chx_func(chx.array(x))
        array_utils.assert_array_equal(out, _unary_expected(name, x))
    int_min = numpy.array([-128, -1, 0, 127], 'int8')
    array_utils.assert_array_equal(chx.abs(chx.array(int_min)), numpy.abs(int_min))


def test_aliases_are_the_same_objects():
    assert chx.absolute is chx.abs


def test_pos_returns_a_copy():
    a = chx.array(numpy.array([1, -2], 'int16'))
    b = +a
    assert b is not a and b.data_ptr != a.data_ptr
    array_utils.assert_array_equal(b, numpy.array([1, -2], 'int16'))


# name -> (chainerx function, NumPy function)
_EXTREMA = {'maximum': (chx.maximum, numpy.maximum), 'minimum': (chx.minimum, numpy.minimum)}


@pytest.mark.parametrize('name', sorted(_EXTREMA))
@pytest.mark.parametrize('dtype1,dtype2', list(itertools.product(array_utils.ALL_DTYPES, repeat=2)))
def test_extrema_array_array_dtypes_and_values(name, dtype1, dtype2):
    x1 = array_utils.make_numpy((2, 3), dtype1, seed=1)
    x2 = array_utils.make_numpy((2, 3), dtype2, seed=2)
    dtype = array_utils.result_dtype(dtype1, dtype2)
    chx_func, np_func = _EXTREMA[name]
    if (dtype1 == 'bool_') != (dtype2 == 'bool_'):  # the original does not mix bool with numbers
        with pytest.raises(chx.DtypeError):
            chx_func(chx.array(x1), chx.array(x2))
        return
    expected = np_func(x1.astype(dtype), x2.astype(dtype))
    array_utils.assert_array_equal(chx_func(chx.array(x1), chx.array(x2)), expected)


@pytest.mark.parametrize('name', sorted(_EXTREMA))
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
@pytest.mark.parametrize('scalar', [1, -1, 0.5, True, numpy.float32(1.5)])
def test_extrema_array_scalar(name, dtype, scalar):
    if dtype == 'uint8' and scalar == -1:
        pytest.skip('a negative scalar wraps in an unsigned array (as a C++ cast)')
    x = array_utils.make_numpy((2, 3), dtype, seed=3)
    dtype_out = array_utils.scalar_result_dtype(dtype, scalar)
    chx_func, np_func = _EXTREMA[name]
    value = numpy.asarray(scalar).astype(dtype_out)
    expected = np_func(x.astype(dtype_out), value)
    array_utils.assert_array_equal(chx_func(chx.array(x), scalar), expected)
    array_utils.assert_array_equal(chx_func(scalar, chx.array(x)), expected)


@pytest.mark.parametrize('name', sorted(_EXTREMA))
@pytest.mark.parametrize(
    'shape1,shape2', [((), (2, 3)), ((2, 1), (1, 3)), ((0, 3), (3,)), ((3,), (2, 3))]
)
def test_extrema_broadcast_and_non_contiguous(name, shape1, shape2, device):
    x1 = array_utils.make_numpy(shape1, 'float32', seed=1, contiguous=False)
    x2 = array_utils.make_numpy(shape2, 'float32', seed=2)
    a1, a2 = chx.array(x1, copy=False, device=device), chx.array(x2, device=device)
    array_utils.assert_array_equal(_EXTREMA[name][0](a1, a2), _EXTREMA[name][1](x1, x2))


@pytest.mark.parametrize('name', sorted(_EXTREMA))
def test_extrema_propagate_nan_and_check_shapes(name):
    x1 = numpy.array([numpy.nan, 1.0, numpy.nan, -numpy.inf])
    x2 = numpy.array([1.0, numpy.nan, numpy.nan, 0.0])
    chx_func, np_func = _EXTREMA[name]
    array_utils.assert_array_equal(chx_func(chx.array(x1), chx.array(x2)), np_func(x1, x2))
    with pytest.raises(chx.DimensionError):
        chx_func(chx.ones((2, 3)), chx.ones((4,)))
    with pytest.raises(TypeError):
        chx_func(1, 2)


@pytest.mark.parametrize('name', sorted(_EXTREMA))
def test_extrema_ties_send_the_gradient_to_the_first_operand(name):
    x1 = chx.array([1.0, 2.0]).require_grad()
    x2 = chx.array([1.0, 2.0]).require_grad()
    _EXTREMA[name][0](x1, x2).sum().backward()
    array_utils.assert_array_equal(x1.grad, numpy.ones(2))
    array_utils.assert_array_equal(x2.grad, numpy.zeros(2))


@pytest.mark.parametrize('name', sorted(_EXTREMA))
@pytest.mark.parametrize('scalar', [0.0, -0.0, 1.0, float('nan'), float('inf')])
@pytest.mark.parametrize('scalar_first', [False, True])
def test_extrema_with_a_scalar_are_the_array_forms_with_a_0d_array(name, scalar, scalar_first, device):
    # The scalar forms have kernels of their own (MaximumASKernel, ...); ties, signed zeros and NaN choose the same
    # operand as the array form with the scalar as a 0-d array, and so do the gradients.
    x = numpy.array([0.0, -0.0, 1.0, -1.0, numpy.nan, numpy.inf], 'float32')
    fn = _EXTREMA[name][0]

    def both(arg):
        a = chx.array(x, device=device).require_grad()
        out = fn(arg, a) if scalar_first else fn(a, arg)
        (out * 3).sum().backward()
        return out, a.grad

    (out, grad), (expected, expected_grad) = both(scalar), both(chx.array(scalar, 'float32', device=device))
    array_utils.assert_array_equal(out, chx.to_numpy(expected))
    assert list(numpy.signbit(chx.to_numpy(out))) == list(numpy.signbit(chx.to_numpy(expected)))
    array_utils.assert_array_equal(grad, chx.to_numpy(expected_grad))


@pytest.mark.parametrize('name', sorted(_EXTREMA))
@pytest.mark.parametrize('contiguous', [True, False])
@pytest.mark.parametrize('shape', [(), (0, 3), (2, 3)])
def test_extrema_with_a_scalar_read_strided_and_empty_arrays(name, contiguous, shape, device):
    x = array_utils.make_numpy(shape, 'int16', seed=4, contiguous=contiguous)
    a = chx.array(x, copy=False, device=device)
    chx_func, np_func = _EXTREMA[name]
    array_utils.assert_array_equal(chx_func(a, 2), np_func(x, numpy.int16(2)))
    array_utils.assert_array_equal(chx_func(-3, a), np_func(numpy.int16(-3), x))


def _extremum_inputs(shapes, dtype):
    """x1 holds multiples of 1/4 and x2 odd multiples of 1/8: no ties within a numerical step."""
    rng = numpy.random.default_rng(0)
    x2 = (rng.integers(-8, 8, shapes[1]) * 2 + 1) / 8.0
    return [array_utils.make_grad_input(shapes[0], dtype), chx.array(x2.astype(dtype))]


def _positive_inputs(shapes, dtype):
    x = chx.to_numpy(array_utils.make_grad_input(shapes[0], dtype))
    return [chx.array(numpy.abs(x) + numpy.asarray(0.5, dtype))]


def _default_inputs(shapes, dtype):
    return [array_utils.make_grad_input(shapes[0], dtype)]


# name -> (function of arrays, input maker)
_DIFFERENTIABLE = {
    'reciprocal': (chx.reciprocal, _default_inputs),
    'square': (chx.square, _default_inputs),
    'sqrt': (chx.sqrt, _positive_inputs),
    'abs': (chx.abs, _default_inputs),
    'fabs': (chx.fabs, _default_inputs),
    'maximum': (chx.maximum, _extremum_inputs),
    'minimum': (chx.minimum, _extremum_inputs),
    'maximum_scalar': (lambda x: chx.maximum(x, 0.125) * x, _default_inputs),
    'minimum_scalar_first': (lambda x: chx.minimum(-0.125, x) * x, _default_inputs),
    'clip': (lambda x: chx.clip(x, -1.125, 0.875) * x, _default_inputs),
    'clip_method': (lambda x: x.clip(None, 0.875) * x, _default_inputs),
}


def _grad_case(name, shape, dtype):
    fn, make_inputs = _DIFFERENTIABLE[name]
    inputs = make_inputs((shape, shape[-1:]), dtype)
    with chx.no_backprop_mode():
        out_shape = fn(*inputs).shape
    return fn, inputs, array_utils.make_grad_input(out_shape, dtype, seed=10)


# Backward on each shape, double backward and float16/float32 at (2, 3).
unary_math_tests.install_gradient_tests(
    globals(), _grad_case, sorted(_DIFFERENTIABLE), shapes=[(), (2, 3), (0, 2)],
    double_backward_shape=(2, 3),
)


def test_sign_and_fallbacks_are_not_differentiable():
    x = chx.array([1.5, -2.5]).require_grad()
    assert not chx.sign(x).is_backprop_required()
    assert not chx.fix(x).is_backprop_required()
    assert not chx.copysign(x, -1.0).is_backprop_required()


@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_clip_matches_numpy(dtype):
    x = array_utils.make_numpy((2, 3), dtype, seed=4)
    a = chx.array(x)
    bounds = (0, 1) if dtype in ('bool_', 'uint8') else (-1, 2)
    dtype_out = array_utils.scalar_result_dtype(dtype, bounds[0])  # bool with int bounds: int32
    expected = numpy.clip(x.astype(dtype_out), *bounds).astype(dtype_out)
    array_utils.assert_array_equal(chx.clip(a, *bounds), expected)
    array_utils.assert_array_equal(a.clip(*bounds), expected)
    expected_max_only = numpy.minimum(x.astype(dtype_out), bounds[1]).astype(dtype_out)
    array_utils.assert_array_equal(chx.clip(a, None, bounds[1]), expected_max_only)


@pytest.mark.parametrize(
    'a_min,a_max,error',
    [
        (None, None, ValueError),
        (chx.zeros(()), 1, TypeError),
        (0, numpy.ones(3), TypeError),
        ('0', None, TypeError),
    ],
)
def test_clip_errors(a_min, a_max, error):
    with pytest.raises(error):
        chx.clip(chx.ones(3), a_min, a_max)


@pytest.mark.parametrize(
    'dtype1,dtype2',
    [('float32', 'float32'), ('int8', 'float64'), ('int32', 'int32'), ('bool_', 'float16')],
)
@pytest.mark.parametrize('shapes', [((2, 3), (2, 3)), ((2, 3), (3,)), ((), (2,))])
def test_copysign_matches_numpy_in_the_math_dtype(dtype1, dtype2, shapes, device):
    x1 = array_utils.make_numpy(shapes[0], dtype1, seed=1)
    x2 = array_utils.make_numpy(shapes[1], dtype2, seed=2)
    out = chx.copysign(chx.array(x1, device=device), chx.array(x2, device=device))
    dtype = array_utils.math_dtype(array_utils.result_dtype(dtype1, dtype2))
    assert out.device is device
    array_utils.assert_array_equal(out, numpy.copysign(x1, x2).astype(dtype))
    scalar_out = chx.copysign(-2, chx.array(x2, device=device))
    array_utils.assert_array_equal(
        scalar_out, numpy.copysign(-2, x2).astype(array_utils.math_dtype(dtype2))
    )


@pytest.mark.parametrize(
    'args,error',
    [
        ((1.0, 2.0), TypeError),
        ((chx.ones(2), 'x'), TypeError),
        ((chx.ones(2), chx.ones(3)), chx.DimensionError),
        ((chx.ones(2, device='native:0'), chx.ones(2, device='native:1')), chx.DeviceError),
    ],
)
def test_copysign_errors(args, error):
    with pytest.raises(error):
        chx.copysign(*args)


def test_fix_rejects_non_arrays():
    with pytest.raises(TypeError):
        chx.fix(1.5)


def _clip_composed(x, low, high):
    return chx.minimum(chx.maximum(x, low), high)


def _same_values(actual, expected):
    actual, expected = chx.to_numpy(actual), chx.to_numpy(expected)
    assert actual.dtype == expected.dtype and actual.shape == expected.shape
    numbers = ~numpy.isnan(expected) if expected.dtype.kind == 'f' else numpy.ones(expected.shape, bool)
    assert numpy.array_equal(numpy.isnan(actual), ~numbers) if expected.dtype.kind == 'f' else True
    assert numpy.array_equal(actual[numbers], expected[numbers])
    if expected.dtype.kind == 'f':  # signed zeros too
        assert numpy.array_equal(numpy.signbit(actual[numbers]), numpy.signbit(expected[numbers]))


@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
@pytest.mark.parametrize('shape,contiguous', [((), True), ((0, 3), True), ((3, 4), True), ((3, 4), False)])
def test_clip_in_one_kernel_gives_the_composition(dtype, shape, contiguous, device):
    # Note [Clip in one pass]: ClipKernel applies maximum's and minimum's formulas, ties and NaN included.
    x = array_utils.make_numpy(shape, dtype, seed=7, contiguous=contiguous)
    if x.dtype.kind == 'f' and x.size:
        x.flat[0], x.flat[-1] = numpy.nan, -0.0
    a = chx.array(x, copy=False, device=device)
    bounds = [(False, True)] if dtype == 'bool_' else [(0, 2), (-1, 1), (1, 1), (2, 0)]
    if dtype.startswith('float'):
        bounds += [(-0.0, 0.0), (0.0, -0.0), (-numpy.inf, 0.5), (float('nan'), 1.0), (-1.0, float('nan'))]
    for low, high in bounds:
        if dtype == 'uint8' and min(low, high) < 0:
            continue
        out = chx.clip(a, low, high)
        assert out.device is device
        _same_values(out, _clip_composed(a, low, high))


@pytest.mark.parametrize('dtype', ['float16', 'float32', 'float64'])
def test_clip_gradient_is_the_compositions(dtype, device):
    # At the bounds (ties go to x, as in maximum and minimum), at NaN, and with an infinite output gradient
    # (inf * 0 is NaN in both); first and second order.
    x = numpy.array([-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0, numpy.nan], dtype)
    gy = numpy.array([1.0, 2.0, 3.0, numpy.inf, 5.0, 6.0, numpy.inf, 8.0], dtype)
    grads = []
    for clip in (chx.clip, _clip_composed):
        a = chx.array(x, device=device).require_grad()
        g = chx.array(gy, device=device).require_grad()
        y = clip(a, -1.0, 1.0)
        gx, = chx.grad([y], [a], grad_outputs=[g], enable_double_backprop=True)
        ggy, = chx.grad([(gx * gx).sum()], [g])
        grads.append((gx, ggy))
    _same_values(grads[0][0], grads[1][0])
    _same_values(grads[0][1], grads[1][1])


def test_clip_is_one_graph_node(capsys):
    x = chx.array([-2.0, 0.5, 3.0]).require_grad()
    y = chx.clip(x, -1.0, 1.0)
    y._debug_dump_computational_graph()
    graph = capsys.readouterr().out
    assert 'clip' in graph and 'maximum' not in graph and 'minimum' not in graph, graph
    gx, = chx.grad([y], [x])
    array_utils.assert_array_equal(gx, numpy.array([0.0, 1.0, 0.0]))


def test_clip_with_bounds_of_two_dtypes_composes():
    # maximum(int32, 0) stays int32, then minimum(int32, 2.5) promotes to float32: the two steps' dtypes differ.
    x = numpy.array([-3, 0, 1, 2, 3], 'int32')
    out = chx.clip(chx.array(x), 0, 2.5)
    array_utils.assert_array_equal(out, numpy.minimum(numpy.maximum(x, 0), 2.5).astype('float32'))
    out = chx.clip(chx.array(x), -0.5, 2)  # float low: both steps in float32
    array_utils.assert_array_equal(out, numpy.clip(x.astype('float32'), -0.5, 2))


@pytest.mark.parametrize('low,high', [(0, 300), (-300, 1)])
def test_clip_with_an_integer_bound_out_of_range_raises_overflow(low, high):
    with pytest.raises(OverflowError):
        chx.clip(chx.zeros(3, 'int8'), low, high)


def test_clip_takes_numpy_scalars_and_rejects_non_arrays():
    x = chx.array([-2.0, 0.5, 3.0], 'float32')
    array_utils.assert_array_equal(chx.clip(x, numpy.float64(-1), numpy.int8(1)), numpy.array([-1, 0.5, 1], 'float32'))
    with pytest.raises(TypeError):
        chx.clip(numpy.ones(3), -1, 1)
