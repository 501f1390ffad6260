"""F.deformable_convolution_2d_sampler against a NumPy loop reference, F.convolution_2d, errors."""

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.functions.connection.deformable_convolution_2d_sampler import \
    deformable_convolution_2d_sampler
from chainer.utils import type_check

import bilinear_reference
import function_test_utils
from mode_utils import make_array, mode, to_numpy  # NOQA: F401 (fixture)

# (atol, rtol) of the forward comparisons per dtype (sums of 18 products; float16 coordinates).
_FORWARD_TOLERANCES = {
    numpy.float16: (3e-2, 3e-2),
    numpy.float32: (1e-5, 1e-4),
    numpy.float64: (1e-12, 1e-10),
}


def _out_size(size, k, s, p):
    return (size + 2 * p - k) // s + 1


def _offset_shape(x_shape, W_shape, stride, pad):
    kh, kw = W_shape[2:]
    return (x_shape[0], 2 * kh * kw, _out_size(x_shape[2], kh, stride[0], pad[0]),
            _out_size(x_shape[3], kw, stride[1], pad[1]))


@testing.parameterize(*testing.product({
    'stride': [(1, 1), (2, 1)],
    'pad': [(0, 0), (1, 2)],
    'nobias': [False, True],
    'dtype': function_test_utils.FLOAT_DTYPES,
}))
@testing.inject_backend_tests(None, function_test_utils.BACKENDS)
class TestDeformableConvolution2DSampler(function_test_utils.FunctionCase,
                                         testing.FunctionTestCase):
    """x (2, 3, 5, 4), a (2, 3) kernel; offsets from -1.8 to 2.8 pixels, 0.2 or more off the
    integers (the kinks of the interpolation), so that some taps read outside the image."""

    forward_tolerances = _FORWARD_TOLERANCES
    x_shape = (2, 3, 5, 4)
    W_shape = (2, 3, 2, 3)

    def generate_inputs(self):
        offset_shape = _offset_shape(self.x_shape, self.W_shape, self.stride, self.pad)
        x, W = function_test_utils.uniform(self.dtype, self.x_shape, self.W_shape)
        offset = bilinear_reference.fractional(offset_shape, -2, 1).astype(self.dtype)
        if self.nobias:
            return x, offset, W
        return x, offset, W, numpy.random.uniform(-1, 1, 2).astype(self.dtype)

    def forward(self, inputs, device):
        return deformable_convolution_2d_sampler(*inputs, stride=self.stride, pad=self.pad),

    def forward_expected(self, inputs):
        y = bilinear_reference.deformable_convolution(*inputs, stride=self.stride, pad=self.pad)
        return y.astype(self.dtype),


@pytest.mark.parametrize('dtype', function_test_utils.FLOAT_DTYPES)
@pytest.mark.parametrize('stride, pad', [(1, 0), ((2, 1), (1, 2)), (3, 1)])
def test_zero_offsets_give_the_convolution(mode, dtype, stride, pad):
    rng = numpy.random.RandomState(0)
    x, W, b = (rng.uniform(-1, 1, shape).astype(dtype) for shape in ((2, 3, 6, 5), (4, 3, 3, 2), (4,)))
    expected = F.convolution_2d(x, W, b, stride, pad).array
    offset = numpy.zeros((2, 12) + expected.shape[2:], dtype)
    y = deformable_convolution_2d_sampler(*[make_array(mode, a, dtype) for a in (x, offset, W, b)],
                                          stride=stride, pad=pad)
    assert y.dtype == dtype and y.shape == expected.shape
    tolerance = 1e-2 if dtype == numpy.float16 else 1e-6
    numpy.testing.assert_allclose(to_numpy(y.array), expected, atol=tolerance, rtol=tolerance)


def test_whole_pixel_offsets_shift_the_input(mode):
    """Offsets of (+1 column, -1 row) for every tap: the convolution of x moved by (1, -1)."""
    rng = numpy.random.RandomState(1)
    x, W = rng.uniform(-1, 1, (1, 2, 5, 6)), rng.uniform(-1, 1, (3, 2, 2, 2))
    offset = numpy.concatenate([numpy.ones((1, 4, 4, 5)), -numpy.ones((1, 4, 4, 5))], axis=1)
    moved = numpy.zeros_like(x)
    moved[:, :, 1:, :-1] = x[:, :, :-1, 1:]
    y = deformable_convolution_2d_sampler(*[make_array(mode, a) for a in (x, offset, W)])
    numpy.testing.assert_allclose(to_numpy(y.array), F.convolution_2d(moved, W).array, atol=1e-12)


def test_taps_far_outside_read_zeros(mode):
    x, W = numpy.ones((1, 2, 3, 3)), numpy.ones((2, 2, 2, 2))
    b = numpy.array([0.5, -1.0])
    offset = numpy.full((1, 8, 2, 2), 10.0)
    variables = [chainer.Variable(make_array(mode, a)) for a in (x, offset, W, b)]
    y = deformable_convolution_2d_sampler(*variables)
    numpy.testing.assert_array_equal(to_numpy(y.array), numpy.broadcast_to([[[[0.5]], [[-1.0]]]],
                                                                           (1, 2, 2, 2)))
    gx, goffset, gW, gb = chainer.grad([F.sum(y)], variables)
    assert not to_numpy(gx.array).any() and not to_numpy(goffset.array).any()
    assert not to_numpy(gW.array).any()
    numpy.testing.assert_array_equal(to_numpy(gb.array), [4.0, 4.0])


