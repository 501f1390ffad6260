"""Elementwise losses (spec A.12): absolute_error, squared_error, gaussian_kl_divergence and
huber_loss, and _bernoulli_nll and _gaussian_nll (F.bernoulli_nll's and F.gaussian_nll's routines),
against NumPy references, with broadcasting, every dtype, and gradients of first and second order. No
loss takes a `reduce` argument."""

import numpy
import pytest

import chainerx as chx

import array_utils

# Differences x1 - x2 in gradient checks are odd multiples of 1/8: 1/16 away from this kink.
_HUBER_DELTA = 0.5625


def _huber(x1, x2, delta):
    d = numpy.abs(x1 - x2)
    return numpy.where(d < delta, d * d / 2, delta * (d - delta / 2))


def _math_result_dtype(dtype1, dtype2):
    return array_utils.result_dtype(array_utils.math_dtype(dtype1), array_utils.math_dtype(dtype2))


# name -> (call, NumPy reference, result dtype of two input dtypes, whether the inputs are first
# cast to their promoted dtype (subtraction of integers wraps, as in NumPy) rather than to float64).
# absolute_error and squared_error follow the rules of subtract, which rejects bool.
_LOSSES = {
    'absolute_error': (
        chx.absolute_error,
        lambda x1, x2: numpy.abs(x1 - x2),
        array_utils.result_dtype,
        True,
    ),
    # square keeps integer dtypes (and wraps), so integer differences are squared as integers.
    'squared_error': (
        chx.squared_error,
        lambda x1, x2: numpy.square(x1 - x2),
        array_utils.result_dtype,
        True,
    ),
    'gaussian_kl_divergence': (
        chx.gaussian_kl_divergence,
        lambda mean, ln_var: (mean * mean + numpy.exp(ln_var) - ln_var - 1) / 2,
        _math_result_dtype,
        False,
    ),
    'bernoulli_nll': (
        chx._core._bernoulli_nll,
        lambda x, y: numpy.logaddexp(0, y) - x * y,
        _math_result_dtype,
        False,
    ),
    'huber_loss': (
        lambda x1, x2: chx.huber_loss(x1, x2, delta=_HUBER_DELTA),
        lambda x1, x2: _huber(x1, x2, _HUBER_DELTA),
        _math_result_dtype,
        False,
    ),
}
_SUBTRACTING = [name for name in sorted(_LOSSES) if _LOSSES[name][3]]


def _expected(name, x1, x2):
    _, reference, result_dtype, subtracts_first = _LOSSES[name]
    out_dtype = result_dtype(x1.dtype, x2.dtype)
    compute_dtype = (
        array_utils.result_dtype(x1.dtype, x2.dtype) if subtracts_first else numpy.float64
    )
    return reference(x1.astype(compute_dtype), x2.astype(compute_dtype)), out_dtype


_SHAPE_PAIRS = [
    ((), ()),
    ((0,), (0,)),
    ((3,), (3,)),
    ((2, 3), (2, 3)),
    ((2, 3), (3,)),
    ((1, 3), (2, 1)),
    ((), (2, 2)),
    ((2, 3, 4), (2, 3, 4)),
]


# Bool inputs of the subtracting losses raise (see test_bool_inputs_raise_dtype_error).
_NAME_DTYPES = [
    (name, dtype)
    for name in sorted(_LOSSES)
    for dtype in array_utils.ALL_DTYPES
    if not (dtype == 'bool_' and name in _SUBTRACTING)
]


@pytest.mark.parametrize('name,dtype', _NAME_DTYPES)
@pytest.mark.parametrize('shape1,shape2', _SHAPE_PAIRS)
def test_matches_numpy(name, dtype, shape1, shape2, device):
    x1 = array_utils.make_numpy(shape1, dtype, seed=0, contiguous=len(shape1) < 2)
    x2 = array_utils.make_numpy(shape2, dtype, seed=1)
    out = _LOSSES[name][0](chx.array(x1, copy=False, device=device), chx.array(x2, device=device))
    assert out.device is device
    expected, out_dtype = _expected(name, x1, x2)
    array_utils.assert_array_equal(out, expected, dtype=out_dtype)


