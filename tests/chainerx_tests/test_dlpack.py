"""DLPack exchange (beyond the original): ndarray.__dlpack__ / __dlpack_device__ and
chainerx.from_dlpack, with NumPy and the raw capsule protocol (PyTorch in test_dlpack_torch.py)."""

import ctypes
import gc
import sys

import numpy
import pytest

import chainerx as chx

import array_utils

# Sharing host memory with NumPy and the buffer protocol: arrays on a native default device, whatever the
# suite's (a CUDA default has its own interop tests, test_cuda_interop.py).
pytestmark = pytest.mark.usefixtures('native_default_device')

_NUMPY2 = numpy.lib.NumpyVersion(numpy.__version__) >= '2.0.0'


class _DLDataType(ctypes.Structure):
    _fields_ = [('code', ctypes.c_uint8), ('bits', ctypes.c_uint8), ('lanes', ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    _fields_ = [
        ('data', ctypes.c_void_p), ('device_type', ctypes.c_int32), ('device_id', ctypes.c_int32),
        ('ndim', ctypes.c_int32), ('dtype', _DLDataType), ('shape', ctypes.POINTER(ctypes.c_int64)),
        ('strides', ctypes.POINTER(ctypes.c_int64)), ('byte_offset', ctypes.c_uint64),
    ]


class _DLManagedTensorVersioned(ctypes.Structure):
    _fields_ = [
        ('major', ctypes.c_uint32), ('minor', ctypes.c_uint32), ('manager_ctx', ctypes.c_void_p),
        ('deleter', ctypes.c_void_p), ('flags', ctypes.c_uint64), ('dl_tensor', _DLTensor),
    ]


_api = ctypes.pythonapi
_api.PyCapsule_GetName.restype = ctypes.c_char_p
_api.PyCapsule_GetName.argtypes = [ctypes.py_object]
_api.PyCapsule_GetPointer.restype = ctypes.c_void_p
_api.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]


def _capsule_name(capsule):
    return _api.PyCapsule_GetName(capsule).decode()


def _versioned(capsule):
    pointer = _api.PyCapsule_GetPointer(capsule, b'dltensor_versioned')
    return _DLManagedTensorVersioned.from_address(pointer)


# (code, bits) of each dtype: kDLInt 0, kDLUInt 1, kDLFloat 2, kDLBool 6.
_DL_DTYPES = {
    'bool_': (6, 8), 'int8': (0, 8), 'int16': (0, 16), 'int32': (0, 32), 'int64': (0, 64),
    'uint8': (1, 8), 'float16': (2, 16), 'float32': (2, 32), 'float64': (2, 64),
}
_LAYOUTS = array_utils.VIEW_LAYOUTS


def _pair(layout, dtype):
    return array_utils.make_view_pair(layout, dtype, seed=7)


_address = array_utils.numpy_data_address


@pytest.mark.parametrize('layout', sorted(_LAYOUTS))
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_numpy_from_dlpack_shares_chainerx_memory(layout, dtype):
    a, expected = _pair(layout, dtype)
    out = numpy.from_dlpack(a)
    numpy.testing.assert_array_equal(out, expected)
    assert out.dtype == expected.dtype and out.strides == a.strides
    if a.size:
        assert _address(out) == a._debug_data_memory_address


@pytest.mark.parametrize('layout', sorted(_LAYOUTS))
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_from_dlpack_shares_numpy_memory_on_the_host(layout, dtype, device):
    shape, view = _LAYOUTS[layout]
    source = view(array_utils.make_numpy(shape, dtype, seed=8))
    out = chx.from_dlpack(source, device=device)
    array_utils.assert_array_equal(out, source)
    assert out.device is device
    # The strides of empty arrays are arbitrary (NumPy 1.x exports them as C-contiguous). Host memory is viewed in
    # place; another device (cuda:0) gets a copy.
    if source.size and device.backend.name == 'native':
        assert out.strides == source.strides
        assert out._debug_data_memory_address == _address(source)


def test_writes_are_shared_both_ways():
    source = numpy.zeros(3, numpy.float32)
    a = chx.from_dlpack(source)
    a += 1
    numpy.testing.assert_array_equal(source, [1, 1, 1])
    if _NUMPY2:  # NumPy 1.x marks imported arrays read-only
        numpy.from_dlpack(a)[0] = 5
        assert float(a[0]) == 5


def test_chainerx_round_trip_keeps_the_data():
    a = chx.arange(6, dtype='float16').reshape(2, 3)[:, ::2]
    b = chx.from_dlpack(a)
    assert b._debug_data_memory_address == a._debug_data_memory_address and b.strides == a.strides
    array_utils.assert_array_equal(b, chx.to_numpy(a))


def test_imported_array_keeps_the_producer_alive():
    source = numpy.arange(4, dtype=numpy.float64)
    refs = sys.getrefcount(source)
    a = chx.from_dlpack(source)
    assert sys.getrefcount(source) > refs
    del source
    gc.collect()
    array_utils.assert_array_equal(a, numpy.arange(4, dtype=numpy.float64))


def test_producer_reference_is_released_with_the_array():
    source = numpy.arange(4, dtype=numpy.float64)
    refs = sys.getrefcount(source)
    a = chx.from_dlpack(source)
    b = a[1:]  # views share the imported memory too
    del a
    assert sys.getrefcount(source) > refs
    del b
    gc.collect()
    assert sys.getrefcount(source) == refs


def test_exported_capsule_outlives_the_array():
    a = chx.arange(4, dtype='int32')
    out = numpy.from_dlpack(a)
    del a
    gc.collect()
    numpy.testing.assert_array_equal(out, [0, 1, 2, 3])


@pytest.mark.parametrize('max_version,name', [
    (None, 'dltensor'), ((0, 8), 'dltensor'), ((1, 0), 'dltensor_versioned'), ((1, 3), 'dltensor_versioned'),
])
def test_capsule_name_follows_max_version(max_version, name):
    capsule = chx.ones((2,)).__dlpack__(max_version=max_version)
    assert _capsule_name(capsule) == name


def test_versioned_capsule_layout():
    a = chx.arange(24, dtype='int16').reshape(2, 3, 4).transpose(2, 0, 1)
    capsule = a.__dlpack__(max_version=(1, 0))
    managed = _versioned(capsule)
    tensor = managed.dl_tensor
    assert (managed.major, managed.minor, managed.flags) == (1, 0, 0)
    assert (tensor.device_type, tensor.device_id, tensor.ndim) == (1, 0, 3)
    assert (tensor.dtype.code, tensor.dtype.bits, tensor.dtype.lanes) == (0, 16, 1)
    assert [tensor.shape[i] for i in range(3)] == [4, 2, 3]
    assert [tensor.strides[i] for i in range(3)] == [1, 12, 4]  # elements, not bytes
    assert tensor.data + tensor.byte_offset == a._debug_data_memory_address


@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_capsule_dtype_codes(dtype):
    tensor = _versioned(chx.ones((1,), dtype).__dlpack__(max_version=(1, 0))).dl_tensor
    assert (tensor.dtype.code, tensor.dtype.bits) == _DL_DTYPES[dtype]


def test_copy_request_sets_the_copied_flag():
    a = chx.ones((2,), 'float32')
    capsule = a.__dlpack__(max_version=(1, 0), copy=True)
    managed = _versioned(capsule)
    assert managed.flags == 2  # DLPACK_FLAG_BITMASK_IS_COPIED
    assert managed.dl_tensor.data != a._debug_data_memory_address
    assert _versioned(a.__dlpack__(max_version=(1, 0), copy=False)).flags == 0


def test_consuming_a_capsule_renames_it():
    for max_version, used in [(None, 'used_dltensor'), ((1, 0), 'used_dltensor_versioned')]:
        capsule = chx.arange(3).__dlpack__(max_version=max_version)
        out = chx.from_dlpack(capsule)
        assert _capsule_name(capsule) == used
        array_utils.assert_array_equal(out, numpy.arange(3, dtype=numpy.int32))
        with pytest.raises(ValueError):
            chx.from_dlpack(capsule)  # a used capsule cannot be consumed twice


def test_unconsumed_capsules_release_the_data():
    source = numpy.arange(3.0)
    refs = sys.getrefcount(source)
    a = chx.from_dlpack(source)
    for max_version in (None, (1, 0)):
        a.__dlpack__(max_version=max_version)  # dropped at once
    del a
    gc.collect()
    assert sys.getrefcount(source) == refs


def test_dlpack_device_of_native_devices():
    for name in ('native:0', 'native:1'):
        assert chx.ones((1,), device=name).__dlpack_device__() == (1, 0)


def test_export_options_that_cannot_be_met_raise_buffer_error():
    a = chx.ones((2,), 'float32')
    assert _capsule_name(a.__dlpack__(dl_device=(1, 0))) == 'dltensor'
    with pytest.raises(BufferError):
        a.__dlpack__(dl_device=(2, 0))  # CPU data cannot be exported to a CUDA device
    with pytest.raises(BufferError):
        a.__dlpack__(stream=1)  # CPU arrays take no stream
    with pytest.raises(TypeError):
        a.__dlpack__(None)  # keyword-only, as in the array API standard


def test_from_dlpack_copy_modes():
    source = numpy.arange(3.0)
    assert not numpy.shares_memory(chx.to_numpy(chx.from_dlpack(source, copy=True), copy=False), source)
    shared = chx.from_dlpack(source, copy=False)
    assert shared._debug_data_memory_address == _address(source)


@pytest.mark.skipif(not _NUMPY2, reason='NumPy 1.x cannot export read-only arrays')
def test_read_only_producers_are_copied_or_refused():
    source = numpy.arange(3.0)
    source.flags.writeable = False
    out = chx.from_dlpack(source)
    assert out._debug_data_memory_address != _address(source)
    array_utils.assert_array_equal(out, source)
    with pytest.raises((ValueError, BufferError)):
        chx.from_dlpack(source, copy=False)


def test_from_dlpack_bad_inputs():
    with pytest.raises(TypeError):
        chx.from_dlpack([1, 2, 3])  # lists have no __dlpack__
    for dtype in (numpy.uint16, numpy.complex64):
        with pytest.raises(chx.DtypeError):
            chx.from_dlpack(numpy.zeros(2, dtype))


@pytest.fixture
def cuda_device():
    try:
        return chx.get_device('cuda:0')
    except chx.ChainerxError:
        pytest.skip('no CUDA device')


def test_cuda_arrays_export_their_device_memory(cuda_device):
    a = chx.arange(4, dtype='float32', device=cuda_device)
    assert a.__dlpack_device__() == (2, 0)
    b = chx.from_dlpack(a)
    assert b.device is cuda_device and b._debug_data_memory_address == a._debug_data_memory_address
    host = chx.from_dlpack(a, device='native:0')
    array_utils.assert_array_equal(host, numpy.arange(4, dtype=numpy.float32))
    with pytest.raises(ValueError):
        chx.from_dlpack(a, device='native:0', copy=False)
    capsule = a.__dlpack__(dl_device=(1, 0), max_version=(1, 0))
    assert _versioned(capsule).dl_tensor.device_type == 1 and _versioned(capsule).flags == 2
    with pytest.raises(BufferError):
        a.__dlpack__(dl_device=(1, 0), copy=False)
