"""convolution_1d/2d/3d/nd, dilated_convolution_2d: forward against a loop reference, gradients."""

import numpy
import pytest

import chainer
import chainerx
from chainer import testing
from chainer.utils import type_check
import chainer.functions as F
from chainer.functions.connection.convolution_nd import ConvolutionND
from chainer.functions.connection.deconvolution_nd import DeconvolutionND

import conv_reference
from mode_utils import make_array, mode  # NOQA: F401 (fixture)

_OPTIONS = [
    {'stride': 1, 'pad': 0, 'cover_all': False, 'dilate': 1, 'groups': 1, 'nobias': False},
    {'stride': 2, 'pad': 1, 'cover_all': True, 'dilate': 1, 'groups': 1, 'nobias': False},
    {'stride': 1, 'pad': 2, 'cover_all': False, 'dilate': 2, 'groups': 1, 'nobias': True},
    {'stride': 2, 'pad': 0, 'cover_all': True, 'dilate': 2, 'groups': 2, 'nobias': False},
]
_FUNCTIONS = {1: F.convolution_1d, 2: F.convolution_2d, 3: F.convolution_3d}


@testing.parameterize(*testing.product_dict(
    [{'dims': (7,), 'ksize': 3, 'api': 'specific'}, {'dims': (5, 6), 'ksize': 3, 'api': 'specific'},
     {'dims': (5, 4), 'ksize': 2, 'api': 'nd'}, {'dims': (4, 3, 4), 'ksize': 2, 'api': 'specific'},
     {'dims': (5, 6), 'ksize': 3, 'api': 'nd', 'fallback': True}],
    [{'dtype': numpy.float16}, {'dtype': numpy.float32}, {'dtype': numpy.float64}],
    _OPTIONS,
))
@testing.inject_backend_tests(None, conv_reference.BACKENDS)
class TestConvolutionND(testing.FunctionTestCase):

    fallback = False

    def setUp(self):
        if self.fallback:
            conv_reference.force_fallback(self, ConvolutionND, DeconvolutionND)
        (self.check_forward_options, self.check_backward_options,
         self.check_double_backward_options) = conv_reference.tolerances(self.dtype)

    def generate_inputs(self):
        ndim = len(self.dims)
        x = numpy.random.uniform(-1, 1, (2, 4) + self.dims).astype(self.dtype)
        W_shape = (6, 4 // self.groups) + (self.ksize,) * ndim
        W = numpy.random.uniform(-1, 1, W_shape).astype(self.dtype)
        if self.nobias:
            return x, W
        return x, W, numpy.random.uniform(-1, 1, 6).astype(self.dtype)

    def _kwargs(self):
        return dict(stride=self.stride, pad=self.pad, cover_all=self.cover_all, dilate=self.dilate,
                    groups=self.groups)

    def forward(self, inputs, device):
        if self.api == 'nd':
            return F.convolution_nd(*inputs, **self._kwargs()),
        return _FUNCTIONS[len(self.dims)](*inputs, **self._kwargs()),

    def forward_expected(self, inputs):
        return conv_reference.conv(*inputs, **self._kwargs()).astype(self.dtype),


@testing.parameterize(*testing.product({
    'dtype': [numpy.float32, numpy.float64], 'nobias': [False, True]}))
@testing.inject_backend_tests(None, conv_reference.BACKENDS)
class TestDilatedConvolution2D(testing.FunctionTestCase):

    def setUp(self):
        (self.check_forward_options, self.check_backward_options,
         self.check_double_backward_options) = conv_reference.tolerances(self.dtype)

    def generate_inputs(self):
        x = numpy.random.uniform(-1, 1, (2, 3, 6, 5)).astype(self.dtype)
        W = numpy.random.uniform(-1, 1, (2, 3, 2, 3)).astype(self.dtype)
        return (x, W) if self.nobias else (x, W, numpy.random.uniform(-1, 1, 2).astype(self.dtype))

    def forward(self, inputs, device):
        return F.dilated_convolution_2d(*inputs, stride=(1, 2), pad=(2, 1), dilate=(2, 1)),

    def forward_expected(self, inputs):
        y = conv_reference.conv(*inputs, stride=(1, 2), pad=(2, 1), dilate=(2, 1))
        return y.astype(self.dtype),


def _arrays(mode, *shapes, dtype=numpy.float64):
    rng = numpy.random.RandomState(0)
    return [make_array(mode, rng.uniform(-1, 1, shape), dtype) for shape in shapes]


def test_mixed_dtypes_keep_the_dtype_of_x(mode):
    x, = _arrays(mode, (2, 3, 4, 4), dtype=numpy.float16)
    W, b = _arrays(mode, (2, 3, 3, 3), (2,), dtype=numpy.float32)
    b = b.astype(numpy.float16)
    xv, Wv = chainer.Variable(x), chainer.Variable(W)
    y = F.convolution_2d(xv, Wv, b, pad=1)
    assert y.dtype == numpy.float16 and y.shape == (2, 2, 4, 4)
    y.grad = y.array * 0 + 1
    y.backward()
    assert xv.grad.dtype == numpy.float16 and Wv.grad.dtype == numpy.float32
    expected = conv_reference.conv(_np(x), _np(W), _np(b), pad=1)
    testing.assert_allclose(_np(y.array), expected, atol=1e-2, rtol=1e-2)


def test_zero_size_batch(mode):
    x, W = _arrays(mode, (0, 3, 4, 4), (2, 3, 3, 3))
    xv, Wv = chainer.Variable(x), chainer.Variable(W)
    y = F.convolution_2d(xv, Wv, stride=2)
    assert y.shape == (0, 2, 1, 1)
    y.grad = y.array * 0
    y.backward()
    assert xv.grad.shape == x.shape and float(abs(_np(Wv.grad)).sum()) == 0


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
        make_call(lambda shape: _arrays(mode, shape)[0])


def test_numpy_mixed_with_chainerx_is_a_type_error():
    x, = _arrays('numpy', (2, 3, 4, 4))
    W, = _arrays('chainerx', (2, 3, 3, 3))
    with pytest.raises(TypeError):
        F.convolution_2d(x, W)


def test_native_path_takes_no_fallback():
    x, W, b = [chainer.Variable(a) for a in _arrays('chainerx', (2, 4, 5, 5), (6, 2, 3, 3), (6,))]
    before = chainer.function_node.fallback_count
    y = F.convolution_2d(x, W, b, stride=2, pad=1, dilate=2, groups=2, cover_all=True)
    gx, gW = chainer.grad([F.sum(y * y)], [x, W], enable_double_backprop=True)
    chainer.grad([F.sum(gx * gx) + F.sum(gW * gW)], [x, W, b])
    assert chainer.function_node.fallback_count == before
    assert isinstance(y.array, chainerx.ndarray)


def _np(array):
    return chainerx.to_numpy(array) if isinstance(array, chainerx.ndarray) else numpy.asarray(array)


testing.run_module(__name__, __file__)
