"""relu, sigmoid, elu, leaky_relu, clipped_relu, crelu, softplus (spec A.12): forward against NumPy
references over all dtypes (non-float inputs compute in float32), gradients of first and second
order, overflow-free large inputs and bad axes."""

import numpy
import pytest

import chainerx as chx

import array_utils


def _relu(x):
    return numpy.maximum(x, 0)


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def _crelu(x, axis=1):
    return numpy.concatenate([_relu(x), _relu(-x)], axis=axis)


# name -> NumPy reference computing in float64 with the routine's keyword arguments.
_REFERENCES = {
    'relu': _relu,
    'sigmoid': _sigmoid,
    'elu': lambda x, alpha=1.0: numpy.where(x > 0, x, alpha * numpy.expm1(numpy.minimum(x, 0))),
    'leaky_relu': lambda x, slope=0.2: numpy.where(x >= 0, x, slope * x),
    'clipped_relu': lambda x, z=20.0: numpy.minimum(numpy.maximum(x, 0), z),
    'crelu': _crelu,
    'softplus': lambda x, beta=1.0: numpy.logaddexp(0, beta * x) / beta,
}

# (name, keyword arguments): every routine with its defaults and with non-default parameters. Kinks
# of the piecewise-linear functions (0, z) avoid the multiples of 1/4 that gradient checks use.
_ROWS = [
    ('relu', {}),
    ('sigmoid', {}),
    ('elu', {}),
    ('elu', {'alpha': 0.5}),
    ('leaky_relu', {}),
    ('leaky_relu', {'slope': 1.5}),
    ('clipped_relu', {}),
    ('clipped_relu', {'z': 1.125}),
    ('crelu', {}),
    ('crelu', {'axis': 0}),
    ('crelu', {'axis': -1}),
    ('softplus', {}),
    ('softplus', {'beta': 2.0}),
]
_SMOOTH = {'sigmoid', 'elu', 'softplus'}


def _accepts(name, kwargs, shape):
    """Whether the row applies to the shape: crelu needs its axis to exist."""
    if name != 'crelu':
        return True
    axis = kwargs.get('axis', 1)
    return -len(shape) <= axis < len(shape)


def _call(name, x, kwargs):
    return getattr(chx, name)(x, **kwargs)


def _cases(shapes):
    """(name, kwargs, shape) for every row and every shape it accepts."""
    return [
        (name, kwargs, shape)
        for name, kwargs in _ROWS
        for shape in shapes
        if _accepts(name, kwargs, shape)
    ]


@pytest.mark.parametrize('name,kwargs,shape', _cases(array_utils.SHAPES))
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_matches_numpy(name, kwargs, shape, dtype, device):
    x = array_utils.make_numpy(shape, dtype, contiguous=len(shape) < 2)
    out = _call(name, chx.array(x, copy=False, device=device), kwargs)
    assert out.device is device
    expected = _REFERENCES[name](x.astype(numpy.float64), **kwargs)
    array_utils.assert_array_equal(out, expected, dtype=array_utils.math_dtype(dtype))


@pytest.mark.parametrize('name', sorted(_REFERENCES))
def test_transposed_input_matches_numpy(name):
    x = array_utils.make_numpy((3, 4, 2), 'float32').transpose(2, 0, 1)
    out = getattr(chx, name)(chx.array(x, copy=False))
    array_utils.assert_array_equal(out, _REFERENCES[name](x.astype(numpy.float64)), dtype='float32')


@pytest.mark.parametrize('name', sorted(_REFERENCES))
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_large_inputs_do_not_overflow(name, dtype):
    x = numpy.array([[-1000.0, -20.0, 0.0], [20.0, 1000.0, -0.5]]).astype(dtype)
    with numpy.errstate(over='ignore'):
        expected = _REFERENCES[name](x.astype(numpy.float64))
    array_utils.assert_array_equal(getattr(chx, name)(chx.array(x)), expected, dtype=dtype)


def test_nan_propagates_through_relu():
    out = chx.to_numpy(chx.relu(chx.array([numpy.nan, -1.0, 2.0])))
    assert numpy.isnan(out[0]) and out[1] == 0 and out[2] == 2


