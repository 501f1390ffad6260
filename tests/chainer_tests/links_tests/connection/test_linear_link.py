"""L.Linear: forward against NumPy, gradients, lazy input size, zero-size batches, errors."""

import numpy
import pytest

import chainer
import chainer.links as L
from chainer import initializers
from chainer import testing

import link_reference
from link_reference import send
from mode_utils import to_numpy


@testing.parameterize(*testing.product({
    'x_shape': [(4, 3), (4, 3, 2), (0, 3)],
    'nobias': [False, True],
    'lazy': [False, True],
}))
@link_reference.inject
class TestLinear(link_reference.LinkCase):

    @property
    def param_names(self):
        return ('W',) if self.nobias else ('W', 'b')

    @property
    def x_shapes(self):
        return self.x_shape,

    def make_link(self):
        in_size = int(numpy.prod(self.x_shape[1:]))
        link = L.Linear(None if self.lazy else in_size, 5, nobias=self.nobias,
                        initial_bias=initializers.Uniform(1))
        return self.initialize_lazily(link) if self.lazy else link

    def reference(self, link, x):
        return link_reference.linear(x, *link_reference.params(link, 'W', 'b'))


def test_lazy_input_size_is_taken_from_the_first_input_on_the_links_device(mode):
    link = L.Linear(3)
    assert link.W.array is None and link.in_size is None and link.b.shape == (3,)
    link.to_device('@numpy' if mode == 'numpy' else 'native:0')
    x = send(mode, numpy.ones((2, 4, 2), numpy.float32))
    y = link(x)
    assert link.W.shape == (3, 8) and link.in_size == 8 and y.shape == (2, 3)
    assert chainer.backend.get_device_from_array(link.W.array) == link.device
    assert repr(link) == 'Linear(in_size=8, out_size=3, nobias=False)'


def test_n_batch_axes_flattens_only_the_trailing_axes(mode):
    link = L.Linear(None, 2).to_device('@numpy' if mode == 'numpy' else 'native:0')
    x = numpy.random.RandomState(0).uniform(-1, 1, (2, 3, 4)).astype(numpy.float32)
    y = link(send(mode, x), n_batch_axes=2)
    assert y.shape == (2, 3, 2) and link.W.shape == (2, 4)
    W, b = to_numpy(link.W.array), to_numpy(link.b.array)
    numpy.testing.assert_allclose(to_numpy(y.array), x @ W.T + b, rtol=1e-5, atol=1e-6)


def test_initializers_and_dtypes():
    W = numpy.arange(6, dtype=numpy.float64).reshape(2, 3)
    link = L.Linear(3, 2, initialW=W, initial_bias=7)
    numpy.testing.assert_array_equal(link.W.array, W)
    numpy.testing.assert_array_equal(link.b.array, [7, 7])
    assert link.W.dtype == numpy.float32  # the default dtype, as for any initializer
    with chainer.using_config('dtype', numpy.float16):
        assert L.Linear(3, 2).W.dtype == numpy.float16
    assert L.Linear(3, 2, initialW=initializers.One(numpy.float64)).W.dtype == numpy.float64
    assert L.Linear(3, 2, nobias=True).b is None


def test_bad_sizes_raise():
    with pytest.raises(TypeError):
        L.Linear(2.5, 3)
    with pytest.raises(ValueError):
        L.Linear(3, -1)
    assert L.Linear(numpy.int64(3), 2).W.shape == (2, 3)
