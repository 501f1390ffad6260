"""local_convolution_2d: forward against a loop reference, gradients, errors."""

import numpy
import pytest

from chainer import testing
from chainer.utils import type_check
import chainer.functions as F

import conv_reference
import function_test_utils
from mode_utils import make_array, mode  # NOQA: F401 (fixture)


def _reference(x, W, b, stride):
    sy, sx = stride
    out_c, out_h, out_w, _, kh, kw = W.shape
    y = numpy.zeros((x.shape[0], out_c, out_h, out_w))
    for i in range(out_h):
        for j in range(out_w):
            window = x[:, :, i * sy:i * sy + kh, j * sx:j * sx + kw].astype(numpy.float64)
            y[:, :, i, j] = numpy.tensordot(window, W[:, i, j], ((1, 2, 3), (1, 2, 3)))
    if b is not None:
        y += b
    return y


@testing.parameterize(*testing.product({
    'stride': [(1, 1), (2, 1)],
    'nobias': [False, True],
    'dtype': function_test_utils.FLOAT_DTYPES,
}))
@testing.inject_backend_tests(None, function_test_utils.BACKENDS)
class TestLocalConvolution2D(conv_reference.Case, testing.FunctionTestCase):

    def generate_inputs(self):
        sy, sx = self.stride
        out_h, out_w = (5 - 2) // sy + 1, (4 - 3) // sx + 1
        return function_test_utils.uniform(
            self.dtype, (2, 3, 5, 4), (2, out_h, out_w, 3, 2, 3),
            None if self.nobias else (2, out_h, out_w))

    def forward(self, inputs, device):
        return F.local_convolution_2d(*inputs, stride=self.stride),

    def forward_expected(self, inputs):
        x, W = inputs[:2]
        b = inputs[2] if len(inputs) == 3 else None
        return _reference(x, W, b, self.stride).astype(self.dtype),


def test_zero_size_batch(mode):
    function_test_utils.check_zero_size_batch(
        mode, F.local_convolution_2d, [(0, 3, 5, 4), (2, 4, 2, 3, 2, 3), (2, 4, 2)], (0, 2, 4, 2))


def test_example_shape_of_the_docstring():
    x = numpy.ones((2, 3, 5, 4), numpy.float32)
    W = numpy.ones((6, 4, 3, 3, 2, 2), numpy.float32)
    assert F.local_convolution_2d(x, W).shape == (2, 6, 4, 3)


# x (2, 3, 5, 4) with a (2, 3) kernel has (4, 2) outputs, so W is (c_O, 4, 2, 3, 2, 3) and b
# (c_O, 4, 2).
@pytest.mark.parametrize('x_shape, W_shape, b_shape, stride', [
    ((2, 3, 5, 4), (2, 3, 2, 3, 2, 3), None, 1),      # wrong output height
    ((2, 3, 5, 4), (2, 4, 3, 3, 2, 3), None, 1),      # wrong output width
    ((2, 3, 5, 4), (2, 4, 2, 2, 2, 3), None, 1),      # wrong input channels
    ((2, 3, 5, 4), (4, 2, 2, 3, 2, 3), None, 1),      # the layout (h_O, w_O, c_O, ...)
    ((2, 3, 5, 4), (2, 4, 2, 3, 2, 3), (2, 2, 4), 1),  # bias not (c_O, h_O, w_O)
    ((2, 3, 5, 4), (2, 4, 2, 3, 2, 3), (2, 4), 1),
    ((2, 3, 5), (2, 4, 2, 3, 2, 3), None, 1),
    ((2, 3, 5, 4), (2, 4, 2, 3, 2), None, 1),
    ((2, 3, 2, 2), (2, 0, 0, 3, 3, 3), None, 2),      # kernel larger than the input
])
def test_bad_shapes_raise_invalid_type(mode, x_shape, W_shape, b_shape, stride):
    args = [make_array(mode, numpy.zeros(shape)) for shape in (x_shape, W_shape, b_shape) if shape]
    with pytest.raises(type_check.InvalidType):
        F.local_convolution_2d(*args, stride=stride)


@pytest.mark.parametrize('dtypes', [
    ('int32', 'float32', None), ('float32', 'int32', None), ('float32', 'float32', 'float64'),
])
def test_bad_dtypes_raise_invalid_type(mode, dtypes):
    shapes = (2, 3, 5, 4), (2, 4, 2, 3, 2, 3), (2, 4, 2)
    args = [make_array(mode, numpy.zeros(shape), dtype)
            for shape, dtype in zip(shapes, dtypes) if dtype]
    with pytest.raises(type_check.InvalidType):
        F.local_convolution_2d(*args)


testing.run_module(__name__, __file__)
