"""chainerx._core._sum_squares (the squared L2 norms of F.batch_l2_norm_squared, F.mean_squared_error and gradient
clipping on chainerx): against NumPy for every float dtype, axes, keepdims, 0-d, zero-size and strided inputs,
gradients of first and second order, and bad arguments."""

import numpy
import pytest

import chainerx as chx

import array_utils

_SHAPE_AXES = [
    ((), None),
    ((0,), None),
    ((5,), 0),
    ((3, 4), None),
    ((3, 4), 1),
    ((3, 4), (0, 1)),
    ((2, 3, 4), (1, 2)),
    ((2, 3, 4), -2),
    ((2, 0, 3), 1),
    ((2, 0, 3), (0, 2)),
]


@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
@pytest.mark.parametrize('shape,axis', _SHAPE_AXES)
@pytest.mark.parametrize('keepdims', [False, True])
def test_matches_numpy(shape, axis, keepdims, dtype, device):
    x_np = array_utils.make_numpy(shape, dtype, seed=0, contiguous=len(shape) < 2)
    out = chx._core._sum_squares(chx.array(x_np, device=device), axis, keepdims)
    expected = numpy.square(x_np.astype(numpy.float64)).sum(axis=axis, keepdims=keepdims)
    assert out.device is device and out.dtype == dtype and out.shape == expected.shape
    rtol, atol = array_utils.tolerance(dtype)
    numpy.testing.assert_allclose(chx.to_numpy(out).astype(numpy.float64), expected, rtol=rtol, atol=atol)


@pytest.mark.parametrize('shape,axis,keepdims', [((3, 4), None, False), ((2, 3, 4), (0, 2), True), ((4, 3), 1, False)])
def test_gradients(shape, axis, keepdims):
    x = array_utils.make_grad_input(shape, 'float64', seed=1)
    out_shape = numpy.square(chx.to_numpy(x)).sum(axis=axis, keepdims=keepdims).shape
    gy = array_utils.make_grad_input(out_shape, 'float64', seed=2)
    ggx = array_utils.make_grad_input(shape, 'float64', seed=3)

    def fn(a):
        return chx._core._sum_squares(a, axis, keepdims)

    array_utils.check_backward(fn, [x], [gy], 'float64')
    array_utils.check_double_backward(fn, [x], [gy], [ggx], 'float64')


def test_gradient_is_twice_x_times_gout(device):
    x_np = numpy.array([[1., -2., 3.], [0.5, 0., -1.]], 'float32')
    x = chx.array(x_np, device=device).require_grad()
    gy = chx.array(numpy.array([2., -1.], 'float32'), device=device)
    gx, = chx.grad([chx._core._sum_squares(x, 1)], [x], grad_outputs=[gy])
    numpy.testing.assert_array_equal(chx.to_numpy(gx), 2 * x_np * numpy.array([[2.], [-1.]], 'float32'))


def test_numpy_integer_axis_and_default():
    x_np = numpy.arange(6, dtype='float32').reshape(2, 3)
    assert float(chx.to_numpy(chx._core._sum_squares(chx.array(x_np)))) == 55
    numpy.testing.assert_array_equal(chx.to_numpy(chx._core._sum_squares(chx.array(x_np), numpy.int64(1))), [5, 50])


@pytest.mark.parametrize('dtype', array_utils.INT_DTYPES + ('bool_',))
def test_non_float_raises_dtype_error(dtype):
    with pytest.raises(chx.DtypeError):
        chx._core._sum_squares(chx.zeros((2, 3), dtype))


@pytest.mark.parametrize('axis', [2, -3, (1, 1)])
def test_bad_axis_raises_dimension_error(axis):
    with pytest.raises(chx.DimensionError):
        chx._core._sum_squares(chx.zeros((2, 3), 'float32'), axis)
