"""convolution_1d/2d/3d/nd, dilated_convolution_2d: forward against a loop reference, gradients."""

import numpy
import pytest

import chainerx
from chainer import testing
from chainer.utils import type_check
import chainer.functions as F

import conv_reference
import function_test_utils
from function_test_utils import seeded_arrays
from mode_utils import mode, to_numpy  # NOQA: F401 (fixture)

_OPTIONS = [
    {'stride': 1, 'pad': 0, 'cover_all': False, 'dilate': 1, 'groups': 1, 'nobias': False},
    {'stride': 2, 'pad': 1, 'cover_all': True, 'dilate': 1, 'groups': 1, 'nobias': False},
    {'stride': 1, 'pad': 2, 'cover_all': False, 'dilate': 2, 'groups': 1, 'nobias': True},
    {'stride': 2, 'pad': 0, 'cover_all': True, 'dilate': 2, 'groups': 2, 'nobias': False},
]


@conv_reference.nd_cases(
    [{'dims': (7,), 'ksize': 3, 'api': 'specific'}, {'dims': (5, 6), 'ksize': 3, 'api': 'specific'},
     {'dims': (5, 4), 'ksize': 2, 'api': 'nd'}, {'dims': (4, 3, 4), 'ksize': 2, 'api': 'specific'},
     {'dims': (5, 6), 'ksize': 3, 'api': 'nd', 'fallback': True}],
    _OPTIONS)
class TestConvolutionND(conv_reference.NdCase, testing.FunctionTestCase):
    """convolution_1d/2d/3d/nd against conv_reference.conv."""


@testing.parameterize(*testing.product({
    'dtype': [numpy.float32, numpy.float64], 'nobias': [False, True]}))
@testing.inject_backend_tests(None, function_test_utils.BACKENDS)
class TestDilatedConvolution2D(conv_reference.Case, testing.FunctionTestCase):

    def generate_inputs(self):
        return function_test_utils.uniform(
            self.dtype, (2, 3, 6, 5), (2, 3, 2, 3), None if self.nobias else (2,))

    def forward(self, inputs, device):
        return F.dilated_convolution_2d(*inputs, stride=(1, 2), pad=(2, 1), dilate=(2, 1)),

    def forward_expected(self, inputs):
        y = conv_reference.conv(*inputs, stride=(1, 2), pad=(2, 1), dilate=(2, 1))
        return y.astype(self.dtype),


def test_mixed_dtypes_keep_the_dtype_of_x(mode):
    x, = seeded_arrays(mode, (2, 3, 4, 4), dtype=numpy.float16)
    W, b = seeded_arrays(mode, (2, 3, 3, 3), (2,), dtype=numpy.float32)
    conv_reference.check_mixed_dtypes(F.convolution_2d, conv_reference.conv,
                                      (x, W, b.astype(numpy.float16)), (2, 2, 4, 4), 1e-2, pad=1)


def test_zero_size_batch(mode):
    function_test_utils.check_zero_size_batch(
        mode, lambda x, W: F.convolution_2d(x, W, stride=2), [(0, 3, 4, 4), (2, 3, 3, 3)],
        (0, 2, 1, 1))


@pytest.mark.parametrize('make_call, error', [
    (lambda a: F.convolution_2d(
        a((2, 3, 4, 4)).astype(numpy.int32), a((2, 3, 3, 3)).astype(numpy.int32)),
     type_check.InvalidType),
    (lambda a: F.convolution_2d(a((2, 3, 4, 4)), a((2, 4, 3, 3))), type_check.InvalidType),
    (lambda a: F.convolution_2d(a((2, 3, 4, 4)), a((2, 3, 3, 3)), a((3,))), type_check.InvalidType),
    (lambda a: F.convolution_2d(a((2, 3, 4, 4)), a((2, 3, 3, 3)), a((2,)).astype(numpy.float32)),
     type_check.InvalidType),
    (lambda a: F.convolution_2d(a((2, 4, 4, 4)), a((3, 2, 3, 3)), groups=2),
     type_check.InvalidType),
    (lambda a: F.convolution_2d(a((2, 3, 4)), a((2, 3, 3))), type_check.InvalidType),
    (lambda a: F.convolution_2d(a((2, 3, 4, 4)), a((2, 3, 3, 3)), groups=0), ValueError),
    (lambda a: F.convolution_2d(a((2, 3, 4, 4)), a((2, 3, 3, 3)), stride=(1, 1, 1)), ValueError),
    (lambda a: F.convolution_2d(a((2, 3, 2, 2)), a((2, 3, 3, 3))), ValueError),
    (lambda a: F.convolution_2d(a((2, 3, 4, 4)), a((2, 3, 3, 3)), deterministic=True), ValueError),
    (lambda a: F.convolution_2d(a((2, 3, 4, 4)), a((2, 3, 3, 3)), dilation=2), TypeError),
    (lambda a: F.convolution_1d(a((2, 3, 4, 4)), a((2, 3, 3, 3))), ValueError),
    (lambda a: F.convolution_3d(a((2, 3, 4, 4)), a((2, 3, 3, 3))), ValueError),
    (lambda a: F.convolution_nd(a((2, 3)), a((2, 3))), ValueError),
])
def test_errors(mode, make_call, error):
    with pytest.raises(error):
        make_call(lambda shape: seeded_arrays(mode, shape)[0])


def test_numpy_mixed_with_chainerx_is_a_type_error():
    x, = seeded_arrays('numpy', (2, 3, 4, 4))
    W, = seeded_arrays('chainerx', (2, 3, 3, 3))
    with pytest.raises(TypeError):
        F.convolution_2d(x, W)


def test_native_path_takes_no_fallback():
    y = function_test_utils.check_stays_native(
        lambda x, W, b: F.convolution_2d(
            x, W, b, stride=2, pad=1, dilate=2, groups=2, cover_all=True),
        (2, 4, 5, 5), (6, 2, 3, 3), (6,))
    assert isinstance(y.array, chainerx.ndarray)


testing.run_module(__name__, __file__)
