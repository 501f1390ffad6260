"""LocalConvolution2D: forward against a NumPy loop, gradients, lazy sizes, devices, errors."""

import numpy
import pytest

import chainer
import chainer.links as L
from chainer import testing
from chainer.utils import type_check

import link_reference
from link_reference import send
from mode_utils import mode, to_numpy  # NOQA: F401 (fixture)


def _reference(x, W, b, stride):
    """``y[n, o, i, j] = b[o, i, j] + sum W[o, i, j, c, p, q] x[n, c, i sy + p, j sx + q]``."""
    sy, sx = stride
    out_c, out_h, out_w, _, kh, kw = W.shape
    y = numpy.zeros((x.shape[0], out_c, out_h, out_w))
    for i in range(out_h):
        for j in range(out_w):
            window = x[:, :, i * sy:i * sy + kh, j * sx:j * sx + kw]
            y[:, :, i, j] = numpy.tensordot(window, W[:, i, j], ((1, 2, 3), (1, 2, 3)))
    return y if b is None else y + b


@testing.parameterize(*testing.product({
    'lazy': [None, 'in_channels', 'in_size'],
    'options': [{'ksize': 2}, {'ksize': (2, 3), 'stride': (2, 1), 'nobias': True}],
}))
@link_reference.inject
class TestLocalConvolution2D(link_reference.LinkCase):

    x_shapes = (2, 3, 5, 4),

    @property
    def param_names(self):
        return ('W',) if self.options.get('nobias') else ('W', 'b')

    def make_link(self):
        in_channels = None if self.lazy == 'in_channels' else 3
        in_size = None if self.lazy == 'in_size' else (5, 4)
        link = L.LocalConvolution2D(in_channels, 6, in_size, **self.options)
        if self.lazy:
            assert link.W.array is None
            return self.initialize_lazily(link)
        return link

    def reference(self, link, x):
        W, b = link_reference.params(link, 'W', 'b')
        stride = self.options.get('stride', 1)
        return _reference(x, W, b, stride if isinstance(stride, tuple) else (stride, stride))


def test_parameter_shapes_follow_the_original_layout():
    link = L.LocalConvolution2D(3, 8, in_size=(7, 6), ksize=(3, 2), stride=2)
    assert link.W.shape == (8, 3, 3, 3, 3, 2)
    assert link.b.shape == (8, 3, 3)
    assert L.LocalConvolution2D(3, 8, 6, 3, nobias=True).b is None
    assert chainer.links.connection.LocalConvolution2D is L.LocalConvolution2D


def test_initializers_are_used():
    link = L.LocalConvolution2D(2, 3, 4, 2, initialW=0.5, initial_bias=numpy.arange(27.0)
                                .reshape(3, 3, 3))
    assert (link.W.array == 0.5).all()
    assert link.b.array[2, 1, 0] == 21.0


def test_lazy_link_initialises_on_the_device_of_the_input(mode):
    device = '@numpy' if mode == 'numpy' else 'native:0'
    link = L.LocalConvolution2D(None, 4, ksize=3)
    assert link.W.array is None and link.b.array is None
    link.to_device(device)
    y = link(send(mode, numpy.ones((2, 3, 5, 6), numpy.float32)))
    assert y.shape == (2, 4, 3, 4)
    assert link.W.shape == (4, 3, 4, 3, 3, 3) and link.b.shape == (4, 3, 4)
    assert (link.in_channels, link.in_size) == (3, (5, 6))
    assert chainer.backend.get_device_from_array(link.W.array) == link.device
    assert chainer.backend.get_device_from_array(y.array) == link.device


def test_parameter_gradients_match_numerical(mode):
    link_reference.check_param_gradients(
        mode, lambda: L.LocalConvolution2D(2, 3, (4, 5), (2, 3), stride=(1, 2)), (2, 2, 4, 5))


def test_serialization_round_trip(tmp_path):
    link = L.LocalConvolution2D(2, 3, 4, 2)
    path = str(tmp_path / 'local.npz')
    chainer.serializers.save_npz(path, link)
    lazy = L.LocalConvolution2D(None, 3, ksize=2)
    chainer.serializers.load_npz(path, lazy)
    numpy.testing.assert_array_equal(to_numpy(lazy.W.array), to_numpy(link.W.array))
    numpy.testing.assert_array_equal(to_numpy(lazy.b.array), to_numpy(link.b.array))


def test_repr_lists_the_sizes():
    assert repr(L.LocalConvolution2D(3, 8, 6, 3, stride=2, nobias=True)) == (
        'LocalConvolution2D(in_channels=3, out_channels=8, in_size=(6, 6), ksize=(3, 3), '
        'stride=(2, 2), nobias=True)')


@pytest.mark.parametrize('args, kwargs, error', [
    ((3, 8), {'in_size': 6}, TypeError),                  # no ksize
    ((3, 8, 6, 2.5), {}, TypeError),
    ((3, 8, 6, (2, 2, 2)), {}, ValueError),
    ((3, -1, 6, 2), {}, ValueError),
    ((3, 8, 6, 2), {'stride': 0}, ValueError),
    ((3, 8, 2, 3), {}, ValueError),                       # kernel larger than the input
])
def test_bad_arguments_raise(args, kwargs, error):
    with pytest.raises(error):
        L.LocalConvolution2D(*args, **kwargs)


def test_input_of_another_size_or_channel_count_raises(mode):
    link = L.LocalConvolution2D(3, 4, 5, 2)
    link.to_device('@numpy' if mode == 'numpy' else 'native:0')
    for shape in ((1, 3, 6, 5), (1, 2, 5, 5)):
        with pytest.raises(type_check.InvalidType):
            link(send(mode, numpy.zeros(shape, numpy.float32)))
    lazy = L.LocalConvolution2D(None, 4, ksize=4)
    with pytest.raises(ValueError, match='larger'):
        lazy(numpy.zeros((1, 3, 3, 5), numpy.float32))


testing.run_module(__name__, __file__)
