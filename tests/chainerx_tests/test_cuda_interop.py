"""Zero-copy exchange of CUDA arrays: ``__cuda_array_interface__`` (v3) for every dtype, ``chainerx._to_cupy``,
and DLPack's ``stream`` argument and CUDA capsules with CuPy and PyTorch. Every test needs a GPU (and skips
without one); the native-side behaviour is covered by test_dlpack.py and test_interop_zero_copy.py."""

import gc

import numpy
import pytest

import chainerx as chx

import array_utils

requires_gpu = pytest.mark.skipif(array_utils.CUDA_DEVICE_COUNT == 0, reason='no CUDA device')


@requires_gpu
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_cuda_array_interface_typestr_is_numpys(dtype):
    a = chx.zeros((2, 3), dtype, device='cuda:0')
    interface = a.__cuda_array_interface__
    assert interface['typestr'] == numpy.dtype(dtype).str  # '|b1' for bool, '<f2' for float16, ...
    assert interface['descr'] == [('', numpy.dtype(dtype).str)]
    assert interface['shape'] == (2, 3) and interface['strides'] == a.strides
    assert interface['data'] == (a.data_ptr + a.offset, False)
    assert interface['version'] == 3 and interface['stream'] == 1


@requires_gpu
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_cupy_reads_the_cuda_array_interface(dtype):
    cupy = pytest.importorskip('cupy')
    expected = array_utils.make_numpy((3, 4), dtype, seed=3)
    a = chx.array(expected, device='cuda:0')[:, 1::2]
    c = cupy.asarray(a)
    assert c.data.ptr == a.data_ptr + a.offset
    numpy.testing.assert_array_equal(cupy.asnumpy(c), expected[:, 1::2])


@requires_gpu
def test_to_cupy_views_the_memory_and_keeps_it_alive():
    cupy = pytest.importorskip('cupy')
    a = chx.arange(12, dtype='float32', device='cuda:0').reshape(3, 4)[:, 1::2]
    c = chx._to_cupy(a)
    assert isinstance(c, cupy.ndarray)
    assert c.shape == a.shape and c.strides == a.strides and c.dtype == a.dtype
    assert c.data.ptr == a.data_ptr + a.offset and c.device.id == 0
    c += 100  # CuPy's default stream is the legacy one, as chainerx's: no synchronisation needed
    numpy.testing.assert_array_equal(chx.to_numpy(a), numpy.arange(12, dtype='float32').reshape(3, 4)[:, 1::2] + 100)
    del a
    gc.collect()
    chx.zeros((3, 4), 'float32', device='cuda:0')  # would reuse the block if the view had not kept it
    numpy.testing.assert_array_equal(cupy.asnumpy(c), numpy.arange(12, dtype='float32').reshape(3, 4)[:, 1::2] + 100)


@requires_gpu
@pytest.mark.parametrize('stream', [None, 1, 2, -1])
def test_dlpack_export_accepts_the_cuda_stream_values(stream):
    a = chx.arange(4, dtype='float32', device='cuda:0') * 3
    capsule = a.__dlpack__(stream=stream)
    b = chx.from_dlpack(capsule)
    assert b._debug_data_memory_address == a._debug_data_memory_address
    array_utils.assert_array_equal(b, numpy.arange(4, dtype='float32') * 3)


@requires_gpu
def test_from_dlpack_shares_cupy_memory():
    cupy = pytest.importorskip('cupy')
    c = cupy.arange(6, dtype=cupy.float32).reshape(2, 3)
    a = chx.from_dlpack(c)
    assert a.device is chx.get_device('cuda:0') and a._debug_data_memory_address == c.data.ptr
    del c
    gc.collect()
    array_utils.assert_array_equal(a, numpy.arange(6, dtype='float32').reshape(2, 3))
    back = cupy.from_dlpack(a * 2)
    numpy.testing.assert_array_equal(cupy.asnumpy(back), numpy.arange(6, dtype='float32').reshape(2, 3) * 2)


@requires_gpu
def test_torch_on_its_own_stream_sees_finished_chainerx_results():
    torch = pytest.importorskip('torch')
    if not torch.cuda.is_available():
        pytest.skip('no CUDA build of torch')
    a = chx.ones((1 << 22,), 'float32', device='cuda:0')
    stream = torch.cuda.Stream()
    with torch.cuda.stream(stream):
        for _ in range(5):
            a = a * 2 + 1  # pending work on chainerx's (legacy default) stream
        t = torch.from_dlpack(a)  # passes its stream: the export waits for chainerx's work
        all_done = bool((t == 63).all())
    assert all_done
    assert t.data_ptr() == a._debug_data_memory_address


@requires_gpu
def test_dlpack_export_refuses_an_invalid_stream():
    with pytest.raises(BufferError, match='invalid CUDA stream'):
        chx.zeros((2,), device='cuda:0').__dlpack__(stream=-2)


@requires_gpu
def test_from_dlpack_has_torch_finish_the_work_of_its_own_stream():
    torch = pytest.importorskip('torch')
    if not torch.cuda.is_available():
        pytest.skip('no CUDA build of torch')
    stream = torch.cuda.Stream()
    with torch.cuda.stream(stream):
        t = torch.ones(1 << 22, device='cuda:0')
        for _ in range(5):
            t = t * 2 + 1  # pending work on torch's stream
        a = chx.from_dlpack(t)  # asks for chainerx's stream (1): torch makes it wait for `stream`
        all_done = bool(chx.all(a == 63))
    assert all_done
    assert a.device is chx.get_device('cuda:0') and a._debug_data_memory_address == t.data_ptr()
