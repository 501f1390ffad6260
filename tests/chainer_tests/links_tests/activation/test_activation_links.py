"""L.PReLU, L.Maxout, L.Swish, L.SimplifiedDropconnect: forward against NumPy, gradients, errors."""

import numpy
import pytest

import chainer
import chainer.links as L
from chainer import gradient_check
from chainer import initializers
from chainer import testing

from mode_utils import to_numpy

BACKENDS = [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}]
DEVICES = {'numpy': '@numpy', 'chainerx': 'native:0'}


def _broadcast(param, ndim):
    """`param` shaped to broadcast against an array of `ndim` axes from axis 1 on."""
    return param.reshape((1,) + param.shape + (1,) * (ndim - 1 - param.ndim))


class _Case:
    """Mixin of a LinkTestCase (before it in the bases): float64 links with random parameters.

    Subclasses define `x_shape`, `make_link()` and `reference(link, x)`.
    """

    check_forward_options = {'atol': 1e-10, 'rtol': 1e-9}
    check_backward_options = {'atol': 1e-6, 'rtol': 1e-5, 'eps': 1e-6}
    dodge_nondifferentiable = True

    def generate_params(self):
        return ()

    def create_link(self, initializers):
        numpy.random.seed(0)
        with chainer.using_config('dtype', numpy.float64):
            link = self.make_link()
            with chainer.no_backprop_mode():
                link(numpy.zeros((1,) + self.x_shape[1:]))  # lazy parameters appear
        return link

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.x_shape),

    def forward_expected(self, link, inputs):
        return numpy.asarray(self.reference(link, *inputs)),


@testing.parameterize(*testing.product({
    'shape': [(), (3,), (3, 4)], 'x_shape': [(2, 3, 4), (0, 3, 4)]}))
@testing.inject_backend_tests(None, BACKENDS)
class TestPReLU(_Case, testing.LinkTestCase):

    param_names = ('W',)

    def make_link(self):
        return L.PReLU(self.shape, init=initializers.Uniform(1))

    def reference(self, link, x):
        return numpy.where(x >= 0, x, x * _broadcast(link.W.array, x.ndim))


@testing.parameterize(*testing.product({'nobias': [False, True], 'x_shape': [(3, 4), (0, 4)]}))
@testing.inject_backend_tests(None, BACKENDS)
class TestMaxout(_Case, testing.LinkTestCase):

    param_names = ()  # those of the child: test_maxout_parameter_gradients

    def make_link(self):
        return L.Maxout(4, 3, 2, initial_bias=None if self.nobias else initializers.Uniform(1))

    def reference(self, link, x):
        W = link.linear.W.array
        y = x @ W.T + (0 if link.linear.b is None else link.linear.b.array)
        return y.reshape(len(x), 3, 2).max(axis=2)


@testing.parameterize(*testing.product({
    'beta_shape': [None, (3,)], 'x_shape': [(2, 3), (2, 3, 4), (0, 3)]}))
@testing.inject_backend_tests(None, BACKENDS)
class TestSwish(_Case, testing.LinkTestCase):

    param_names = ('beta',)

    def make_link(self):
        return L.Swish(self.beta_shape, beta_init=initializers.Uniform(2))

    def reference(self, link, x):
        beta = _broadcast(link.beta.array, x.ndim)
        return x / (1 + numpy.exp(-beta * x))


@testing.parameterize(*testing.product({
    'in_size': [None, 6], 'nobias': [False, True], 'batchwise': [True, False],
    'x_shape': [(3, 2, 3), (0, 6)]}))
@testing.inject_backend_tests(None, BACKENDS)
class TestSimplifiedDropconnect(_Case, testing.LinkTestCase):

    ratio = 0.25

    @property
    def param_names(self):
        return ('W',) if self.nobias else ('W', 'b')

    def make_link(self):
        return L.SimplifiedDropconnect(self.in_size, 4, ratio=self.ratio, nobias=self.nobias,
                                       initial_bias=initializers.Uniform(1))

    @property
    def mask(self):
        shape = (self.x_shape[0], 4, 6) if self.batchwise else (4, 6)
        return (numpy.random.RandomState(5).uniform(size=shape) > self.ratio).astype('d')

    def forward(self, link, inputs, device):
        x, = inputs
        return link(x, mask=device.send(self.mask), use_batchwise_mask=self.batchwise),

    def reference(self, link, x):
        W = link.W.array * self.mask / (1 - self.ratio)
        x = x.reshape(len(x), 6)
        y = numpy.einsum('ni,noi->no', x, W) if self.batchwise else x @ W.T
        return y if link.b is None else y + link.b.array


def test_maxout_parameter_gradients(mode):
    with chainer.using_config('dtype', numpy.float64):
        link = L.Maxout(4, 3, 2, initial_bias=initializers.Uniform(1))
    link.to_device(DEVICES[mode])
    rng = numpy.random.RandomState(2)
    x, gy = (chainer.get_device(DEVICES[mode]).send(rng.uniform(-1, 1, s)) for s in
             [(3, 4), (3, 3)])
    gradient_check.check_backward(link, x, gy, params=tuple(link.params()), eps=1e-6,
                                  atol=1e-6, rtol=1e-5)


def test_maxout_array_initializers_have_the_pooled_shape():
    W = numpy.arange(24, dtype=numpy.float32).reshape(3, 2, 4)
    b = numpy.arange(6, dtype=numpy.float32).reshape(3, 2)
    link = L.Maxout(4, 3, 2, initialW=W, initial_bias=b)
    numpy.testing.assert_array_equal(link.linear.W.array, W.reshape(6, 4))
    numpy.testing.assert_array_equal(link.linear.b.array, b.ravel())
    with pytest.raises(ValueError, match='initialW'):
        L.Maxout(4, 3, 2, initialW=numpy.zeros((6, 4), numpy.float32))
    assert L.Maxout(4, 3, 2, initial_bias=None).linear.b is None


def test_simplified_dropconnect_without_training_uses_all_weights(mode):
    link = L.SimplifiedDropconnect(3).to_device(DEVICES[mode])
    x = numpy.random.RandomState(0).uniform(-1, 1, (2, 5)).astype(numpy.float32)
    y = link(chainer.get_device(DEVICES[mode]).send(x), train=False)
    assert link.W.shape == (3, 5)
    expected = x @ to_numpy(link.W.array).T + to_numpy(link.b.array)
    numpy.testing.assert_allclose(to_numpy(y.array), expected, rtol=1e-5, atol=1e-6)


def test_lazy_parameters_follow_the_links_device(mode):
    for link, x_shape in [(L.Swish(None), (2, 3, 2)), (L.SimplifiedDropconnect(None, 2), (2, 3))]:
        link.to_device(DEVICES[mode])
        link(chainer.get_device(DEVICES[mode]).send(numpy.ones(x_shape, numpy.float32)))
        for param in link.params():
            assert chainer.backend.get_device_from_array(param.array) == link.device


def test_prelu_default_slope():
    link = L.PReLU()
    assert link.W.shape == () and float(link.W.array) == 0.25
    y = link(numpy.array([-4., 2.], numpy.float32))
    numpy.testing.assert_array_equal(y.array, [-1, 2])
