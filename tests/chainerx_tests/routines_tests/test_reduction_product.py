"""chainerx._core._prod(a, axis=None, keepdims=False) and chainerx._core._cumprod(a, axis=None): numpy.prod
and numpy.cumprod for F.prod and F.cumprod (not in the original's API). Dtypes as sum: bool and integers give
int64, floats keep theirs (float16 accumulates in float). Gradients hold at zeros, to the second order (Note
[Gradient of a product with zeros], Note [Gradient of a cumulative product with zeros])."""

import numpy
import pytest

import chainerx as chx

import array_utils

_prod = chx._core._prod
_cumprod = chx._core._cumprod


def _out_dtype(dtype):
    dtype = numpy.dtype(dtype)
    return dtype if dtype.kind == 'f' else numpy.dtype('int64')


def _accumulate(x):
    return x.astype(numpy.float64 if x.dtype.kind == 'f' else numpy.int64)


# (shape, axis, keepdims): all axes, one, several, negative, 0-d, zero-size (empty products are 1).
_PROD_CASES = [
    ((), None, False),
    ((5,), None, False),
    ((5,), 0, True),
    ((2, 3), 1, False),
    ((2, 3, 4), (0, 2), False),
    ((2, 3, 4), -1, True),
    ((2, 3, 4), (2, 0, 1), False),
    ((0,), None, False),
    ((2, 0, 3), 1, False),
    ((2, 0, 3), (0, 2), True),
]


@pytest.mark.parametrize('shape,axis,keepdims', _PROD_CASES)
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_prod_matches_numpy(shape, axis, keepdims, dtype, device):
    x = array_utils.make_numpy(shape, dtype, contiguous=len(shape) != 3, low=-2, high=2)
    out = _prod(chx.array(x, device=device), axis, keepdims)
    expected = numpy.prod(_accumulate(x), axis=axis, keepdims=keepdims).astype(_out_dtype(dtype))
    assert out.device is device
    array_utils.assert_array_equal(out, expected)


def test_prod_of_float16_accumulates_in_float():
    # 1.001 ** 3000 is about 20; in float16 steps the factor rounds to 1.
    x = numpy.full(3000, 1.001, 'float16')
    expected = numpy.prod(x.astype(numpy.float32)).astype('float16')
    array_utils.assert_array_equal(_prod(chx.array(x)), expected, rtol=1e-3)


# (shape, axis): as cumsum's cases.
_CUMPROD_CASES = [
    ((), None),
    ((5,), None),
    ((5,), -1),
    ((2, 3), None),
    ((2, 3), 0),
    ((2, 3, 4), 1),
    ((2, 3, 4), -3),
    ((0,), None),
    ((0, 3), 1),
    ((2, 0, 3), 2),
]


@pytest.mark.parametrize('shape,axis', _CUMPROD_CASES)
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_cumprod_matches_numpy(shape, axis, dtype, device):
    x = array_utils.make_numpy(shape, dtype, contiguous=len(shape) != 2, low=-2, high=2)
    out = _cumprod(chx.array(x, device=device), axis)
    expected = numpy.cumprod(_accumulate(x), axis=axis).astype(_out_dtype(dtype))
    assert out.device is device
    array_utils.assert_array_equal(out, expected)


# Long lanes take the chunked block scans on CUDA (Note [CUDA cumulative sums]); factors of +-1 keep every partial
# product exact, whatever the grouping.
@pytest.mark.parametrize('shape,view,axis', [
    ((100003,), lambda x: x, 0),
    ((3, 70000), lambda x: x, 1),
    ((40, 600), lambda x: x[:, ::2], 1),
    ((9000, 2), lambda x: x.T, 1),
])
@pytest.mark.parametrize('dtype', ['int8', 'float32', 'float64'])
def test_cumprod_of_long_lanes_matches_numpy(shape, view, axis, dtype, device):
    base = numpy.random.default_rng(3).choice([-1, 1], shape).astype(dtype)
    out = _cumprod(view(chx.array(base, device=device)), axis)
    array_utils.assert_array_equal(out, numpy.cumprod(_accumulate(view(base)), axis=axis).astype(_out_dtype(dtype)))


