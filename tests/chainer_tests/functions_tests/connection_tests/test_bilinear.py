"""bilinear and depthwise_convolution_2d: forward against NumPy references, gradients, errors."""

import numpy
import pytest

from chainer import testing
from chainer.utils import type_check
import chainer.functions as F
from chainer.functions.connection.bilinear import BilinearFunction

import conv_reference
import function_test_utils
from mode_utils import make_array, mode  # NOQA: F401 (fixture)


@testing.parameterize(*testing.product({
    'e1_shape': [(3, 2), (3, 2, 2)],
    'linear_terms': [False, True],
    'dtype': function_test_utils.FLOAT_DTYPES,
    'fallback': [False, True],
}))
@testing.inject_backend_tests(None, function_test_utils.BACKENDS)
class TestBilinear(conv_reference.Case, testing.FunctionTestCase):

    fallback_nodes = (BilinearFunction,)

    def generate_inputs(self):
        j = int(numpy.prod(self.e1_shape[1:]))
        shapes = [self.e1_shape, (3, 3), (j, 3, 2)]
        if self.linear_terms:
            shapes += [(j, 2), (3, 2), (2,)]
        return function_test_utils.uniform(self.dtype, *shapes)

    def forward(self, inputs, device):
        return F.bilinear(*inputs),

    def forward_expected(self, inputs):
        e1, e2, W = [a.astype(numpy.float64) for a in inputs[:3]]
        e1 = e1.reshape(len(e1), -1)
        y = numpy.einsum('ij,il,jlk->ik', e1, e2, W)
        if self.linear_terms:
            V1, V2, b = inputs[3:]
            y += e1.dot(V1) + e2.dot(V2) + b
        return y.astype(self.dtype),


@pytest.mark.parametrize('shapes, error', [
    ([(3, 2), (3, 3), (2, 3, 2), (2, 2), (3, 2)], ValueError),
    ([(3, 2), (4, 3), (2, 3, 2)], type_check.InvalidType),
    ([(3, 2), (3, 3), (2, 4, 2)], type_check.InvalidType),
    ([(3, 2), (3, 3), (2, 3)], type_check.InvalidType),
    ([(3, 2), (3, 3), (2, 3, 2), (2, 3), (3, 2), (2,)], type_check.InvalidType),
    ([(3, 2), (3, 3), (2, 3, 2), (2, 2), (3, 2), (3,)], type_check.InvalidType),
])
def test_bilinear_errors(mode, shapes, error):
    arrays = [make_array(mode, numpy.zeros(shape)) for shape in shapes]
    with pytest.raises(error):
        F.bilinear(*arrays)


@testing.parameterize(*testing.product({
    'stride_pad': [(1, 0), (2, 1)],
    'nobias': [False, True],
    'dtype': function_test_utils.FLOAT_DTYPES,
    'fallback': [False, True],
}))
@testing.inject_backend_tests(None, function_test_utils.BACKENDS)
class TestDepthwiseConvolution2D(conv_reference.Case, testing.FunctionTestCase):

    def generate_inputs(self):
        return function_test_utils.uniform(
            self.dtype, (2, 3, 5, 4), (2, 3, 3, 2), None if self.nobias else (6,))

    def forward(self, inputs, device):
        stride, pad = self.stride_pad
        return F.depthwise_convolution_2d(*inputs, stride=stride, pad=pad),

    def forward_expected(self, inputs):
        x, W = inputs[:2]
        stride, pad = self.stride_pad
        # Output channel c * multiplier + m is channel c convolved with W[m, c].
        ys = [conv_reference.conv(x[:, c:c + 1], W[m:m + 1, c:c + 1], stride=stride, pad=pad)
              for c in range(x.shape[1]) for m in range(W.shape[0])]
        y = numpy.concatenate(ys, axis=1)
        if len(inputs) == 3:
            y += inputs[2].reshape(1, -1, 1, 1)
        return y.astype(self.dtype),


@pytest.mark.parametrize('x_shape, W_shape', [
    ((2, 3, 4, 4), (2, 4, 3, 3)), ((2, 3, 4, 4), (2, 3, 3))])
def test_depthwise_errors(mode, x_shape, W_shape):
    x, W = make_array(mode, numpy.zeros(x_shape)), make_array(mode, numpy.zeros(W_shape))
    with pytest.raises(type_check.InvalidType):
        F.depthwise_convolution_2d(x, W)


testing.run_module(__name__, __file__)
