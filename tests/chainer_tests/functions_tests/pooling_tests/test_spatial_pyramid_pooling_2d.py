"""spatial_pyramid_pooling_2d: bins against max pooling of the image parts, gradients, arguments."""

import numpy
import pytest

from chainer import testing
import chainer.functions as F
from chainer.functions.pooling.max_pooling_2d import MaxPooling2D
from chainer.functions.pooling.max_pooling_nd import MaxPoolingND

import function_test_utils
import pooling_reference
from function_test_utils import distinct_values
from mode_utils import make_array, mode, to_numpy  # NOQA: F401 (fixture)


def _pyramid(x, height):
    """Level l: the image split into 2^l nearly equal parts per axis, each maximized."""
    n, c, h, w = x.shape
    levels = []
    for level in range(height):
        bins = 2 ** level
        k_h, k_w = -(-h // bins), -(-w // bins)
        p_h, p_w = (k_h * bins - h) // 2, (k_w * bins - w) // 2
        y, _ = pooling_reference.max_pool(x, (k_h, k_w), None, (p_h, p_w), cover_all=True)
        assert y.shape[2:] == (bins, bins)
        levels.append(y.reshape(n, -1, 1, 1))
    return numpy.concatenate(levels, axis=1)


@testing.parameterize(*testing.product({
    'shape': [(2, 3, 9, 8), (1, 2, 4, 4), (2, 1, 7, 6)],
    'height': [1, 3],
    'dtype': function_test_utils.FLOAT_DTYPES,
    'fallback': [False, True],
}))
@testing.inject_backend_tests(None, function_test_utils.BACKENDS)
class TestSpatialPyramidPooling2D(pooling_reference.Case, testing.FunctionTestCase):

    fallback_nodes = (MaxPoolingND,)

    def generate_inputs(self):
        return distinct_values(self.shape, self.dtype),

    def forward(self, inputs, device):
        return F.spatial_pyramid_pooling_2d(inputs[0], self.height, pooling='max'),

    def forward_expected(self, inputs):
        return _pyramid(inputs[0], self.height).astype(self.dtype),


def test_output_channels(mode):
    x = make_array(mode, distinct_values((2, 3, 8, 8), numpy.float32), numpy.float32)
    y = F.spatial_pyramid_pooling_2d(x, 3, 'max')
    assert y.shape == (2, 3 * (1 + 4 + 16), 1, 1)
    numpy.testing.assert_array_equal(to_numpy(y.array)[:, :3, 0, 0], to_numpy(x).max(axis=(2, 3)))


def test_deprecated_pooling_class(mode):
    x = make_array(mode, distinct_values((1, 2, 4, 4), numpy.float32), numpy.float32)
    with pytest.warns(DeprecationWarning):
        y = F.spatial_pyramid_pooling_2d(x, 2, pooling_class=MaxPooling2D)
    numpy.testing.assert_array_equal(
        to_numpy(y.array), to_numpy(F.spatial_pyramid_pooling_2d(x, 2, 'max').array))


@pytest.mark.parametrize('args, kwargs, error', [
    ((2,), {}, ValueError),
    ((2, 'max'), {'pooling_class': MaxPooling2D}, ValueError),
    ((2, 'average'), {}, ValueError),
    ((2,), {'pooling_class': object}, ValueError),
    ((2, 'max'), {'stride': 2}, TypeError),
])
def test_argument_errors(mode, args, kwargs, error):
    x = make_array(mode, numpy.zeros((1, 2, 4, 4)))
    with pytest.warns(DeprecationWarning) if 'pooling_class' in kwargs else _no_warning():
        with pytest.raises(error):
            F.spatial_pyramid_pooling_2d(x, *args, **kwargs)


def test_non_4d_input_is_a_value_error(mode):
    with pytest.raises(ValueError):
        F.spatial_pyramid_pooling_2d(make_array(mode, numpy.zeros((1, 2, 4))), 2, 'max')


class _no_warning:
    def __enter__(self):
        return self

    def __exit__(self, *_):
        return False


testing.run_module(__name__, __file__)
