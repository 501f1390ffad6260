"""F.spatial_transformer_grid and F.spatial_transformer_sampler against NumPy loop references."""

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.functions.array.spatial_transformer_grid import spatial_transformer_grid
from chainer.functions.array.spatial_transformer_sampler import spatial_transformer_sampler
from chainer.utils import type_check

import bilinear_reference
import function_test_utils
from mode_utils import make_array, mode, to_numpy  # NOQA: F401 (fixture)

# (atol, rtol) of the forward comparisons per dtype: float16 rounds the coordinates too.
_FORWARD_TOLERANCES = {
    numpy.float16: (1e-2, 1e-2),
    numpy.float32: (1e-5, 1e-4),
    numpy.float64: (1e-12, 1e-10),
}
_IDENTITY = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]


def _evenly(n):
    """The n coordinates of a grid axis: -1 to 1 in equal steps (just -1 for one point)."""
    return [-1.0 + 2.0 * k / (n - 1) if n > 1 else -1.0 for k in range(n)]


def _grid_reference(theta, output_shape):
    height, width = output_shape
    grid = numpy.zeros((len(theta), 2, height, width))
    for b in range(len(theta)):
        for i, y in enumerate(_evenly(height)):
            for j, x in enumerate(_evenly(width)):
                grid[b, :, i, j] = theta[b].astype(numpy.float64).dot([x, y, 1.0])
    return grid


def _pixels_to_grid(pixels, size):
    return pixels * 2.0 / (size - 1) - 1 if size > 1 else pixels


def _sampling_grid(batch, size, out_shape):
    """A grid whose points lie 0.2 or more pixel off integer coordinates (the interpolation's
    kinks, the clip bounds -1 and size among them), from 3 pixels before the image to 2 after."""
    height, width = size
    points = [_pixels_to_grid(bilinear_reference.fractional((batch,) + out_shape, -3, n), n)
              for n in (width, height)]
    return numpy.stack(points, axis=1)


@testing.parameterize(*testing.product({
    'theta_batch': [2, 1],
    'output_shape': [(3, 4), (1, 1), (2, 1)],
    'dtype': function_test_utils.FLOAT_DTYPES,
}))
@testing.inject_backend_tests(None, function_test_utils.BACKENDS)
class TestSpatialTransformerGrid(function_test_utils.FunctionCase, testing.FunctionTestCase):

    forward_tolerances = _FORWARD_TOLERANCES

    def generate_inputs(self):
        return function_test_utils.uniform(self.dtype, (self.theta_batch, 2, 3))

    def forward(self, inputs, device):
        return spatial_transformer_grid(inputs[0], self.output_shape),

    def forward_expected(self, inputs):
        return _grid_reference(inputs[0], self.output_shape).astype(self.dtype),


@testing.parameterize(*testing.product({
    'shapes': [((2, 3, 4, 5), (3, 2)), ((1, 2, 1, 3), (2, 2)), ((2, 1, 3, 1), (1, 4)),
               ((1, 2, 3, 3), (1, 1))],
    'dtype': function_test_utils.FLOAT_DTYPES,
}))
@testing.inject_backend_tests(None, function_test_utils.BACKENDS)
class TestSpatialTransformerSampler(function_test_utils.FunctionCase, testing.FunctionTestCase):
    """Points inside the image, in the one-pixel fade around it and beyond (Note [Bilinear
    sampling])."""

    forward_tolerances = _FORWARD_TOLERANCES

    def generate_inputs(self):
        x_shape, out_shape = self.shapes
        x, = function_test_utils.uniform(self.dtype, x_shape)
        grid = _sampling_grid(x_shape[0], x_shape[2:], out_shape)
        return x, grid.astype(self.dtype)

    def forward(self, inputs, device):
        return spatial_transformer_sampler(*inputs),

    def forward_expected(self, inputs):
        return bilinear_reference.sampler(*inputs).astype(self.dtype),


def _variable(mode, values, dtype=numpy.float64):
    return chainer.Variable(make_array(mode, values, dtype))


@pytest.mark.parametrize('dtype', function_test_utils.FLOAT_DTYPES)
def test_identity_theta_reproduces_the_input(mode, dtype):
    x = numpy.random.RandomState(0).uniform(-1, 1, (2, 3, 4, 5)).astype(dtype)
    grid = spatial_transformer_grid(make_array(mode, [_IDENTITY] * 2, dtype), (4, 5))
    y = spatial_transformer_sampler(make_array(mode, x, dtype), grid)
    assert y.dtype == dtype
    numpy.testing.assert_allclose(to_numpy(y.array), x, atol=1e-3 if dtype == numpy.float16
                                  else 1e-6)