@pytest.mark.parametrize('name', sorted(_LOSSES))
@pytest.mark.parametrize(
    'dtype1,dtype2', [('int8', 'float16'), ('float32', 'float64'), ('uint8', 'int8')]
)
def test_mixed_dtypes_promote(name, dtype1, dtype2):
    x1 = array_utils.make_numpy((2, 3), dtype1, seed=0)
    x2 = array_utils.make_numpy((2, 3), dtype2, seed=1)
    expected, out_dtype = _expected(name, x1, x2)
    # Each operand is computed in its own precision before the promotion.
    floats = [array_utils.math_dtype(d) for d in (dtype1, dtype2)]
    rtol, atol = array_utils.tolerance(
        min(floats, key=lambda d: d.itemsize) if out_dtype.kind == 'f' else out_dtype
    )
    out = _LOSSES[name][0](chx.array(x1), chx.array(x2))
    array_utils.assert_array_equal(out, expected, dtype=out_dtype, rtol=rtol, atol=atol)


@pytest.mark.parametrize('name', _SUBTRACTING)
def test_bool_inputs_raise_dtype_error(name):
    with pytest.raises(chx.DtypeError):
        _LOSSES[name][0](chx.array([True, False]), chx.array([False, False]))


@pytest.mark.parametrize('name', sorted(_LOSSES))
def test_non_broadcastable_shapes_raise_dimension_error(name):
    with pytest.raises(chx.DimensionError):
        _LOSSES[name][0](chx.ones((2, 3)), chx.ones((4,)))


def test_huber_loss_requires_delta():
    with pytest.raises(TypeError):
        chx.huber_loss(chx.ones((2,)), chx.ones((2,)))


@pytest.mark.parametrize('name', sorted(_LOSSES))
def test_no_reduce_argument(name):
    routine = getattr(chx, name, None) or getattr(chx._core, '_' + name)
    with pytest.raises(TypeError):
        routine(chx.ones((2,)), chx.ones((2,)), reduce='no')


def _grad_inputs(shape1, shape2, dtype):
    # x2 is shifted by 1/8, so x1 - x2 stays 1/8 away from the kink of |d| at 0.
    return [
        array_utils.make_grad_input(shape1, dtype, seed=0),
        array_utils.make_grad_input(shape2, dtype, seed=1) + 0.125,
    ]


@pytest.mark.parametrize('name', sorted(_LOSSES))
@pytest.mark.parametrize('shape1,shape2', [((2, 3), (2, 3)), ((2, 3), (3,)), ((0, 2), (0, 2))])
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_backward_and_double_backward(name, shape1, shape2, dtype):
    call = _LOSSES[name][0]
    xs = _grad_inputs(shape1, shape2, dtype)
    with chx.no_backprop_mode():
        out_shape = call(*xs).shape
    gy = array_utils.make_grad_input(out_shape, dtype, seed=2)
    # exp is not a polynomial: gaussian_kl_divergence needs small steps in float64 and looser
    # tolerances in lower precisions.
    # Kinked losses need steps under 1/16 (see _grad_inputs), coarse in float16.
    options = {}
    if name in ('gaussian_kl_divergence', 'bernoulli_nll'):
        options = (
            dict(array_utils.SMOOTH_GRAD_CHECK)
            if dtype == 'float64'
            else {'tolerances': (5e-2, 5e-2)}
        )
    elif dtype != 'float64':
        options = {'eps': 2**-5, 'tolerances': (5e-2, 5e-2)}
    array_utils.check_backward(call, xs, gy, dtype, **options)
    if dtype == 'float64':
        ggxs = [array_utils.make_grad_input(x.shape, dtype, seed=3 + i) for i, x in enumerate(xs)]
        array_utils.check_double_backward(call, xs, gy, ggxs, dtype, **options)


@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_huber_loss_second_derivative_is_one_inside_delta(dtype, device):
    # where(|d| < delta, d^2 / 2, delta * (|d| - delta / 2)): 1 inside (d = 0 included), 0 outside.
    d = numpy.array([0.0, 0.25, -0.5, 0.75, -2.0], dtype)
    x = chx.array(d, device=device).require_grad()
    loss = chx.huber_loss(x, chx.zeros_like(x, device=device), 0.625)
    (g,) = chx.grad([loss], [x], enable_double_backprop=True)
    array_utils.assert_array_equal(g, numpy.clip(d, -0.625, 0.625))
    (gg,) = chx.grad([g], [x])
    array_utils.assert_array_equal(gg, numpy.array([1, 1, 1, 0, 0], dtype))