# (name, kwargs, x, the gradient there): leaky_relu takes the right derivative at 0, elu the left one, as Chainer's
# functions do; large inputs keep finite gradients (no overflow in the branch not taken); NaN stays NaN.
_KINKS_AND_EDGES = [
    ('leaky_relu', {}, [0.0, -1.0, 2.0], [1.0, 0.2, 1.0]),
    ('leaky_relu', {'slope': -0.5}, [0.0, -2.0], [1.0, -0.5]),
    ('leaky_relu', {'slope': 0.0}, [-3.0, 0.0], [0.0, 1.0]),
    ('elu', {}, [0.0, 1.0, -1000.0, 1000.0], [1.0, 1.0, 0.0, 1.0]),
    ('elu', {'alpha': 2.0}, [0.0, -1.0], [2.0, 2.0 * numpy.exp(-1.0)]),
    ('softplus', {}, [0.0, 1000.0, -1000.0], [0.5, 1.0, 0.0]),
    ('softplus', {'beta': 2.0}, [0.0, 500.0], [0.5, 1.0]),
]


@pytest.mark.parametrize('name,kwargs,x,expected', _KINKS_AND_EDGES)
def test_parametric_activation_gradients_at_kinks_and_extremes(name, kwargs, x, expected, device):
    a = chx.array(numpy.array(x), device=device).require_grad()
    gx, = chx.grad([getattr(chx, name)(a, **kwargs)], [a], grad_outputs=[chx.ones(len(x), 'float64', device=device)])
    numpy.testing.assert_allclose(chx.to_numpy(gx), expected, rtol=1e-12)


# The gradient at NaN: the smooth ones' formulas give NaN; leaky_relu's is the slope, as Chainer's backward gives
# (x >= 0 is false), and as relu's is 0.
@pytest.mark.parametrize('name,nan_grad', [('leaky_relu', 0.2), ('elu', numpy.nan), ('softplus', numpy.nan)])
def test_nan_propagates_through_parametric_activations(name, nan_grad, device):
    a = chx.array(numpy.array([numpy.nan, 1.0]), device=device).require_grad()
    y = getattr(chx, name)(a)
    gx, = chx.grad([y], [a], grad_outputs=[chx.ones(2, 'float64', device=device)])
    assert numpy.isnan(chx.to_numpy(y)[0])
    numpy.testing.assert_equal(chx.to_numpy(gx)[0], nan_grad)


@pytest.mark.parametrize('axis', [2, -3])
def test_crelu_bad_axis_raises_dimension_error(axis):
    with pytest.raises(chx.DimensionError):
        chx.crelu(chx.ones((2, 3)), axis=axis)


def test_crelu_default_axis_of_1d_input_raises_dimension_error():
    with pytest.raises(chx.DimensionError):
        chx.crelu(chx.ones((3,)))


def _check_grads(name, kwargs, shape, dtype, double):
    x = array_utils.make_grad_input(shape, dtype)

    def fn(a):
        return _call(name, a, kwargs)

    with chx.no_backprop_mode():
        out_shape = fn(x).shape
    gy = array_utils.make_grad_input(out_shape, dtype, seed=1)
    # Piecewise-linear functions are differentiated exactly with the shared steps; smooth ones need
    # small steps (see SMOOTH_GRAD_CHECK).
    smooth = name in _SMOOTH and dtype == 'float64'
    options = dict(array_utils.SMOOTH_GRAD_CHECK) if smooth else {}
    if name in _SMOOTH and dtype != 'float64':
        options['tolerances'] = (5e-2, 5e-2)
    array_utils.check_backward(fn, [x], gy, dtype, **options)
    if double:
        ggx = array_utils.make_grad_input(shape, dtype, seed=2)
        array_utils.check_double_backward(fn, [x], gy, ggx, dtype, **options)


@pytest.mark.parametrize('name,kwargs,shape', _cases([(2, 3), (3, 1, 2), (2, 0)]))
def test_backward_and_double_backward(name, kwargs, shape):
    _check_grads(name, kwargs, shape, 'float64', True)


@pytest.mark.parametrize('name', sorted(_REFERENCES))
@pytest.mark.parametrize('dtype', ['float16', 'float32'])
def test_backward_in_low_precision(name, dtype):
    _check_grads(name, {}, (2, 3), dtype, False)
