"""local_convolution_2d on chainerx Variables: chainerx routines only, no fallback at any order.

Forward against a plain loop in float64 (Note [Local convolution on chainerx]), gradients of both
orders against the NumPy path's, numerical gradient checks on chainerx inputs, and errors of the
same classes as on NumPy inputs.
"""

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx
from chainer import gradient_check
from chainer.functions.connection.local_convolution_2d import local_convolution_2d
from chainer.utils import type_check

import function_test_utils
from mode_utils import make_array, to_numpy


def _reference(x, W, b, stride):
    sy, sx = stride
    out_c, out_h, out_w, channels, kh, kw = W.shape
    y = numpy.zeros((x.shape[0], out_c, out_h, out_w))
    for n in range(x.shape[0]):
        for o in range(out_c):
            for i in range(out_h):
                for j in range(out_w):
                    for c in range(channels):
                        for p in range(kh):
                            for q in range(kw):
                                y[n, o, i, j] += float(x[n, c, i * sy + p, j * sx + q]) * float(
                                    W[o, i, j, c, p, q])
    return y if b is None else y + b


def _shapes(x_shape, ksize, stride, out_c, bias):
    """The shapes of (x, W, b) (b None without bias) for x of x_shape and a kernel of ksize."""
    (_, c, h, w), (kh, kw), (sy, sx) = x_shape, ksize, stride
    out_h, out_w = (h - kh) // sy + 1, (w - kw) // sx + 1
    return x_shape, (out_c, out_h, out_w, c, kh, kw), (out_c, out_h, out_w) if bias else None


# (x shape, kernel size, stride, output channels, bias)
CASES = [
    ((2, 3, 5, 4), (2, 3), (1, 1), 2, True),
    ((2, 3, 5, 4), (2, 3), (2, 1), 4, False),
    ((1, 2, 7, 6), (3, 2), (2, 3), 3, True),      # strides that leave input rows unused
    ((2, 2, 3, 3), (3, 3), (1, 1), 1, True),      # one output pixel
    ((2, 2, 4, 5), (1, 1), (1, 2), 2, False),
    ((0, 3, 5, 4), (2, 3), (1, 1), 2, True),      # zero-size batch
    ((2, 0, 4, 4), (2, 2), (2, 2), 3, True),      # no input channels: the bias only
    ((2, 3, 4, 4), (2, 2), (1, 1), 0, True),      # no output channels
]
IDS = [str(case) for case in CASES]
FORWARD_TOLERANCES = {numpy.float16: 1e-2, numpy.float32: 1e-5, numpy.float64: 1e-12}


def _values(shapes, dtype=numpy.float64, seed=0):
    rng = numpy.random.RandomState(seed)
    return [rng.uniform(-1, 1, shape).astype(dtype) for shape in shapes if shape is not None]


def _non_contiguous(value):
    """A chainerx array of `value` that is a transposed view."""
    return chainerx.transpose(chainerx.array(value.T.copy()))


@pytest.mark.parametrize('dtype', function_test_utils.FLOAT_DTYPES)
@pytest.mark.parametrize('case', CASES, ids=IDS)
def test_forward_matches_the_loop(case, dtype):
    x_shape, ksize, stride, out_c, bias = case
    shapes = _shapes(x_shape, ksize, stride, out_c, bias)
    values = _values(shapes, dtype)
    before = chainer.function_node.fallback_count
    y = local_convolution_2d(*[chainer.Variable(_non_contiguous(v)) for v in values],
                             stride=stride)
    assert chainer.function_node.fallback_count == before
    expected = _reference(values[0], values[1], values[2] if bias else None, stride)
    assert isinstance(y.array, chainerx.ndarray)
    assert y.dtype == dtype and y.shape == expected.shape
    tol = FORWARD_TOLERANCES[dtype]
    numpy.testing.assert_allclose(to_numpy(y.array).astype(numpy.float64), expected, atol=tol,
                                  rtol=tol)


@pytest.mark.parametrize('dtypes', [
    (numpy.float16, numpy.float32), (numpy.float32, numpy.float64), (numpy.float64, numpy.float16),
])
def test_kernel_of_another_dtype_gives_the_dtype_of_x(dtypes):
    x, W, b = _values(_shapes((2, 3, 5, 4), (2, 3), (1, 1), 2, True))
    x, b, W = x.astype(dtypes[0]), b.astype(dtypes[0]), W.astype(dtypes[1])
    before = chainer.function_node.fallback_count
    y = local_convolution_2d(*[chainer.Variable(chainerx.array(v)) for v in (x, W, b)])
    assert chainer.function_node.fallback_count == before
    expected = local_convolution_2d(x, W, b)
    assert y.dtype == expected.dtype == dtypes[0]
    tol = FORWARD_TOLERANCES[dtypes[0]]
    numpy.testing.assert_allclose(to_numpy(y.array), expected.array, atol=tol, rtol=tol)