def test_huber_loss_at_delta_takes_the_linear_branch():
    out = chx.huber_loss(chx.array([1.0, -1.0]), chx.zeros((2,)), 1.0)
    array_utils.assert_array_equal(out, numpy.array([0.5, 0.5]))


def _gaussian_nll(x, mean, ln_var):
    return (ln_var + numpy.log(2 * numpy.pi)) / 2 + (x - mean) ** 2 * numpy.exp(-ln_var) / 2


# (x, mean, ln_var) shapes: equal, broadcast each way, 0-d and zero-size.
_NLL_SHAPES = [
    ((2, 3), (2, 3), (2, 3)),
    ((2, 3), (3,), (2, 1)),
    ((), (2,), ()),
    ((0, 3), (3,), (1, 3)),
]


@pytest.mark.parametrize('shapes', _NLL_SHAPES)
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_gaussian_nll_matches_numpy(shapes, dtype, device):
    x, mean, ln_var = (array_utils.make_numpy(shape, dtype, seed=i) for i, shape in enumerate(shapes))
    out = chx._core._gaussian_nll(*(chx.array(a, device=device) for a in (x, mean, ln_var)))
    out_dtype = array_utils.math_dtype(dtype)
    wide = [a.astype('float64') for a in (x, mean, ln_var)]
    # float16: x - mean is rounded before it is squared and scaled (up to 20x here), a few units in the last place.
    tol = 5e-3 if out_dtype == numpy.float16 else None
    array_utils.assert_array_equal(out, _gaussian_nll(*wide), dtype=out_dtype, rtol=tol, atol=tol)


@pytest.mark.parametrize('shapes', _NLL_SHAPES[:2])
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_gaussian_nll_backward_and_double_backward(shapes, dtype):
    options = dict(array_utils.SMOOTH_GRAD_CHECK) if dtype == 'float64' else {'tolerances': (5e-2, 5e-2)}
    xs = [array_utils.make_grad_input(shape, dtype, seed=i) for i, shape in enumerate(shapes)]
    with chx.no_backprop_mode():
        out_shape = chx._core._gaussian_nll(*xs).shape
    gy = array_utils.make_grad_input(out_shape, dtype, seed=5)
    array_utils.check_backward(chx._core._gaussian_nll, xs, gy, dtype, **options)
    if dtype == 'float64':
        ggxs = [array_utils.make_grad_input(x.shape, dtype, seed=6 + i) for i, x in enumerate(xs)]
        array_utils.check_double_backward(chx._core._gaussian_nll, xs, gy, ggxs, dtype, **options)


def test_gaussian_nll_errors():
    with pytest.raises(chx.DimensionError):
        chx._core._gaussian_nll(chx.ones((2, 3)), chx.ones((4,)), chx.ones((2, 3)))
    with pytest.raises(chx.DimensionError):
        chx._core._gaussian_nll(chx.ones((2, 3)), chx.ones((3,)), chx.ones((2,)))
    with pytest.raises(TypeError):
        chx._core._gaussian_nll(chx.ones((2, 3)), numpy.ones((2, 3)), chx.ones((2, 3)))
    with pytest.raises(chx.DeviceError):
        chx._core._gaussian_nll(chx.ones((2,), device='native:0'), chx.ones((2,), device='native:1'),
                                chx.ones((2,), device='native:0'))


def test_vae_losses_of_extreme_values_stay_finite():
    # Large logits do not overflow softplus; a large ln_var does not overflow exp(-ln_var).
    logits = chx.array([-1000.0, 1000.0, 0.0])
    out = chx._core._bernoulli_nll(chx.array([1.0, 0.0, 1.0]), logits)
    numpy.testing.assert_allclose(chx.to_numpy(out), [1000.0, 1000.0, numpy.log(2)])
    out = chx._core._gaussian_nll(chx.array([1.0]), chx.array([0.0]), chx.array([80.0]))
    numpy.testing.assert_allclose(chx.to_numpy(out), [(80 + numpy.log(2 * numpy.pi)) / 2], rtol=1e-12)
