"""Tests of chainer.backends.cuda and chainer.backends.intel64 without CuPy and iDeep."""

import warnings

import numpy
import pytest

import chainer
import chainerx
from chainer import backend
from chainer.backends import cuda
from chainer.backends import intel64

pytestmark = pytest.mark.skipif(cuda.available, reason='checks the behaviour without CuPy')


def test_module_state_without_cupy():
    assert cuda.available is False and cuda.cupy is None
    assert cuda.cudnn_enabled is False
    assert not isinstance(numpy.zeros(1), cuda.ndarray)
    assert backend.GpuDevice.xp is None


@pytest.mark.parametrize('call', [
    lambda: cuda.check_cuda_available(),
    lambda: cuda.ndarray((2,)),
    lambda: cuda.Device(0),
    lambda: cuda.GpuDevice(None),
    lambda: cuda.GpuDevice.from_device_id(0),
    lambda: cuda.get_device_from_id(0),
    lambda: cuda.to_gpu(numpy.zeros(2)),
    lambda: cuda.to_gpu(None, device=0),
    lambda: cuda.copy(numpy.zeros(2)),
    lambda: cuda.elementwise('T x', 'T y', 'y = x', 'copy_kernel'),
    lambda: cuda.reduce('T x', 'T y', 'x', 'a + b', 'y = a', '0', 'sum_kernel'),
    lambda: cuda.raw('extern "C" __global__ void f() {}', 'f'),
])
def test_gpu_operations_raise_runtime_error(call):
    with pytest.raises(RuntimeError, match='CuPy'):
        call()


@pytest.mark.parametrize('device_id', [None, -1, numpy.int32(-3)])
def test_get_device_from_id_of_cpu_is_dummy_device(device_id):
    assert cuda.get_device_from_id(device_id) is cuda.DummyDevice


def test_get_device_from_id_rejects_non_integers():
    with pytest.raises(TypeError):
        cuda.get_device_from_id('0')


def test_dummy_device():
    dummy = cuda.DummyDevice
    assert dummy.id == -1 and int(dummy) == -1
    with dummy as entered:
        assert entered is dummy
    dummy.use()
    dummy.synchronize()
    assert dummy == cuda.DummyDeviceType() and not dummy != cuda.DummyDeviceType()
    assert dummy != 0


def test_get_device_from_array_of_host_arrays_is_dummy_device():
    assert cuda.get_device_from_array(numpy.zeros(1), chainerx.zeros(1)) is cuda.DummyDevice


def test_deprecated_get_device_warns():
    with pytest.warns(DeprecationWarning):
        assert cuda.get_device(numpy.zeros(1)) is cuda.DummyDevice
    with pytest.warns(DeprecationWarning):
        assert cuda.get_device(-1) is cuda.DummyDevice


def test_to_cpu():
    a = numpy.ones(3)
    assert cuda.to_cpu(a) is a
    assert cuda.to_cpu(None) is None
    x = chainerx.arange(4, dtype=chainerx.float32)
    b = cuda.to_cpu(x)
    assert type(b) is numpy.ndarray
    assert b.__array_interface__['data'][0] == x.data_ptr + x.offset
    out = cuda.to_cpu([a, None, (x, numpy.float32(2))])
    assert out[0] is a and out[1] is None and type(out[2]) is tuple
    assert out[2][1].shape == () and out[2][1].dtype == numpy.float32
    with pytest.raises(TypeError):
        cuda.to_cpu('abc')


def test_get_array_module():
    assert cuda.get_array_module(numpy.zeros(1)) is numpy
    assert cuda.get_array_module(numpy.zeros(1), chainerx.zeros(1)) is chainerx
    assert cuda.get_array_module(chainer.Variable(chainerx.zeros(1))) is chainerx


def test_fuse_without_cupy_returns_function():
    def add(x, y):
        return x + y
    assert cuda.fuse(add) is add
    assert cuda.fuse(kernel_name='add')(add) is add


def test_memoize_caches_until_cleared():
    calls = []

    @cuda.memoize()
    def square(x):
        calls.append(x)
        return x * x

    assert square(3) == 9 and square(3) == 9
    assert calls == [3]
    cuda.clear_memo()
    assert square(3) == 9
    assert calls == [3, 3]


def test_should_use_cudnn():
    assert cuda.should_use_cudnn('>=auto') is False
    assert cuda.should_use_cudnn('==always', 7000) is False
    with pytest.raises(ValueError):
        cuda.should_use_cudnn('auto')


def test_max_workspace_size():
    original = cuda.get_max_workspace_size()
    try:
        cuda.set_max_workspace_size(1024)
        assert cuda.get_max_workspace_size() == 1024
    finally:
        cuda.set_max_workspace_size(original)


def test_intel64_is_unavailable():
    assert intel64.is_ideep_available() is False
    assert intel64.ideep is None
    with pytest.raises(RuntimeError, match='iDeep'):
        intel64.check_ideep_available()
    with pytest.raises(RuntimeError, match='iDeep'):
        intel64.Intel64Device()
    with pytest.raises(RuntimeError, match='iDeep'):
        intel64.mdarray()
    with pytest.raises(RuntimeError, match='iDeep'):
        backend.get_device('@intel64')
    assert intel64.Intel64Device.from_array(numpy.zeros(1)) is None
    assert intel64.inputs_all_ready((numpy.zeros((2, 2)),)) is False


@pytest.mark.parametrize('level', ['==always', '>=auto'])
def test_should_use_ideep_is_false(level):
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        assert intel64.should_use_ideep(level) is False


def test_should_use_ideep_rejects_bad_level():
    with pytest.raises(ValueError):
        intel64.should_use_ideep('always')
