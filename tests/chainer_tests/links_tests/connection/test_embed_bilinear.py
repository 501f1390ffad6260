"""L.EmbedID and L.Bilinear: forward against NumPy, gradients, initializers, errors."""

import numpy
import pytest

import chainer.links as L
from chainer import initializers
from chainer import testing

import link_reference
from link_reference import send
from mode_utils import to_numpy


@testing.parameterize(*testing.product({
    'ignore_label': [None, -1, 2], 'x_shape': [(3,), (2, 4), (0,)]}))
@link_reference.inject
class TestEmbedID(link_reference.LinkCase):

    param_names = ('W',)

    def make_link(self):
        return L.EmbedID(5, 3, ignore_label=self.ignore_label)

    def generate_inputs(self):
        low = -1 if self.ignore_label == -1 else 0
        return numpy.random.randint(low, 5, self.x_shape).astype(numpy.int32),

    def reference(self, link, x):
        W = link.W.array.astype(numpy.float64)
        y = W[numpy.where(x == -1, 0, x)]
        if self.ignore_label is not None:
            y[x == self.ignore_label] = 0
        return y


def test_embed_id_default_initializer_is_standard_normal():
    W = L.EmbedID(2000, 50).W.array
    assert W.shape == (2000, 50) and abs(W.std() - 1) < 0.02 and abs(W.mean()) < 0.02


def test_embed_id_rejects_out_of_range_ids(mode):
    link = L.EmbedID(3, 2).to_device('@numpy' if mode == 'numpy' else 'native:0')
    with pytest.raises(ValueError):
        link(send(mode, numpy.array([0, 3], numpy.int32)))


@testing.parameterize(*testing.product({'nobias': [False, True], 'batch': [3, 0]}))
@link_reference.inject
class TestBilinear(link_reference.LinkCase):

    @property
    def param_names(self):
        return ('W',) if self.nobias else ('W', 'V1', 'V2', 'b')

    @property
    def x_shapes(self):
        return (self.batch, 2), (self.batch, 4)

    def make_link(self):
        initial_bias = None if self.nobias else (None, None, initializers.Uniform(1))
        return L.Bilinear(2, 4, 3, nobias=self.nobias, initial_bias=initial_bias)

    def reference(self, link, e1, e2):
        W, V1, V2, b = link_reference.params(link, 'W', 'V1', 'V2', 'b')
        y = numpy.einsum('ni,nj,ijk->nk', e1, e2, W.astype(numpy.float64))
        if not self.nobias:
            y += e1 @ V1 + e2 @ V2 + b
        return y


def test_bilinear_parameters_and_initial_bias():
    link = L.Bilinear(2, 4, 3, initialW=1, initial_bias=(2, 3, 4))
    assert [(n, p.shape) for n, p in link.namedparams()] == [
        ('/V1', (2, 3)), ('/V2', (4, 3)), ('/W', (2, 4, 3)), ('/b', (3,))]
    assert [float(to_numpy(p.array).ravel()[0]) for p in link.params()] == [2, 3, 1, 4]
    assert not hasattr(L.Bilinear(2, 4, 3, nobias=True), 'V1')
    with pytest.raises(ValueError):
        L.Bilinear(2, 4, 3, initial_bias=(1, 2))
    with pytest.raises(ValueError):
        L.Bilinear(2, 4, 3, nobias=True, initial_bias=(1, 2, 3))