def test_offsets_set_the_output_size(mode):
    """The output has the offsets' spatial shape, even where it exceeds the convolution's."""
    x, W = numpy.ones((1, 1, 3, 3)), numpy.ones((1, 1, 1, 1))
    offset = numpy.zeros((1, 2, 4, 2))
    y = to_numpy(deformable_convolution_2d_sampler(*[make_array(mode, a) for a in (x, offset, W)]).array)
    numpy.testing.assert_array_equal(y, numpy.array([1.0, 1.0, 1.0, 0.0]).repeat(2).reshape(1, 1, 4, 2))


def test_one_pixel_wide_input(mode):
    """w + 2 pw = 1 (the original divides by zero there): taps read the one column."""
    x, W = numpy.arange(1.0, 4.0).reshape(1, 1, 3, 1), numpy.ones((1, 1, 1, 1))
    offset = numpy.array([0.0, 0.0, 0.5, 0.25]).reshape(1, 2, 2, 1)   # rows moved by 0.5, 0.25
    y = deformable_convolution_2d_sampler(*[make_array(mode, a) for a in (x, offset, W)])
    numpy.testing.assert_allclose(to_numpy(y.array).ravel(), [1.0 * 0.5 + 2.0 * 0.5, 2.0 * 0.75 + 3.0 * 0.25],
                                  atol=1e-12)


def test_zero_size_batch(mode):
    function_test_utils.check_zero_size_batch(
        mode, deformable_convolution_2d_sampler,
        [(0, 3, 5, 4), (0, 12, 4, 2), (2, 3, 2, 3), (2,)], (0, 2, 4, 2))


def test_native_on_chainerx():
    y = function_test_utils.check_stays_native(
        lambda x, offset, W, b: deformable_convolution_2d_sampler(x, offset, W, b, 2, 1),
        (2, 3, 5, 4), (2, 12, 3, 3), (2, 3, 2, 3), (2,))
    assert y.shape == (2, 2, 3, 3)


# x (2, 3, 5, 4) with a (2, 3) kernel: offsets (2, 12, 4, 2).
@pytest.mark.parametrize('shapes, error', [
    (((2, 3, 5, 4), (2, 10, 4, 2), (2, 3, 2, 3), None), ValueError),     # 2 kh kw != 10
    (((2, 3, 5), (2, 12, 4, 2), (2, 3, 2, 3), None), ValueError),
    (((2, 3, 5, 4), (2, 12, 8), (2, 3, 2, 3), None), ValueError),
    (((2, 3, 5, 4), (2, 12, 4, 2), (2, 3, 6), None), ValueError),
    (((2, 3, 5, 4), (1, 12, 4, 2), (2, 3, 2, 3), None), type_check.InvalidType),  # batch sizes
    (((2, 3, 5, 4), (2, 12, 4, 2), (2, 2, 2, 3), None), type_check.InvalidType),  # channels
    (((2, 3, 5, 4), (2, 12, 4, 2), (2, 3, 2, 3), (3,)), type_check.InvalidType),
    (((2, 3, 5, 4), (2, 12, 4, 2), (2, 3, 2, 3), (1, 2)), type_check.InvalidType),
])
def test_bad_shapes_raise(mode, shapes, error):
    args = [make_array(mode, numpy.zeros(shape)) for shape in shapes if shape is not None]
    with pytest.raises(error):
        deformable_convolution_2d_sampler(*args)


@pytest.mark.parametrize('dtypes', [
    ('int32', 'int32', 'int32', None), ('float32', 'float64', 'float32', None),
    ('float32', 'float32', 'float16', None), ('float32', 'float32', 'float32', 'float64'),
])
def test_bad_dtypes_raise_invalid_type(mode, dtypes):
    shapes = (2, 3, 5, 4), (2, 12, 4, 2), (2, 3, 2, 3), (2,)
    args = [make_array(mode, numpy.zeros(shape), dtype)
            for shape, dtype in zip(shapes, dtypes) if dtype]
    with pytest.raises(type_check.InvalidType):
        deformable_convolution_2d_sampler(*args)


@pytest.mark.parametrize('kwargs, error', [
    ({'stride': 0}, ValueError), ({'stride': (1, 2, 3)}, ValueError), ({'pad': -1}, ValueError),
    ({'stride': 1.5}, TypeError), ({'pad': 'a'}, TypeError),
])
def test_bad_geometry_raises(kwargs, error):
    arrays = [numpy.zeros(shape) for shape in ((2, 3, 5, 4), (2, 12, 4, 2), (2, 3, 2, 3))]
    with pytest.raises(error):
        deformable_convolution_2d_sampler(*arrays, **kwargs)


def test_inputs_that_are_no_arrays_raise_type_error():
    with pytest.raises(TypeError):
        deformable_convolution_2d_sampler(numpy.zeros((1, 1, 2, 2)), numpy.zeros((1, 2, 2, 2)),
                                          [[[[1.0]]]])


def test_numpy_integer_geometry():
    x, W = numpy.ones((1, 1, 4, 4)), numpy.ones((1, 1, 2, 2))
    offset = numpy.zeros((1, 8, 3, 2))
    y = deformable_convolution_2d_sampler(x, offset, W, stride=(numpy.int64(1), numpy.int32(2)),
                                          pad=numpy.int64(0))
    numpy.testing.assert_array_equal(y.array, numpy.full((1, 1, 3, 2), 4.0))


testing.run_module(__name__, __file__)
