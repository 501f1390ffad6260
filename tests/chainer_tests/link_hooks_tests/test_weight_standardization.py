"""WeightStandardization: the standardised weight against NumPy, gradients, add/remove, errors."""

import numpy
import pytest

import chainer
import chainer.links as L
from chainer import gradient_check
from chainer.link_hooks import WeightStandardization

import hook_cases
from mode_utils import make_array, to_numpy


def _standardized(W, axis, eps):
    W = to_numpy(W)
    axes = tuple(i for i in range(W.ndim) if i != axis)
    mean = W.mean(axis=axes, keepdims=True)
    return (W - mean) / numpy.sqrt(W.var(axis=axes, keepdims=True) + eps)


@pytest.mark.parametrize('name', sorted(hook_cases.CASES))
@pytest.mark.parametrize('eps', [1e-5, 0.5])
def test_forward_uses_the_standardised_weight(mode, name, eps):
    link, x, axis, function = hook_cases.make_case(mode, name)
    W = link.W
    link.add_hook(WeightStandardization(eps=eps))
    y = link(x)
    expected = hook_cases.expected_output(function, x, _standardized(W.array, axis, eps), link.b)
    numpy.testing.assert_allclose(to_numpy(y.array), expected, rtol=1e-10, atol=1e-12)
    assert link.W is W


@pytest.mark.parametrize('name', ['linear', 'deconvolution'])
def test_gradients(mode, name):
    link, x, _, _ = hook_cases.make_case(mode, name)
    link.add_hook(WeightStandardization())
    gy_shape = link(x).shape
    gy = make_array(mode, numpy.random.RandomState(3).uniform(-1, 1, gy_shape))
    gradient_check.check_backward(
        link, x, gy, params=tuple(link.params()), eps=1e-6, atol=1e-6, rtol=1e-5)


def test_delete_hook_restores_the_plain_link(mode):
    link, x, _, function = hook_cases.make_case(mode, 'convolution')
    link.add_hook(WeightStandardization(name='ws'))
    hooked = to_numpy(link(x).array)
    link.delete_hook('ws')
    plain = to_numpy(link(x).array)
    expected = hook_cases.expected_output(function, x, to_numpy(link.W.array), link.b)
    numpy.testing.assert_allclose(plain, expected, rtol=1e-12)
    assert not numpy.allclose(hooked, plain)
    assert isinstance(link.W, chainer.Parameter) and link.local_link_hooks == {}


def test_lazy_weight_is_initialised_by_the_first_call(mode):
    link = L.Convolution2D(None, 3, 2)
    link.to_device(hook_cases.device_name(mode))
    link.add_hook(WeightStandardization())
    x = make_array(mode, numpy.random.RandomState(0).uniform(-1, 1, (1, 2, 3, 3)), numpy.float32)
    y = link(x)
    assert link.W.shape == (3, 2, 2, 2) and y.array.dtype == numpy.float32
    expected = hook_cases.expected_output(
        chainer.functions.convolution_2d, x, _standardized(link.W.array, 0, 1e-5), link.b)
    numpy.testing.assert_allclose(to_numpy(y.array), expected, rtol=1e-5, atol=1e-5)


def test_errors():
    with pytest.raises(ValueError, match="'V'"):
        L.Linear(3, 4).add_hook(WeightStandardization(weight_name='V'))
    with pytest.raises(NotImplementedError):
        with WeightStandardization():
            pass
    assert WeightStandardization().name == 'WeightStandardization'
