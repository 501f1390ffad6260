"""DeformableConvolution2D and its DeformableConvolution2DSampler: forward against NumPy loops,
gradients, default initializers, lazy channels, devices, serialization, errors."""

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import initializers
from chainer import testing
from chainer.links.connection.convolution_2d import Convolution2D
from chainer.links.connection.deformable_convolution_2d import DeformableConvolution2D
from chainer.links.connection.deformable_convolution_2d import DeformableConvolution2DSampler

import bilinear_reference
import link_reference
from link_reference import send
from mode_utils import mode, to_numpy  # NOQA: F401 (fixture)

# Options of the layers under test, with the output size of x (2, 3, 5, 4) under each.
_GEOMETRIES = [
    ({'ksize': 3, 'pad': 1}, (5, 4)),
    ({'ksize': (2, 3), 'stride': (2, 1), 'pad': (0, 1)}, (2, 4)),
]


def _pair(value):
    return tuple(value) if isinstance(value, tuple) else (value, value)


def _geometry(options):
    return _pair(options.get('stride', 1)), _pair(options.get('pad', 0))


@testing.parameterize(*testing.product({
    'geometry': _GEOMETRIES,
    'lazy': [False, True],
    'nobias': [False, True],
}))
@link_reference.inject
class TestDeformableConvolution2DSampler(link_reference.LinkCase):
    """The link of W and b, given offsets 0.2 or more off the integers (the interpolation's
    kinks) that reach outside the image."""

    @property
    def param_names(self):
        return ('W',) if self.nobias else ('W', 'b')

    @property
    def x_shapes(self):
        options, out_size = self.geometry
        kh, kw = _pair(options['ksize'])
        return (2, 3, 5, 4), (2, 2 * kh * kw) + out_size

    def generate_inputs(self):
        x_shape, offset_shape = self.x_shapes
        x = numpy.random.uniform(-1, 1, x_shape)
        return x, bilinear_reference.fractional(offset_shape, -2, 1)

    def make_link(self):
        options = self.geometry[0]
        link = DeformableConvolution2DSampler(None if self.lazy else 3, 2, nobias=self.nobias,
                                              initial_bias=None if self.nobias else 0.5, **options)
        if self.lazy:
            assert link.W.array is None
            return self.initialize_lazily(link)
        return link

    def reference(self, link, x, offset):
        W, b = link_reference.params(link, 'W', 'b')
        stride, pad = _geometry(self.geometry[0])
        return bilinear_reference.deformable_convolution(x, offset, W, b, stride, pad)


def _offset_initializers():
    """Random offset kernels (offsets that are not integers) and a bias off the integers."""
    return {'offset_initialW': initializers.Normal(0.5), 'offset_initial_bias': 0.3}


@testing.parameterize(*testing.product({
    'geometry': _GEOMETRIES,
    'lazy': [False, True],
}))
@link_reference.inject
class TestDeformableConvolution2D(link_reference.LinkCase):
    """The layer with random offset kernels; its parameters' gradients are checked apart
    (test_parameter_gradients_match_numerical: they belong to its children)."""

    x_shapes = (2, 3, 5, 4),
    # Small steps: the offsets follow x, and a step must not cross an integer coordinate.
    check_backward_options = {'atol': 1e-6, 'rtol': 1e-5, 'eps': 1e-6}

    def make_link(self):
        link = DeformableConvolution2D(None if self.lazy else 3, 2, **self.geometry[0],
                                       **_offset_initializers())
        if self.lazy:
            assert link.deform_conv.W.array is None and link.offset_conv.W.array is None
            return self.initialize_lazily(link)
        return link

    def reference(self, link, x):
        stride, pad = _geometry(self.geometry[0])
        offset = link_reference.convolution(x, *link_reference.params(link.offset_conv, 'W', 'b'),
                                            stride=stride, pad=pad)
        W, b = link_reference.params(link.deform_conv, 'W', 'b')
        return bilinear_reference.deformable_convolution(x, offset, W, b, stride, pad)


def test_parameter_gradients_match_numerical(mode):
    link_reference.check_param_gradients(
        mode, lambda: DeformableConvolution2D(2, 3, (2, 3), stride=(1, 2), pad=1,
                                              **_offset_initializers()), (2, 2, 4, 5))


def test_default_initializers():
    link = DeformableConvolution2D(3, 4, (2, 3))
    assert link.offset_conv.W.shape == (12, 3, 2, 3) and link.offset_conv.b.shape == (12,)
    assert not link.offset_conv.W.array.any() and not link.offset_conv.b.array.any()
    assert link.deform_conv.W.shape == (4, 3, 2, 3) and link.deform_conv.W.array.any()
    assert link.deform_conv.b.shape == (4,) and not link.deform_conv.b.array.any()
    assert link.deform_conv.W.dtype == numpy.float32
    assert sorted(name for name, _ in link.namedparams()) == [
        '/deform_conv/W', '/deform_conv/b', '/offset_conv/W', '/offset_conv/b']


def test_initializers_and_nobias_are_passed_on():
    link = DeformableConvolution2D(2, 3, 2, offset_nobias=True, offset_initialW=0.25,
                                   deform_nobias=True, deform_initialW=numpy.ones((3, 2, 2, 2)))
    assert link.offset_conv.b is None and link.deform_conv.b is None
    assert (link.offset_conv.W.array == 0.25).all() and (link.deform_conv.W.array == 1).all()
    link = DeformableConvolution2D(2, 3, 2, offset_initial_bias=1.5, deform_initial_bias=-2.0)
    assert (link.offset_conv.b.array == 1.5).all() and (link.deform_conv.b.array == -2).all()


