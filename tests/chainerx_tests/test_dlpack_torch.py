"""DLPack exchange with PyTorch: torch.from_dlpack / torch.utils.dlpack on chainerx arrays and
chainerx.from_dlpack on tensors and their capsules (skipped when torch is not installed)."""

import gc

import numpy
import pytest

import chainerx as chx

import array_utils

# Tests are collected and skipped one by one without torch (CI does not install it): a module-level skip would
# leave the target with no collected tests, which the pytest runner treats as a broken target.
try:
    import torch
    import torch.utils.dlpack as torch_dlpack
except ImportError:
    torch = None
    torch_dlpack = None

# CPU tensors share host memory: arrays on a native default device, whatever the suite's.
pytestmark = [
    pytest.mark.skipif(torch is None, reason='PyTorch is not installed (tools/setup.sh --bench)'),
    pytest.mark.usefixtures('native_default_device'),
]


def _torch_dtype(dtype_name):
    return getattr(torch, dtype_name.rstrip('_'))  # bool_ -> torch.bool; the other names are the same


@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_torch_from_dlpack_shares_chainerx_memory(dtype):
    expected = array_utils.make_numpy((3, 4), dtype, seed=9)
    a = chx.array(expected)[:, 1::2]
    t = torch.from_dlpack(a)
    assert t.dtype == _torch_dtype(dtype)
    assert tuple(t.shape) == a.shape and tuple(t.stride()) == tuple(s // a.itemsize for s in a.strides)
    assert t.data_ptr() == a._debug_data_memory_address
    numpy.testing.assert_array_equal(t.numpy(), expected[:, 1::2])


@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_from_dlpack_shares_torch_memory(dtype):
    expected = array_utils.make_numpy((3, 4), dtype, seed=10)
    t = torch.from_numpy(expected).t()
    a = chx.from_dlpack(t)
    assert a._debug_data_memory_address == t.data_ptr()
    array_utils.assert_array_equal(a, expected.T)


def test_utils_dlpack_capsules_round_trip():
    t = torch.arange(6, dtype=torch.float32).reshape(2, 3)
    a = chx.from_dlpack(torch_dlpack.to_dlpack(t))
    array_utils.assert_array_equal(a, numpy.arange(6, dtype=numpy.float32).reshape(2, 3))
    back = torch_dlpack.from_dlpack(a.__dlpack__())
    assert back.data_ptr() == t.data_ptr()


def test_writes_are_shared_with_torch():
    a = chx.zeros((3,), 'float32')
    t = torch.from_dlpack(a)
    t += 2
    array_utils.assert_array_equal(a, numpy.full(3, 2, numpy.float32))
    a += 1
    assert t.tolist() == [3, 3, 3]


def test_data_outlives_the_producer_either_way():
    t = torch.arange(4, dtype=torch.float64)
    a = chx.from_dlpack(t)
    del t
    gc.collect()
    array_utils.assert_array_equal(a, numpy.arange(4, dtype=numpy.float64))
    t2 = torch.from_dlpack(a)
    del a
    gc.collect()
    assert t2.tolist() == [0, 1, 2, 3]


def test_cuda_tensors_are_shared_with_cuda_arrays():
    if not torch.cuda.is_available():
        pytest.skip('no CUDA build of torch or no GPU')
    try:
        device = chx.get_device('cuda:0')
    except chx.ChainerxError:
        pytest.skip('chainerx built without CUDA')
    t = torch.arange(4, dtype=torch.float32, device='cuda:0')
    a = chx.from_dlpack(t)
    assert a.device is device and a._debug_data_memory_address == t.data_ptr()
    back = torch.from_dlpack(a * 2)
    assert back.device.type == 'cuda' and back.cpu().tolist() == [0, 2, 4, 6]
