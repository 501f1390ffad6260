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
    out_h, out_w, out_c, _, kh, kw = W.shape
    y = numpy.zeros((x.shape[0], out_c, out_h, out_w))
    for i in range(out_h):
        for j in range(out_w):
            window = x[:, :, i * sy:i * sy + kh, j * sx:j * sx + kw].astype(numpy.float64)
            y[:, :, i, j] = numpy.tensordot(window, W[i, j], ((1, 2, 3), (1, 2, 3)))
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
            self.dtype, (2, 3, 5, 4), (out_h, out_w, 2, 3, 2, 3),
            None if self.nobias else (2, out_h, out_w))

    def forward(self, inputs, device):
        return F.local_convolution_2d(*inputs, stride=self.stride),

    def forward_expected(self, inputs):
        x, W = inputs[:2]
        b = inputs[2] if len(inputs) == 3 else None
        return _reference(x, W, b, self.stride).astype(self.dtype),


@pytest.mark.parametrize('x_shape, W_shape, b_shape', [
    ((2, 3, 5, 4), (4, 2, 2, 2, 2, 3), None),
    ((2, 3, 5, 4), (3, 2, 2, 3, 2, 3), None),
    ((2, 3, 5, 4), (4, 2, 2, 3, 2, 3), (2, 2, 4)),
    ((2, 3, 5), (4, 2, 2, 3, 2, 3), None),
])
def test_errors(mode, x_shape, W_shape, b_shape):
    args = [make_array(mode, numpy.zeros(shape)) for shape in (x_shape, W_shape, b_shape) if shape]
    with pytest.raises(type_check.InvalidType):
        F.local_convolution_2d(*args)


testing.run_module(__name__, __file__)
