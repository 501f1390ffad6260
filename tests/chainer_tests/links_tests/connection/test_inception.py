"""L.Inception, L.InceptionBN and L.MLPConvolution2D: structure, forward, gradients, errors."""

import numpy
import pytest

import chainer
import chainer.links as L
from chainer import testing

import link_reference
from link_reference import send
from mode_utils import to_numpy


def _max_pool_3x3_same(x):
    padded = numpy.pad(x, [(0, 0), (0, 0), (1, 1), (1, 1)], constant_values=-numpy.inf)
    h, w = x.shape[2:]
    return numpy.max([padded[:, :, i:i + h, j:j + w] for i in range(3) for j in range(3)], 0)


def _conv(link, x, pad=0):
    return link_reference.convolution(x, *link_reference.params(link, 'W', 'b'), pad=pad)


def _relu(x):
    return numpy.maximum(x, 0)


@link_reference.inject
class TestInception(link_reference.LinkCase):

    x_shapes = (2, 3, 5, 4),
    param_names = ()  # in the children: test_inception_gradients

    def make_link(self):
        return L.Inception(3, 2, 2, 3, 1, 2, 2, bias_init=chainer.initializers.Uniform(1))

    def reference(self, link, x):
        out1 = _conv(link.conv1, x)
        out3 = _conv(link.conv3, _relu(_conv(link.proj3, x)), pad=1)
        out5 = _conv(link.conv5, _relu(_conv(link.proj5, x)), pad=2)
        pool = _conv(link.projp, _max_pool_3x3_same(x))
        return _relu(numpy.concatenate([out1, out3, out5, pool], axis=1))


def test_inception_gradients(mode):
    link_reference.check_param_gradients(
        mode, lambda: L.Inception(None, 2, 2, 1, 1, 1, 1), (2, 3, 4, 4))


@testing.parameterize(*testing.product({'lazy': [False, True], 'batch': [2, 0]}))
@link_reference.inject
class TestMLPConvolution2D(link_reference.LinkCase):

    param_names = ()  # in the children: test_mlp_convolution_gradients

    @property
    def x_shapes(self):
        return (self.batch, 3, 5, 5),

    def make_link(self):
        args = (None,) if self.lazy else (3,)
        link = L.MLPConvolution2D(*args, (4, 2, 3), 3, stride=2, pad=1,
                                  bias_init=chainer.initializers.Uniform(1))
        return self.initialize_lazily(link) if self.lazy else link

    def reference(self, link, x):
        h = link_reference.convolution(x, *link_reference.params(link[0], 'W', 'b'), 2, 1)
        h = _conv(link[1], _relu(h))
        return _conv(link[2], _relu(h))


def test_mlp_convolution_gradients_and_structure(mode):
    link_reference.check_param_gradients(
        mode, lambda: L.MLPConvolution2D(2, (3, 2), 2, activation=chainer.functions.tanh),
        (2, 2, 3, 3))
    link = L.MLPConvolution2D((3, 2), 2)
    assert [c.name for c in link] == ['0', '1'] and link[0].in_channels is None
    assert link[1].W.shape == (2, 3, 1, 1)
    with pytest.raises(ValueError):
        L.MLPConvolution2D(3, (), 3)


@pytest.mark.parametrize('pooltype,out1,proj_pool,stride', [
    ('max', 2, 2, 1), ('avg', 0, None, 2), ('avg', 0, 3, 1)])
def test_inception_bn_shapes_devices_and_gradients(mode, pooltype, out1, proj_pool, stride):
    def make():
        return L.InceptionBN(3, out1, 2, 3, 2, 2, pooltype, proj_pool, stride)

    link = make()
    x = numpy.random.RandomState(0).uniform(-1, 1, (2, 3, 5, 5)).astype(numpy.float32)
    expected = link(x)
    moved = link.copy('copy').to_device('@numpy' if mode == 'numpy' else 'native:0')
    y = moved(send(mode, x))
    channels = out1 + 3 + 2 + (3 if proj_pool is None else proj_pool)
    size = 5 if stride == 1 else 3
    assert y.shape == (2, channels, size, size)
    numpy.testing.assert_allclose(to_numpy(y.array), expected.array, rtol=1e-4, atol=1e-5)
    link_reference.check_param_gradients(mode, make, (3, 3, 5, 5), atol=1e-5, rtol=1e-4)


def test_inception_bn_bad_arguments():
    with pytest.raises(ValueError, match='pooltype'):
        L.InceptionBN(3, 2, 2, 2, 2, 2, 'min', 2)
    with pytest.raises(ValueError):
        L.InceptionBN(3, 2, 2, 2, 2, 2, 'max', 2, stride=2)
    with pytest.raises(ValueError):
        L.InceptionBN(3, 2, 2, 2, 2, 2, 'max')