# Rows without zeros, with one, two and three zeros (first, middle, last): the cases of both notes.
_ZEROS = numpy.array([[1.5, -2.0, 0.5, 3.0],
                      [1.5, 0.0, 0.5, 3.0],
                      [0.0, -2.0, 0.0, 3.0],
                      [0.0, 0.0, 2.0, 0.0]])


def _with_zeros(dtype, shape=None):
    x = _ZEROS if shape is None else _ZEROS.reshape(shape)
    return chx.array(x.astype(dtype))


@pytest.mark.parametrize('axis,keepdims', [(1, False), (0, True), (None, False), ((0, 1), True)])
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_prod_gradients_with_zeros(axis, keepdims, dtype):
    x = _with_zeros(dtype)

    def fn(a):
        return _prod(a, axis, keepdims)

    with chx.no_backprop_mode():
        out_shape = fn(x).shape
    gy = array_utils.make_grad_input(out_shape, dtype, seed=1)
    array_utils.check_backward(fn, [x], gy, dtype)
    ggx = array_utils.make_grad_input(x.shape, dtype, seed=2)
    array_utils.check_double_backward(fn, [x], gy, ggx, dtype)


def test_prod_gradient_at_zeros_is_the_product_of_the_others():
    x = chx.array(_ZEROS).require_grad()
    _prod(x, 1).sum().backward()
    expected = [[-3.0, 2.25, -9.0, -1.5], [0.0, 2.25, 0.0, 0.0], [0.0] * 4, [0.0] * 4]
    array_utils.assert_array_equal(x.grad, numpy.array(expected))


@pytest.mark.parametrize('shape,axis', [((4, 4), 1), ((4, 4), 0), ((16,), None), ((2, 2, 4), -1)])
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_cumprod_gradients_with_zeros(shape, axis, dtype):
    x = _with_zeros(dtype, shape)

    def fn(a):
        return _cumprod(a, axis)

    gy = array_utils.make_grad_input((16,) if axis is None else shape, dtype, seed=1)
    array_utils.check_backward(fn, [x], gy, dtype)
    array_utils.check_double_backward(fn, [x], gy, array_utils.make_grad_input(shape, dtype, seed=2), dtype)


@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_gradients_without_zeros(dtype):
    x = array_utils.make_grad_input((3, 4), dtype)
    gy = array_utils.make_grad_input((3,), dtype, seed=1)
    array_utils.check_backward(lambda a: _prod(a, 1), [x], gy, dtype)
    gy = array_utils.make_grad_input((3, 4), dtype, seed=1)
    array_utils.check_double_backward(
        lambda a: _cumprod(a, 1), [x], gy, array_utils.make_grad_input((3, 4), dtype, seed=2), dtype)


@pytest.mark.parametrize('routine', [lambda a: _prod(a, 1), lambda a: _cumprod(a, 1)])
def test_gradients_on_the_device(routine, device):
    x = chx.array(_ZEROS, device=device).require_grad()
    routine(x).sum().backward()
    x_native = chx.array(_ZEROS).require_grad()
    routine(x_native).sum().backward()
    array_utils.assert_array_equal(x.grad, chx.to_numpy(x_native.grad))


def test_gradients_of_zero_size_inputs():
    for routine, shape in ((lambda a: _prod(a, 0), (0, 3)), (lambda a: _cumprod(a, 1), (2, 0))):
        x = chx.zeros(shape).require_grad()
        routine(x).sum().backward()
        array_utils.assert_array_equal(x.grad, numpy.zeros(shape, 'float32'))


@pytest.mark.parametrize('call', [
    lambda a: _prod(a, 2),
    lambda a: _prod(a, (0, 0)),
    lambda a: _prod(a, -3),
    lambda a: _cumprod(a, 2),
    lambda a: _cumprod(chx.zeros(()), 0),
])
def test_bad_axes_raise_dimension_error(call):
    with pytest.raises(chx.DimensionError):
        call(chx.zeros((2, 3)))


@pytest.mark.parametrize('call', [lambda a: _prod(a, 1.5), lambda a: _cumprod(a, (0,)), lambda a: _cumprod(a, 'x')])
def test_non_integer_axes_raise_type_error(call):
    with pytest.raises(TypeError):
        call(chx.zeros((2, 3)))
