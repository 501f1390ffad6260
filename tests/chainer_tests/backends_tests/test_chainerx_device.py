"""Tests of chainer.backend.ChainerxDevice: identity, fallback devices, contexts, zero copy."""

import pickle

import numpy
import pytest

import chainer
import chainerx
from chainer import backend
from chainer.backends import cuda


def _device(name):
    return backend.ChainerxDevice(chainerx.get_device(name))


def _data_pointer(array):
    if isinstance(array, chainerx.ndarray):
        return array.data_ptr + array.offset
    return array.__array_interface__['data'][0]


@pytest.mark.parametrize('name', ['native:0', 'native:1'])
def test_attributes(name):
    device = _device(name)
    assert device.device is chainerx.get_device(name)
    assert device.name == name and str(device) == name
    assert device.xp is chainerx
    assert device.supported_array_types == (chainerx.ndarray,)


@pytest.mark.parametrize('value', ['native:0', None, 0, backend.CpuDevice()])
def test_constructor_takes_chainerx_device_only(value):
    with pytest.raises(TypeError):
        backend.ChainerxDevice(value)


def test_equality_is_by_chainerx_device():
    assert _device('native:1') == _device('native:1')
    assert _device('native:1') != _device('native:0')
    other_context = chainerx.Context()
    twin = backend.ChainerxDevice(other_context.get_device('native:0'))
    # Same name, but a device of another context: not the same device.
    assert twin.name == 'native:0' and twin != _device('native:0')
    assert hash(_device('native:1')) == hash('native:1')


@pytest.mark.parametrize('name', ['native:0', 'native:3'])
def test_pickle_round_trip(name):
    device = _device(name)
    restored = pickle.loads(pickle.dumps(device))
    assert restored == device and restored.device is device.device


def test_from_array():
    x = chainerx.zeros(2, device='native:2')
    assert backend.ChainerxDevice.from_array(x) == _device('native:2')
    assert backend.ChainerxDevice.from_array(numpy.zeros(2)) is None
    assert backend.ChainerxDevice.from_array(None) is None


@pytest.mark.parametrize('name', ['native:0', 'native:1'])
def test_fallback_device_of_native_is_numpy(name):
    assert _device(name).fallback_device == backend.CpuDevice()


def test_from_fallback_device():
    assert backend.ChainerxDevice.from_fallback_device(backend.CpuDevice()) == _device('native:0')
    with pytest.raises(RuntimeError):
        backend.ChainerxDevice.from_fallback_device(_device('native:0'))
    with pytest.raises(TypeError):
        backend.ChainerxDevice.from_fallback_device('@numpy')


@pytest.mark.skipif(not cuda.available, reason='needs CuPy')
def test_from_fallback_device_gpu():
    device = backend.ChainerxDevice.from_fallback_device(cuda.GpuDevice.from_device_id(0))
    assert device.name == 'cuda:0'
    assert device.fallback_device == backend.get_device('@cupy:0')


def test_create_context_and_use():
    chainerx.set_default_device('native:0')
    device = _device('native:2')
    with device.create_context():
        assert chainerx.get_default_device() is device.device
    assert chainerx.get_default_device().name == 'native:0'
    device.use()
    assert chainerx.get_default_device() is device.device


@pytest.mark.parametrize('name', ['native:0', 'native:1'])
@pytest.mark.parametrize('make', [
    lambda: numpy.arange(12, dtype=numpy.float32).reshape(3, 4),
    lambda: numpy.arange(12, dtype=numpy.int64).reshape(3, 4)[::-1, 1::2],
    lambda: numpy.arange(12, dtype=numpy.float16).reshape(3, 4).T,
    lambda: numpy.array(True),
])
def test_send_numpy_is_zero_copy(name, make):
    a = make()
    x = _device(name).send(a)
    assert type(x) is chainerx.ndarray and x.device.name == name
    assert (x.shape, x.dtype, x.strides) == (a.shape, a.dtype, a.strides)
    assert _data_pointer(x) == _data_pointer(a)


def test_send_numpy_scalar_and_none():
    device = _device('native:1')
    x = device.send(numpy.float32(1.5))
    assert x.shape == () and x.dtype == numpy.float32 and x.device.name == 'native:1'
    assert float(x) == 1.5
    assert device.send(None) is None


def test_send_chainerx_array():
    device = _device('native:1')
    here = chainerx.arange(3, dtype=chainerx.float32, device='native:1')
    assert device.send(here) is here
    there = chainerx.arange(3, dtype=chainerx.float32, device='native:0')
    moved = device.send(there)
    assert moved.device.name == 'native:1'
    numpy.testing.assert_array_equal(chainerx.to_numpy(moved), [0, 1, 2])


def test_send_keeps_graph_of_chainerx_array():
    x = chainerx.ones(3, dtype=chainerx.float32).require_grad()
    y = _device('native:1').send(x * 3)
    assert y.is_backprop_required()
    y.sum().backward()
    numpy.testing.assert_array_equal(chainerx.to_numpy(x.grad), [3, 3, 3])


def test_send_structure_converts_shared_arrays_once():
    a = numpy.ones(2, numpy.float32)
    out = _device('native:0').send([a, (a, None)])
    assert type(out) is list and type(out[1]) is tuple
    assert out[0] is out[1][0] and out[1][1] is None


@pytest.mark.parametrize('value', [
    numpy.zeros(2, numpy.complex128), 'abc', object(),
    chainer.Variable(numpy.zeros(2, numpy.float32)),
])
def test_send_rejects_non_arrays(value):
    with pytest.raises(TypeError):
        _device('native:0').send(value)


def test_is_array_supported():
    device = _device('native:1')
    assert device.is_array_supported(chainerx.zeros(1, device='native:1'))
    assert not device.is_array_supported(chainerx.zeros(1, device='native:0'))
    assert not device.is_array_supported(numpy.zeros(1))