def test_zero_offsets_make_a_convolution(mode):
    """With its default (zero) offset convolution, the layer is a convolution by its own W, b."""
    link = DeformableConvolution2D(3, 4, 3, stride=2, pad=1, deform_initial_bias=0.5)
    x = numpy.random.RandomState(0).uniform(-1, 1, (2, 3, 7, 6)).astype(numpy.float32)
    expected = F.convolution_2d(x, link.deform_conv.W.array, link.deform_conv.b.array, 2, 1)
    link.to_device('@numpy' if mode == 'numpy' else 'native:0')
    y = link(send(mode, x))
    assert y.dtype == numpy.float32
    numpy.testing.assert_allclose(to_numpy(y.array), expected.array, atol=1e-5, rtol=1e-5)


def test_lazy_link_initialises_on_the_device_of_the_input(mode):
    link = DeformableConvolution2D(None, 4, 3, pad=1)
    link.to_device('@numpy' if mode == 'numpy' else 'native:0')
    y = link(send(mode, numpy.ones((2, 5, 6, 7), numpy.float32)))
    assert y.shape == (2, 4, 6, 7)
    assert link.deform_conv.W.shape == (4, 5, 3, 3) and link.deform_conv.in_channels == 5
    assert link.offset_conv.W.shape == (18, 5, 3, 3)
    for param in link.params():
        assert chainer.backend.get_device_from_array(param.array) == link.device


def test_zero_size_batch(mode):
    link = DeformableConvolution2D(3, 2, 3, pad=1)
    link.to_device('@numpy' if mode == 'numpy' else 'native:0')
    x = chainer.Variable(send(mode, numpy.zeros((0, 3, 4, 5), numpy.float32)))
    y = link(x)
    assert y.shape == (0, 2, 4, 5)
    y.grad = y.array * 0
    y.backward()
    assert x.grad.shape == x.shape
    assert all(not to_numpy(p.grad).any() for p in link.params())


def test_native_on_chainerx():
    link = DeformableConvolution2D(2, 3, 2, pad=1, **_offset_initializers())
    link.to_device('native:0')
    x = numpy.random.RandomState(0).uniform(-1, 1, (2, 2, 4, 3)).astype(numpy.float32)
    x = chainer.Variable(send('chainerx', x))
    before = chainer.function_node.fallback_count
    y = link(x)
    variables = [x] + list(link.params())
    grads = chainer.grad([F.sum(y * y)], variables, enable_double_backprop=True)
    chainer.grad([F.sum(g * g) for g in grads], variables)
    assert chainer.function_node.fallback_count == before


def test_sampler_link_on_given_offsets(mode):
    link = DeformableConvolution2DSampler(2, 3, 2, initialW=1.0, initial_bias=0.5)
    link.to_device('@numpy' if mode == 'numpy' else 'native:0')
    x = numpy.ones((1, 2, 3, 3))
    offset = numpy.zeros((1, 8, 2, 2))
    offset[:, :4] = 10.0      # every tap far right of the image reads zeros
    y = link(send(mode, x.astype(numpy.float32)), send(mode, offset.astype(numpy.float32)))
    numpy.testing.assert_array_equal(to_numpy(y.array), numpy.full((1, 3, 2, 2), 0.5))


def test_serialization_round_trip(tmp_path):
    link = DeformableConvolution2D(2, 3, 2, **_offset_initializers())
    path = str(tmp_path / 'deformable.npz')
    chainer.serializers.save_npz(path, link)
    lazy = DeformableConvolution2D(None, 3, 2)
    chainer.serializers.load_npz(path, lazy)
    for name, param in link.namedparams():
        loaded = dict(lazy.namedparams())[name]
        numpy.testing.assert_array_equal(to_numpy(loaded.array), to_numpy(param.array))


def test_children_and_repr():
    link = DeformableConvolution2D(2, 3, (2, 3), stride=2)
    assert isinstance(link.offset_conv, Convolution2D)
    assert link.offset_conv.out_channels == 12 and link.offset_conv.stride == (2, 2)
    assert repr(link.deform_conv) == (
        'DeformableConvolution2DSampler(in_channels=2, out_channels=3, ksize=(2, 3), '
        'stride=(2, 2), pad=(0, 0), nobias=False)')


@pytest.mark.parametrize('args, kwargs, error', [
    ((3, 4, 0), {}, ValueError),
    ((3, 4, 2.5), {}, TypeError),
    ((3, 4, (2, 2, 2)), {}, ValueError),
    ((3, -1, 2), {}, ValueError),
    ((3.0, 4, 2), {}, TypeError),
    ((3, 4, 2), {'stride': 0}, ValueError),
    ((3, 4, 2), {'pad': -1}, ValueError),
    ((3, 4), {}, TypeError),                      # ksize is required
])
def test_bad_arguments_raise(args, kwargs, error):
    with pytest.raises(error):
        DeformableConvolution2D(*args, **kwargs)
    with pytest.raises(error):
        DeformableConvolution2DSampler(*args, **kwargs)


def test_input_of_another_channel_count_raises(mode):
    link = DeformableConvolution2D(3, 4, 2)
    link.to_device('@numpy' if mode == 'numpy' else 'native:0')
    with pytest.raises(chainer.utils.type_check.InvalidType):
        link(send(mode, numpy.zeros((1, 2, 4, 4), numpy.float32)))


testing.run_module(__name__, __file__)
