"""chainerx._core._normalize (F.normalize's routine, Note [L2 normalization in two kernels]): x / (||x|| + eps) over
the given axes, against NumPy for every float dtype, axes, zero vectors, zero-size and strided inputs, gradients of
first and second order (finite at zero vectors), and bad arguments."""

import numpy
import pytest

import chainerx as chx

import array_utils


def _expected(x, eps, axis):
    x = x.astype(numpy.float64)
    axes = tuple(range(x.ndim)) if axis is None else axis
    return x / (numpy.sqrt((x * x).sum(axis=axes, keepdims=True)) + eps)


_SHAPE_AXES = [
    ((3, 4), 1),
    ((3, 4), 0),
    ((3, 4), -1),
    ((2, 3, 4), (1, 2)),
    ((2, 3, 4), (0, 2)),
    ((2, 3, 4), None),
    ((5,), 0),
    ((), None),
    ((0, 3), 1),
    ((3, 0), 1),
    ((2, 0, 3), (0, 2)),
]


@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
@pytest.mark.parametrize('shape,axis', _SHAPE_AXES)
@pytest.mark.parametrize('eps', [1e-5, 0.5])
def test_matches_numpy(shape, axis, eps, dtype, device):
    x_np = array_utils.make_numpy(shape, dtype, seed=0, contiguous=len(shape) < 2)
    y = chx._core._normalize(chx.array(x_np, device=device), eps, axis)
    assert y.device is device and y.dtype == dtype and y.shape == shape
    rtol, atol = array_utils.tolerance(dtype)
    numpy.testing.assert_allclose(chx.to_numpy(y).astype(numpy.float64), _expected(x_np, eps, axis), rtol=rtol,
                                  atol=atol)


def test_default_eps_and_axis():
    x_np = numpy.arange(12, dtype='float32').reshape(3, 4) - 5
    numpy.testing.assert_allclose(chx.to_numpy(chx._core._normalize(chx.array(x_np))), _expected(x_np, 1e-5, 1),
                                  rtol=1e-6)


def test_zero_vectors_map_to_zero_with_finite_gradients(device):
    x_np = numpy.array([[0., 0., 0.], [3., 4., 0.]])
    x = chx.array(x_np, device=device).require_grad()
    y = chx._core._normalize(x, 0.5, 1)
    numpy.testing.assert_allclose(chx.to_numpy(y), [[0, 0, 0], [0.6 / 1.1 * 1, 0.8 / 1.1 * 1, 0]], rtol=1e-12)
    gy = chx.ones((2, 3), 'float64', device=device)
    gx, = chx.grad([y], [x], grad_outputs=[gy], enable_double_backprop=True)
    numpy.testing.assert_allclose(chx.to_numpy(gx)[0], [2., 2., 2.])
    ggx, = chx.grad([gx], [x], grad_outputs=[chx.ones((2, 3), 'float64', device=device)])
    assert numpy.isfinite(chx.to_numpy(ggx)).all()


@pytest.mark.parametrize('shape,axis', [((3, 4), 1), ((2, 3, 2), (1, 2)), ((4, 3), 0), ((2, 3), None)])
def test_gradients(shape, axis):
    # Inputs away from zero vectors, in float64 with a small step (the formula is not polynomial).
    rng = numpy.random.RandomState(0)
    x = chx.array(rng.uniform(0.5, 2, shape) * rng.choice([-1, 1], shape))
    gy = chx.array(rng.uniform(-1, 1, shape))
    ggx = chx.array(rng.uniform(-1, 1, shape))

    def fn(a):
        return chx._core._normalize(a, 1e-5, axis)

    array_utils.check_backward(fn, [x], [gy], 'float64', **array_utils.SMOOTH_GRAD_CHECK)
    array_utils.check_double_backward(fn, [x], [gy], [ggx], 'float64', **array_utils.SMOOTH_GRAD_CHECK)


@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_gradient_of_every_dtype_is_in_its_dtype(dtype, device):
    x_np = array_utils.make_numpy((3, 4), dtype, seed=1)
    x = chx.array(x_np, device=device).require_grad()
    gy_np = array_utils.make_numpy((3, 4), dtype, seed=2)
    gx, = chx.grad([chx._core._normalize(x, 1e-5, 1)], [x], grad_outputs=[chx.array(gy_np, device=device)])
    assert gx.dtype == dtype
    x64, gy64 = x_np.astype(numpy.float64), gy_np.astype(numpy.float64)
    norm = numpy.sqrt((x64 * x64).sum(axis=1, keepdims=True))
    d = norm + 1e-5
    expected = gy64 / d - x64 * (x64 * gy64).sum(axis=1, keepdims=True) / (d * d * norm)
    rtol, atol = {'float16': (1e-2, 1e-2), 'float32': (1e-5, 1e-5), 'float64': (1e-12, 1e-12)}[dtype]
    numpy.testing.assert_allclose(chx.to_numpy(gx).astype(numpy.float64), expected, rtol=rtol, atol=atol)


def test_strided_and_broadcast_operands(device):
    base = array_utils.make_numpy((4, 6), 'float32', seed=3)
    x = chx.array(base, device=device)[:, ::2].require_grad()  # (4, 3), strided
    gy = chx.broadcast_to(chx.array(numpy.float32(2), device=device), (4, 3))
    y = chx._core._normalize(x, 1e-5, 1)
    numpy.testing.assert_allclose(chx.to_numpy(y), _expected(base[:, ::2], 1e-5, 1), rtol=1e-6, atol=1e-6)
    gx, = chx.grad([y], [x], grad_outputs=[gy])
    x64 = base[:, ::2].astype(numpy.float64)
    d = numpy.sqrt((x64 * x64).sum(axis=1, keepdims=True)) + 1e-5
    expected = 2 / d - x64 * (2 * x64).sum(axis=1, keepdims=True) / (d * d * (d - 1e-5))
    numpy.testing.assert_allclose(chx.to_numpy(gx), expected, rtol=1e-5, atol=1e-5)


def test_numpy_integer_axis():
    x_np = array_utils.make_numpy((3, 4), 'float32', seed=4)
    y = chx._core._normalize(chx.array(x_np), 1e-5, numpy.int64(0))
    numpy.testing.assert_allclose(chx.to_numpy(y), _expected(x_np, 1e-5, 0), rtol=1e-6)


@pytest.mark.parametrize('dtype', array_utils.INT_DTYPES + ('bool_',))
def test_non_float_raises_dtype_error(dtype):
    with pytest.raises(chx.DtypeError):
        chx._core._normalize(chx.zeros((2, 3), dtype))


@pytest.mark.parametrize('axis', [2, -3, (0, 0)])
def test_bad_axis_raises_dimension_error(axis):
    with pytest.raises(chx.DimensionError):
        chx._core._normalize(chx.zeros((2, 3), 'float32'), 1e-5, axis)


def test_bad_argument_types_raise_type_error():
    x = chx.zeros((2, 3), 'float32')
    with pytest.raises(TypeError):
        chx._core._normalize(x, 'a')
    with pytest.raises(TypeError):
        chx._core._normalize(x, 1e-5, 1.5)
