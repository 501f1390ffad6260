"""The convolution links: forward against NumPy, gradients, lazy in_channels, zero-size batches."""

import numpy
import pytest

import chainer
import chainer.links as L
from chainer import testing

import link_reference
from link_reference import send

_ND_CLASSES = {1: (L.Convolution1D, L.Deconvolution1D), 3: (L.Convolution3D, L.Deconvolution3D)}


def _make(kind, ndim, api, in_channels, out_channels, **kwargs):
    if kind == 'dilated':
        return L.DilatedConvolution2D(in_channels, out_channels, 2, **kwargs)
    transposed = kind == 'deconvolution'
    if api == 'nd':
        cls = L.DeconvolutionND if transposed else L.ConvolutionND
        return cls(ndim, in_channels, out_channels, 2, **kwargs)
    if ndim == 2:
        cls = L.Deconvolution2D if transposed else L.Convolution2D
    else:
        cls = _ND_CLASSES[ndim][transposed]
    return cls(in_channels, out_channels, 2, **kwargs)


@testing.parameterize(*(
    testing.product({
        'kind': ['convolution', 'deconvolution'],
        'ndim': [1, 2, 3],
        'api': ['nd', 'fixed'],
        'options': [{'stride': 1, 'pad': 0}, {'stride': 2, 'pad': 1, 'nobias': True}],
        'lazy': [False],
        'batch': [2],
    }) + testing.product({
        'kind': ['convolution', 'deconvolution'],
        'ndim': [2],
        'api': ['fixed'],
        'options': [{'groups': 2, 'dilate': 2}],
        'lazy': [True, False],
        'batch': [2, 0],
    }) + testing.product({
        'kind': ['dilated'], 'ndim': [2], 'api': ['fixed'], 'lazy': [True, False], 'batch': [2],
        'options': [{'dilate': 2, 'pad': 1}, {'dilate': (1, 2), 'stride': 2}],
    })
))
@link_reference.inject
class TestConvolutionLinks(link_reference.LinkCase):

    check_forward_options = {'atol': 1e-4, 'rtol': 1e-4}

    @property
    def param_names(self):
        return ('W',) if self.options.get('nobias') else ('W', 'b')

    @property
    def x_shapes(self):
        return (self.batch, 4) + (5,) * self.ndim,

    def make_link(self):
        link = _make(self.kind, self.ndim, self.api, None if self.lazy else 4, 6, **self.options)
        return self.initialize_lazily(link) if self.lazy else link

    def reference(self, link, x):
        W, b = link_reference.params(link, 'W', 'b')
        function = link_reference.deconvolution if self.kind == 'deconvolution' else \
            link_reference.convolution
        options = {k: v for k, v in self.options.items() if k != 'nobias'}
        return function(x, W, b, **options)


@testing.parameterize(*testing.product({'lazy': [False, True], 'nobias': [False, True]}))
@link_reference.inject
class TestDepthwiseConvolution2D(link_reference.LinkCase):

    x_shapes = (2, 3, 5, 4),

    @property
    def param_names(self):
        return ('W',) if self.nobias else ('W', 'b')

    def make_link(self):
        link = L.DepthwiseConvolution2D(None if self.lazy else 3, 2, 3, stride=2, pad=1,
                                        nobias=self.nobias)
        return self.initialize_lazily(link) if self.lazy else link

    def reference(self, link, x):
        W, b = link_reference.params(link, 'W', 'b')
        grouped = W.transpose(1, 0, 2, 3).reshape(6, 1, 3, 3)  # output channel c * 2 + m
        return link_reference.convolution(x, grouped, b, stride=2, pad=1, groups=3)


def test_lazy_convolutions_take_channels_from_the_input_on_the_device(mode):
    device = '@numpy' if mode == 'numpy' else 'native:0'
    links = [(L.Convolution2D(6, 3), 2), (L.ConvolutionND(3, 6, 3), 3),
             (L.Deconvolution2D(6, 3), 2), (L.DeconvolutionND(1, 6, 3), 1),
             (L.DilatedConvolution2D(6, 3), 2), (L.DepthwiseConvolution2D(None, 3, 3), 2)]
    for link, ndim in links:
        assert link.W.array is None and link.in_channels is None
        link.to_device(device)
        link(send(mode, numpy.ones((1, 4) + (4,) * ndim, numpy.float32)))
        assert link.in_channels == 4
        assert chainer.backend.get_device_from_array(link.W.array) == link.device


def test_weight_shapes_and_specs():
    assert L.Convolution2D(4, 6, (2, 3), groups=2).W.shape == (6, 2, 2, 3)
    assert L.Deconvolution2D(4, 6, 3, groups=2).W.shape == (4, 3, 3, 3)
    assert L.ConvolutionND(1, 4, 6, 3).W.shape == (6, 4, 3)
    assert L.DepthwiseConvolution2D(3, 2, 3).b.shape == (6,)
    assert repr(L.Convolution2D(3, 8, 3, stride=2, nobias=True)) == (
        'Convolution2D(in_channels=3, out_channels=8, ksize=3, stride=2, pad=0, nobias=True, '
        'dilate=1, groups=1)')
    assert 'outsize=(4, 4)' in repr(L.Deconvolution2D(3, 8, 3, outsize=(4, 4)))


def test_deconvolution_outsize():
    link = L.Deconvolution2D(2, 3, 3, stride=2, outsize=(8, 8))
    assert link(numpy.zeros((1, 2, 4, 4), numpy.float32)).shape == (1, 3, 8, 8)


def test_bad_arguments_raise():
    with pytest.raises(ValueError, match='output channels'):
        L.Convolution2D(4, 5, 3, groups=2)
    with pytest.raises(ValueError, match='input channels'):
        L.Convolution2D(3, 4, 3, groups=2)
    link = L.Convolution2D(4, 3, groups=2)
    with pytest.raises(ValueError, match='input channels'):
        link(numpy.zeros((1, 3, 4, 4), numpy.float32))
    with pytest.raises(ValueError, match='deterministic'):
        L.Convolution2D(3, 4, 3, deterministic=True)
    with pytest.raises(TypeError, match='unexpected'):
        L.Deconvolution2D(3, 4, 3, cover_all=True)