def test_mirror_and_shift_thetas(mode):
    x = numpy.random.RandomState(1).uniform(-1, 1, (2, 2, 3, 5))
    mirror = [[-1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]
    shift = [[1.0, 0.0, 0.5], [0.0, 1.0, 0.0]]      # one pixel to the right: 0.5 = 2 / (5 - 1)
    grid = spatial_transformer_grid(make_array(mode, [mirror, shift]), (3, 5))
    y = to_numpy(spatial_transformer_sampler(make_array(mode, x), grid).array)
    numpy.testing.assert_allclose(y[0], x[0, :, :, ::-1], atol=1e-12)
    numpy.testing.assert_allclose(y[1, :, :, :4], x[1, :, :, 1:], atol=1e-12)
    numpy.testing.assert_allclose(y[1, :, :, 4], 0, atol=1e-12)


def test_samples_outside_the_image(mode):
    x = numpy.arange(1.0, 7.0).reshape(1, 1, 2, 3)
    # Pixel coordinates (u, v) and what they read: the image fades to 0 over one pixel around it.
    points = [((-0.5, 0.0), 0.5 * 1), ((-1.5, 0.0), 0.0), ((2.5, 1.0), 0.5 * 6),
              ((1.0, -0.25), 0.75 * 2), ((10.0, 0.5), 0.0), ((-0.5, 1.5), 0.25 * 4),
              ((1.0, 0.5), 3.5)]
    u = numpy.array([p[0][0] for p in points])
    v = numpy.array([p[0][1] for p in points])
    grid = numpy.stack([_pixels_to_grid(u, 3), _pixels_to_grid(v, 2)]).reshape(1, 2, 1, -1)
    grid = _variable(mode, grid)
    y = spatial_transformer_sampler(make_array(mode, x), grid)
    numpy.testing.assert_allclose(to_numpy(y.array).ravel(), [p[1] for p in points], atol=1e-12)
    ggrid, = chainer.grad([F.sum(y)], [grid])
    ggrid = to_numpy(ggrid.array).reshape(2, -1)
    # Beyond the fade (and where it is flat along a coordinate) the gradient is 0.
    assert ggrid[0, 1] == 0 and ggrid[1, 1] == 0 and ggrid[0, 4] == 0 and ggrid[1, 4] == 0
    # In the fade left of the image, the slope toward x[0, 0] = 1: d/du = 1 px^-1 = 1 / (2 / 2).
    numpy.testing.assert_allclose(ggrid[0, 0], 1.0, atol=1e-12)
    numpy.testing.assert_allclose(ggrid[1, 0], (4 - 1) * 0.5 * 0.5, atol=1e-12)


def test_gradient_of_x_sums_the_weights_of_its_samples(mode):
    x = _variable(mode, numpy.zeros((1, 1, 2, 2)))
    grid = make_array(mode, numpy.array([[-0.5, 0.0], [-1.0, 0.5]]).reshape(1, 2, 1, 2))
    y = spatial_transformer_sampler(x, grid)
    gx, = chainer.grad([F.sum(y)], [x])
    # Pixels (u, v) = (0.25, 0) and (0.5, 0.75) of the 2 x 2 image.
    expected = [[0.75 + 0.5 * 0.25, 0.25 + 0.5 * 0.25], [0.5 * 0.75, 0.5 * 0.75]]
    numpy.testing.assert_allclose(to_numpy(gx.array)[0, 0], expected, atol=1e-12)


def test_numpy_integers_as_the_output_shape(mode):
    theta = make_array(mode, [_IDENTITY])
    for shape in ((numpy.int32(2), numpy.int64(3)), numpy.array([2, 3]), [2, 3]):
        assert spatial_transformer_grid(theta, shape).shape == (1, 2, 2, 3)
    assert spatial_transformer_grid(theta, (0, 3)).shape == (1, 2, 0, 3)


def test_zero_size_batches(mode):
    function_test_utils.check_zero_size_batch(
        mode, lambda theta: spatial_transformer_grid(theta, (3, 4)), [(0, 2, 3)], (0, 2, 3, 4))
    function_test_utils.check_zero_size_batch(
        mode, spatial_transformer_sampler, [(0, 3, 4, 5), (0, 2, 3, 2)], (0, 3, 3, 2))


@pytest.mark.parametrize('x_shape, grid_shape', [
    ((2, 3, 0, 4), (2, 2, 2, 3)),       # an empty image: every point reads zeros
    ((2, 3, 4, 4), (2, 2, 0, 3)),       # no points
    ((2, 0, 4, 4), (2, 2, 2, 3)),       # no channels
])
def test_empty_images_grids_and_channels(mode, x_shape, grid_shape):
    x, grid = (chainer.Variable(a) for a in function_test_utils.seeded_arrays(mode, x_shape, grid_shape))
    y = spatial_transformer_sampler(x, grid)
    assert y.shape == x_shape[:2] + grid_shape[2:] and not to_numpy(y.array).any()
    F.sum(y).backward()
    assert x.grad.shape == x_shape and grid.grad.shape == grid_shape
    assert not to_numpy(grid.grad).any()


def test_native_on_chainerx():
    y = function_test_utils.check_stays_native(
        lambda theta: spatial_transformer_grid(theta, (3, 4)), (2, 2, 3))
    assert y.shape == (2, 2, 3, 4)
    y = function_test_utils.check_stays_native(spatial_transformer_sampler, (2, 3, 4, 5), (2, 2, 3, 2))
    assert y.shape == (2, 3, 3, 2)
    y = function_test_utils.check_stays_native(
        lambda x, theta: spatial_transformer_sampler(x, spatial_transformer_grid(theta, (2, 3))),
        (2, 3, 4, 5), (2, 2, 3))
    assert y.shape == (2, 3, 2, 3)


@pytest.mark.parametrize('shape, dtype', [
    ((2, 3), numpy.float32), ((2, 3, 3), numpy.float32), ((2, 2, 2), numpy.float32),
    ((1, 2, 2, 3), numpy.float32), ((2, 2, 3), numpy.int32),
])
def test_bad_theta_raises_invalid_type(mode, shape, dtype):
    with pytest.raises(type_check.InvalidType):
        spatial_transformer_grid(make_array(mode, numpy.zeros(shape), dtype), (2, 2))


@pytest.mark.parametrize('x_shape, grid_shape, dtypes', [
    ((2, 3, 4), (2, 2, 3, 3), ('float32', 'float32')),       # x not 4-d
    ((2, 3, 4, 4), (2, 2, 9), ('float32', 'float32')),        # grid not 4-d
    ((2, 3, 4, 4), (2, 3, 3, 3), ('float32', 'float32')),     # three coordinates
    ((2, 3, 4, 4), (1, 2, 3, 3), ('float32', 'float32')),     # batch sizes differ
    ((2, 3, 4, 4), (2, 2, 3, 3), ('float32', 'float64')),
    ((2, 3, 4, 4), (2, 2, 3, 3), ('int32', 'int32')),
])
def test_bad_sampler_inputs_raise_invalid_type(mode, x_shape, grid_shape, dtypes):
    x = make_array(mode, numpy.zeros(x_shape), dtypes[0])
    grid = make_array(mode, numpy.zeros(grid_shape), dtypes[1])
    with pytest.raises(type_check.InvalidType):
        spatial_transformer_sampler(x, grid)


@pytest.mark.parametrize('output_shape, error', [
    ((2,), ValueError), ((2, 2, 2), ValueError), ((-1, 2), ValueError), ((2.5, 2), TypeError),
    ('ab', TypeError),
])
def test_bad_output_shape_raises(output_shape, error):
    with pytest.raises(error):
        spatial_transformer_grid(numpy.zeros((1, 2, 3)), output_shape)


def test_keyword_arguments_are_checked():
    theta = numpy.array([_IDENTITY])
    x = numpy.zeros((1, 1, 2, 2))
    grid = numpy.zeros((1, 2, 2, 2))
    with pytest.raises(ValueError, match='use_cudnn'):
        spatial_transformer_grid(theta, (2, 2), use_cudnn=False)
    with pytest.raises(ValueError, match='use_cudnn'):
        spatial_transformer_sampler(x, grid, use_cudnn=False)
    with pytest.raises(TypeError, match='spatial_transformer_grid'):
        spatial_transformer_grid(theta, (2, 2), mode='bilinear')
    with pytest.raises(TypeError, match='spatial_transformer_sampler'):
        spatial_transformer_sampler(x, grid, padding='zeros')


def test_inputs_that_are_no_arrays_raise_type_error():
    with pytest.raises(TypeError):
        spatial_transformer_grid([_IDENTITY], (2, 2))
    with pytest.raises(TypeError):
        spatial_transformer_sampler(numpy.zeros((1, 1, 2, 2)), [[[[0.0]], [[0.0]]]])


testing.run_module(__name__, __file__)
