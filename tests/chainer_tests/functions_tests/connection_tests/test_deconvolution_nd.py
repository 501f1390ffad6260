"""deconvolution_1d/2d/3d/nd: forward against a loop reference, gradients, outsize, errors."""

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

# `outsize_extra` adds to the default output size (1 is the size a cover_all convolution maps back).
_OPTIONS = [
    {'stride': 1, 'pad': 0, 'outsize_extra': None, 'dilate': 1, 'groups': 1, 'nobias': False},
    {'stride': 2, 'pad': 1, 'outsize_extra': 1, 'dilate': 1, 'groups': 1, 'nobias': False},
    {'stride': 2, 'pad': 1, 'outsize_extra': 0, 'dilate': 2, 'groups': 1, 'nobias': True},
    {'stride': 3, 'pad': 0, 'outsize_extra': None, 'dilate': 2, 'groups': 2, 'nobias': False},
]
_FUNCTIONS = {1: F.deconvolution_1d, 2: F.deconvolution_2d, 3: F.deconvolution_3d}


def _default_outsize(dims, ksize, stride, pad, dilate):
    return tuple(stride * (n - 1) + dilate * (ksize - 1) + 1 - 2 * pad for n in dims)


@testing.parameterize(*testing.product_dict(
    [{'dims': (4,), 'ksize': 3, 'api': 'specific'}, {'dims': (3, 4), 'ksize': 3, 'api': 'specific'},
     {'dims': (3, 3), 'ksize': 2, 'api': 'nd'}, {'dims': (2, 3, 2), 'ksize': 2, 'api': 'specific'},
     {'dims': (3, 4), 'ksize': 3, 'api': 'nd', 'fallback': True}],
    [{'dtype': numpy.float16}, {'dtype': numpy.float32}, {'dtype': numpy.float64}],
    _OPTIONS,
))
@testing.inject_backend_tests(None, conv_reference.BACKENDS)
class TestDeconvolutionND(testing.FunctionTestCase):

    fallback = False

    def setUp(self):
        if self.fallback:
            conv_reference.force_fallback(self, ConvolutionND, DeconvolutionND)
        (self.check_forward_options, self.check_backward_options,
         self.check_double_backward_options) = conv_reference.tolerances(self.dtype)
        self.outsize = None
        if self.outsize_extra is not None:
            self.outsize = tuple(o + self.outsize_extra for o in _default_outsize(
                self.dims, self.ksize, self.stride, self.pad, self.dilate))

    def generate_inputs(self):
        ndim = len(self.dims)
        x = numpy.random.uniform(-1, 1, (2, 4) + self.dims).astype(self.dtype)
        W_shape = (4, 6 // self.groups) + (self.ksize,) * ndim
        W = numpy.random.uniform(-1, 1, W_shape).astype(self.dtype)
        if self.nobias:
            return x, W
        return x, W, numpy.random.uniform(-1, 1, 6).astype(self.dtype)

    def _kwargs(self):
        return dict(stride=self.stride, pad=self.pad, outsize=self.outsize, dilate=self.dilate,
                    groups=self.groups)

    def forward(self, inputs, device):
        if self.api == 'nd':
            return F.deconvolution_nd(*inputs, **self._kwargs()),
        return _FUNCTIONS[len(self.dims)](*inputs, **self._kwargs()),

    def forward_expected(self, inputs):
        return conv_reference.deconv(*inputs, **self._kwargs()).astype(self.dtype),


def _arrays(mode, *shapes, dtype=numpy.float64):
    rng = numpy.random.RandomState(0)
    return [make_array(mode, rng.uniform(-1, 1, shape), dtype) for shape in shapes]


def _np(array):
    return chainerx.to_numpy(array) if isinstance(array, chainerx.ndarray) else numpy.asarray(array)


def test_is_the_adjoint_of_convolution(mode):
    x, W, gy = _arrays(mode, (2, 3, 5, 6), (4, 3, 3, 2), (2, 4, 3, 3))
    kwargs = dict(stride=2, pad=(1, 0))
    # <conv(x), gy> == <x, deconv(gy)> for the deconvolution whose output has x's shape.
    y = F.convolution_2d(x, W, cover_all=True, **kwargs)
    z = F.deconvolution_2d(gy, W, outsize=(5, 6), **kwargs)
    assert y.shape == gy.shape and z.shape == x.shape
    numpy.testing.assert_allclose(
        float((_np(y.array) * _np(gy)).sum()), float((_np(x) * _np(z.array)).sum()))


def test_mixed_dtypes_keep_the_dtype_of_x(mode):
    x, = _arrays(mode, (2, 3, 3, 3), dtype=numpy.float32)
    W, = _arrays(mode, (3, 2, 2, 2), dtype=numpy.float64)
    Wv = chainer.Variable(W)
    y = F.deconvolution_2d(x, Wv, stride=2)
    assert y.dtype == numpy.float32 and y.shape == (2, 2, 6, 6)
    y.grad = y.array * 0 + 1
    y.backward()
    assert Wv.grad.dtype == numpy.float64
    expected = conv_reference.deconv(_np(x), _np(W), stride=2)
    testing.assert_allclose(_np(y.array), expected, atol=1e-5, rtol=1e-5)


def test_zero_size_batch(mode):
    x, W = [chainer.Variable(a) for a in _arrays(mode, (0, 3, 2, 2), (3, 2, 3, 3))]
    y = F.deconvolution_2d(x, W, stride=2)
    assert y.shape == (0, 2, 5, 5)
    y.grad = y.array * 0
    y.backward()
    assert x.grad.shape == (0, 3, 2, 2) and float(abs(_np(W.grad)).sum()) == 0


@pytest.mark.parametrize('make_call, error', [
    (lambda a: F.deconvolution_2d(a((2, 3, 4, 4)), a((2, 2, 3, 3))), type_check.InvalidType),
    (lambda a: F.deconvolution_2d(a((2, 3, 4, 4)), a((3, 2, 3, 3)), a((3,))),
     type_check.InvalidType),
    (lambda a: F.deconvolution_2d(a((2, 3, 4, 4)), a((3, 2, 3, 3)), groups=2),
     type_check.InvalidType),
    (lambda a: F.deconvolution_2d(a((2, 3, 4, 4)), a((3, 2, 3, 3)), stride=2, outsize=(11, 9)),
     type_check.InvalidType),
    (lambda a: F.deconvolution_2d(a((2, 3, 4, 4)), a((3, 2, 3, 3)), stride=2, outsize=(6, 9)),
     type_check.InvalidType),
    (lambda a: F.deconvolution_2d(a((2, 3, 4, 4)), a((3, 2, 3, 3)), outsize=(6,)), ValueError),
    (lambda a: F.deconvolution_2d(a((2, 3, 1, 1)), a((3, 2, 1, 1)), pad=1), ValueError),
    (lambda a: F.deconvolution_2d(a((2, 3, 4, 4)), a((3, 2, 3, 3)), deterministic=False),
     ValueError),
    (lambda a: F.deconvolution_1d(a((2, 3, 4, 4)), a((3, 2, 3, 3))), ValueError),
    (lambda a: F.deconvolution_3d(a((2, 3, 4)), a((3, 2, 3))), ValueError),
])
def test_errors(mode, make_call, error):
    with pytest.raises(error):
        make_call(lambda shape: _arrays(mode, shape)[0])


testing.run_module(__name__, __file__)