@pytest.mark.parametrize('case', CASES, ids=IDS)
def test_no_fallback_through_double_backward(case):
    x_shape, ksize, stride, out_c, bias = case
    shapes = [s for s in _shapes(x_shape, ksize, stride, out_c, bias) if s is not None]
    function_test_utils.check_stays_native(
        lambda *xs: local_convolution_2d(*xs, stride=stride), *shapes)


def _gradients(mode, values, stride):
    """The output and the first and second gradients (on Variables in `mode`)."""
    xs = [chainer.Variable(make_array(mode, v)) for v in values]
    y = local_convolution_2d(*xs, stride=stride)
    grads = chainer.grad([F.sum(y * y * y)], xs, enable_double_backprop=True)
    second = chainer.grad([F.sum(g * g) for g in grads], xs)
    return [to_numpy(v.array) for v in [y] + list(grads) + list(second)]


@pytest.mark.parametrize('case', CASES, ids=IDS)
def test_gradients_match_the_numpy_path(case):
    x_shape, ksize, stride, out_c, bias = case
    values = _values(_shapes(x_shape, ksize, stride, out_c, bias))
    for got, expected in zip(_gradients('chainerx', values, stride),
                             _gradients('numpy', values, stride)):
        assert got.shape == expected.shape
        numpy.testing.assert_allclose(got, expected, atol=1e-12, rtol=1e-10)


@pytest.mark.parametrize('bias', [True, False])
def test_numerical_gradients_on_chainerx(bias):
    numpy.random.seed(1)
    stride = (2, 1)
    shapes = _shapes((2, 2, 5, 4), (2, 2), stride, 2, bias)
    values = tuple([chainerx.array(v) for v in _values(shapes)])
    ggs = tuple([chainerx.array(v) for v in _values(shapes, seed=2)])
    gy = chainerx.array(numpy.random.uniform(-1, 1, (2, 2, 2, 3)))
    before = chainer.function_node.fallback_count

    def function(*xs):
        return local_convolution_2d(*xs, stride=stride)

    gradient_check.check_backward(function, values, gy, atol=1e-7, rtol=1e-6)
    gradient_check.check_double_backward(function, values, gy, ggs, atol=1e-7, rtol=1e-6)
    assert chainer.function_node.fallback_count == before


def _error_class(mode, shapes_and_dtypes, stride):
    args = [make_array(mode, numpy.zeros(shape), dtype) for shape, dtype in shapes_and_dtypes]
    try:
        local_convolution_2d(*args, stride=stride)
    except Exception as e:  # the classes are compared
        return type(e)
    return None


F64, F32, I32 = numpy.float64, numpy.float32, numpy.int32


@pytest.mark.parametrize('shapes_and_dtypes,stride', [
    ((((2, 3, 5, 4), F64), ((2, 3, 2, 3, 2, 3), F64)), 1),                      # output height
    ((((2, 3, 5, 4), F64), ((2, 4, 2, 2, 2, 3), F64)), 1),                      # input channels
    ((((2, 3, 5, 4), F64), ((2, 4, 2, 3, 2, 3), F64)), 2),                      # for another stride
    ((((2, 3, 5, 4), F64), ((2, 4, 2, 3, 2, 3), F64), ((2, 2, 4), F64)), 1),   # bias shape
    ((((2, 3, 5, 4), F64), ((2, 4, 2, 3, 2, 3), F64), ((2, 4, 2), F32)), 1),   # bias dtype
    ((((2, 3, 5), F64), ((2, 4, 2, 3, 2, 3), F64)), 1),                         # x not 4-d
    ((((2, 3, 5, 4), F64), ((2, 4, 2, 3, 2), F64)), 1),                         # W not 6-d
    ((((2, 3, 5, 4), I32), ((2, 4, 2, 3, 2, 3), F64)), 1),                      # integer x
    ((((2, 3, 2, 2), F64), ((2, 0, 0, 3, 3, 3), F64)), 2),                      # kernel too large
], ids=str)
def test_errors_have_the_numpy_classes(shapes_and_dtypes, stride):
    expected = _error_class('numpy', shapes_and_dtypes, stride)
    assert expected is type_check.InvalidType
    assert _error_class('chainerx', shapes_and_dtypes, stride) is expected
