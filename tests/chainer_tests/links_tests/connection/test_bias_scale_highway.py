"""L.Bias, L.Scale, L.Highway and L.Parameter: forward against NumPy, gradients, call forms."""

import numpy
import pytest

import chainer
import chainer.links as L
from chainer import initializers
from chainer import testing

import link_reference
from mode_utils import to_numpy


def _broadcast(param, x, axis):
    shape = (1,) * axis + param.shape + (1,) * (x.ndim - axis - param.ndim)
    return param.astype(numpy.float64).reshape(shape)


@testing.parameterize(*testing.product({'axis': [1, 2], 'batch': [2, 0]}))
@link_reference.inject
class TestBias(link_reference.LinkCase):

    param_names = ('b',)

    @property
    def x_shapes(self):
        return (self.batch, 3, 4),

    def make_link(self):
        link = L.Bias(self.axis, (3, 4)[self.axis - 1:])
        link.b.array[...] = numpy.random.uniform(-1, 1, link.b.shape)
        return link

    def reference(self, link, x):
        return x + _broadcast(link.b.array, x, self.axis)


@testing.parameterize(*testing.product({'bias_term': [False, True], 'batch': [2, 0]}))
@link_reference.inject
class TestScale(link_reference.LinkCase):

    param_names = ('W',)  # with the child's bias: test_scale_gradients_reach_the_bias

    @property
    def x_shapes(self):
        return (self.batch, 3, 4),

    def make_link(self):
        link = L.Scale(1, (3,), bias_term=self.bias_term)
        for param in link.params():
            param.array[...] = numpy.random.uniform(-1, 1, param.shape)
        return link

    def reference(self, link, x):
        y = x * _broadcast(link.W.array, x, 1)
        if self.bias_term:
            y += _broadcast(link.bias.b.array, x, 1)
        return y


def test_bias_and_scale_take_the_operand_as_second_input(mode):
    x = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)
    y = numpy.array([1, 2, 3], numpy.float32)
    device = chainer.get_device('@numpy' if mode == 'numpy' else 'native:0')
    x, y = device.send(x), device.send(y)
    numpy.testing.assert_array_equal(to_numpy(L.Bias()(x, y).array), to_numpy(x) + to_numpy(y))
    scaled = L.Scale(bias_term=True, bias_shape=(3,)).to_device(device)(x, y)
    numpy.testing.assert_array_equal(to_numpy(scaled.array), to_numpy(x) * to_numpy(y))
    with pytest.raises(TypeError):
        L.Bias()(x)
    with pytest.raises(TypeError):
        L.Bias(shape=(3,))(x, y)
    with pytest.raises(TypeError):
        L.Scale()(x)
    with pytest.raises(ValueError, match='bias_shape'):
        L.Scale(bias_term=True)


def test_scale_gradients_reach_the_bias(mode):
    link_reference.check_param_gradients(
        mode, lambda: L.Scale(1, (3,), bias_term=True), (2, 3, 4))


def test_scale_initial_values_and_children():
    link = L.Scale(1, (3,), bias_term=True)
    assert numpy.all(link.W.array == 1) and numpy.all(link.bias.b.array == 0)
    assert [p for p, _ in link.namedparams()] == ['/W', '/bias/b']


@testing.parameterize(*testing.product({'nobias': [False, True]}))
@link_reference.inject
class TestHighway(link_reference.LinkCase):

    x_shapes = (3, 4),
    param_names = ()  # in the children: test_highway_gradients_reach_the_children_parameters

    def make_link(self):
        return L.Highway(4, nobias=self.nobias, init_bh=initializers.Uniform(1))

    def reference(self, link, x):
        plain = link_reference.linear(x, *link_reference.params(link.plain, 'W', 'b'))
        gate = link_reference.linear(x, *link_reference.params(link.transform, 'W', 'b'))
        gate = 1 / (1 + numpy.exp(-gate))
        return numpy.maximum(plain, 0) * gate + x * (1 - gate)


@pytest.mark.parametrize('nobias', [False, True])
def test_highway_gradients_reach_the_children_parameters(mode, nobias):
    link_reference.check_param_gradients(
        mode, lambda: L.Highway(3, nobias=nobias, init_bh=initializers.Uniform(1)), (2, 3))
    link = L.Highway(3)
    assert [p for p, _ in link.namedparams()] == [
        '/plain/W', '/plain/b', '/transform/W', '/transform/b']
    assert numpy.all(to_numpy(link.transform.b.array) == -1)


def test_parameter_link_returns_its_parameter_and_lives_on_the_array_device(mode):
    array = numpy.arange(3, dtype=numpy.float32)
    if mode == 'chainerx':
        array = chainer.get_device('native:0').send(array)
    link = L.Parameter(array)
    assert link() is link.W and link.W.name == 'W'
    assert link.device == chainer.backend.get_device_from_array(array)
    y = chainer.functions.sum(link() * 2)
    y.backward()
    numpy.testing.assert_array_equal(to_numpy(link.W.grad), [2, 2, 2])
