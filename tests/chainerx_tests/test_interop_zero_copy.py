"""Memory shared without copying, as Chainer relies on (spec A.2, A.15, C.2): array(..., copy=False),
to_numpy(copy=False), _core._fromrawpointer, and the errors of _to_cupy where CuPy or CUDA is missing."""

import gc
import sys
import weakref

import numpy
import pytest

import chainerx as chx

import array_utils

# Sharing host memory with NumPy and the buffer protocol: arrays on a native default device, whatever the
# suite's (a CUDA default has its own interop tests, test_cuda_interop.py).
pytestmark = pytest.mark.usefixtures('native_default_device')


class _Owner:
    """Owns a NumPy buffer, like a CuPy memory object; a weakref tells when it is freed."""

    def __init__(self, buffer):
        self.buffer = buffer


@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
@pytest.mark.parametrize('device_name', array_utils.NATIVE_DEVICES)
def test_array_without_copy_shares_memory_on_native_devices(dtype, device_name):
    base = numpy.zeros((3, 4), dtype)
    view = base[::-1, 1::2]
    a = chx.array(view, copy=False, device=device_name)
    assert a.device.name == device_name
    assert (a.shape, a.strides, a.dtype) == (view.shape, view.strides, view.dtype)
    assert a._debug_data_memory_address == view.ctypes.data
    base[2, 1] = 1
    assert chx.to_numpy(a)[0, 0] == 1


def test_array_without_copy_keeps_the_numpy_array_alive():
    base = numpy.arange(6.0)
    refcount = sys.getrefcount(base)
    a = chx.array(base, copy=False)
    assert sys.getrefcount(base) == refcount + 1
    del base
    gc.collect()
    numpy.testing.assert_array_equal(chx.to_numpy(a), numpy.arange(6.0))


def test_to_numpy_without_copy_round_trips_the_same_memory():
    a = chx.arange(12, dtype='float32').reshape(3, 4)[:, ::2]
    n = chx.to_numpy(a, copy=False)
    b = chx.array(n, copy=False)
    assert b._debug_data_memory_address == a._debug_data_memory_address
    assert n.base is not None  # the NumPy array holds the chainerx data
    del a
    gc.collect()
    b.fill(7)
    assert (n == 7).all()


def test_chainer_style_gradient_check_copy_is_independent():
    # chainer.gradient_check: array(x, dtype=float64, copy=True, device=...) must not alias x.
    x = numpy.arange(3, dtype='float32')
    a = chx.array(x, dtype=numpy.float64, copy=True, device=chx.get_device('native', 1))
    x[0] = 9
    assert a.dtype == numpy.float64 and chx.to_numpy(a)[0] == 0


def _fromrawpointer(buffer, shape, strides, offset, owner, dtype=None, device='native:0'):
    dtype = buffer.dtype if dtype is None else dtype
    return chx._core._fromrawpointer(buffer.ctypes.data, shape, dtype, strides, device, offset, owner)


@pytest.mark.parametrize('shape, strides, offset, expected', [
    ((3,), (16,), 16, [2.0, 4.0, 6.0]),
    ((3,), (-8,), 72, [9.0, 8.0, 7.0]),
    ((2, 2), (8, 40), 0, [[0.0, 5.0], [1.0, 6.0]]),
    ((), (), 24, 3.0),
    ((0, 3), (24, 8), 0, numpy.zeros((0, 3))),
])
def test_fromrawpointer_views_the_memory(shape, strides, offset, expected):
    buffer = numpy.arange(10.0)
    a = _fromrawpointer(buffer, shape, strides, offset, _Owner(buffer))
    assert (a.shape, a.strides, a.offset, a.data_ptr) == (shape, strides, offset, buffer.ctypes.data)
    numpy.testing.assert_array_equal(chx.to_numpy(a), expected)
    if a.size:
        a.fill(-1)
        assert (buffer == -1).sum() == a.size


def test_fromrawpointer_keeps_base_alive_until_the_array_dies():
    owner = _Owner(numpy.arange(4, dtype='int32'))
    alive = weakref.ref(owner)
    a = _fromrawpointer(owner.buffer, (4,), (4,), 0, owner)
    del owner
    gc.collect()
    assert alive() is not None
    numpy.testing.assert_array_equal(chx.to_numpy(a), [0, 1, 2, 3])
    view = a[1:]
    del a
    gc.collect()
    assert alive() is not None  # views share the data handle, and so the owner
    del view
    gc.collect()
    assert alive() is None


def test_fromrawpointer_accepts_chainers_argument_types():
    buffer = numpy.arange(6, dtype='float16')
    a = chx._core._fromrawpointer(
        buffer.ctypes.data, [2, 3], numpy.dtype('float16'), [6, 2], chx.get_device('native', 1), 0, buffer)
    assert a.device.name == 'native:1' and a.dtype == numpy.float16
    numpy.testing.assert_array_equal(chx.to_numpy(a), buffer.reshape(2, 3))


def test_fromrawpointer_errors():
    buffer = numpy.arange(4.0)
    with pytest.raises(chx.DimensionError):
        _fromrawpointer(buffer, (2, 2), (8,), 0, buffer)
    with pytest.raises(chx.DimensionError):
        _fromrawpointer(buffer, (-1,), (8,), 0, buffer)
    with pytest.raises(chx.DtypeError):
        _fromrawpointer(buffer, (4,), (8,), 0, buffer, dtype='complex64')
    with pytest.raises(TypeError):
        _fromrawpointer(buffer, (4,), (8,), 0, buffer, device=3)


def test_to_cupy_needs_a_cuda_array():
    with pytest.raises(chx.DeviceError, match='native:0'):
        chx._to_cupy(chx.zeros(2, device='native:0'))
    with pytest.raises(TypeError):
        chx._to_cupy(numpy.zeros(2))
    assert chx._core._to_cupy is chx._to_cupy


def test_to_cupy_explains_a_missing_cupy(monkeypatch):
    monkeypatch.setitem(sys.modules, 'cupy', None)  # makes `import cupy` raise ImportError
    with pytest.raises(ImportError, match='needs CuPy'):
        chx._cuda._import_cupy()


def test_cupy_share_allocator_needs_the_cuda_backend():
    try:
        chx.get_backend('cuda')
    except chx.BackendError:
        with pytest.raises(RuntimeError, match='CUDA backend'):
            chx._cuda.cupy_share_allocator()
    else:
        pytest.skip('this build has the CUDA backend (tests/chainerx_tests/test_cuda_memory_pool.py covers it)')
