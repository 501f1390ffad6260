"""Tests of chainer.backend: device specifiers, array modules, zero-copy conversions, copyto."""

import collections
import gc

import numpy
import pytest

import chainer
import chainerx
from chainer import backend
from chainer.backends import cuda

requires_no_cupy = pytest.mark.skipif(cuda.available, reason='checks the behaviour without CuPy')


def _data_pointer(array):
    if isinstance(array, chainerx.ndarray):
        return array.data_ptr + array.offset
    return array.__array_interface__['data'][0]


# --- get_device -----------------------------------------------------------------------------------

@pytest.mark.parametrize('spec,cls,name', [
    ('@numpy', backend.CpuDevice, '@numpy'),
    (-1, backend.CpuDevice, '@numpy'),
    (-2, backend.CpuDevice, '@numpy'),
    ('-1', backend.CpuDevice, '@numpy'),
    (numpy.int64(-1), backend.CpuDevice, '@numpy'),
    ('native', backend.ChainerxDevice, 'native:0'),
    ('native:0', backend.ChainerxDevice, 'native:0'),
    ('native:1', backend.ChainerxDevice, 'native:1'),
])
def test_get_device_parses_specifier(spec, cls, name):
    device = backend.get_device(spec)
    assert type(device) is cls
    assert device.name == name
    assert str(device) == name
    assert chainer.get_device is backend.get_device


def test_get_device_from_chainerx_device():
    chx_device = chainerx.get_device('native:2')
    device = backend.get_device(chx_device)
    assert isinstance(device, backend.ChainerxDevice)
    assert device.device is chx_device


@pytest.mark.parametrize('spec', ['@numpy', 'native:1'])
def test_get_device_returns_device_as_is(spec):
    device = backend.get_device(spec)
    assert backend.get_device(device) is device


@pytest.mark.parametrize('spec,error', [
    ('@foo', ValueError),
    ('@', ValueError),
    ('@numpy:0', ValueError),
    ('@cupy', ValueError),
    ('@cupy:', ValueError),
    ('@cupy:x', ValueError),
    ('@cupy:-1', ValueError),
    ('@intel64:0', ValueError),
    ('@intel64', RuntimeError),
    ('foo', chainerx.BackendError),
    ('native:99', chainerx.DeviceError),
    ('', chainerx.DeviceError),
    (1.5, TypeError),
    (None, TypeError),
    (True, TypeError),
    ([0], TypeError),
    (chainerx.zeros(1), TypeError),
])
def test_get_device_rejects_bad_specifier(spec, error):
    with pytest.raises(error):
        backend.get_device(spec)


@requires_no_cupy
@pytest.mark.parametrize('spec', ['@cupy:0', 0, 1, '0', numpy.int32(0)])
def test_get_device_gpu_without_cupy(spec):
    with pytest.raises(RuntimeError, match='CuPy'):
        backend.get_device(spec)


# --- Device protocol ------------------------------------------------------------------------------

def test_device_equality_and_hash():
    cpu = backend.get_device('@numpy')
    native0 = backend.get_device('native:0')
    assert cpu == backend.CpuDevice() and not cpu != backend.CpuDevice()
    assert native0 == backend.get_device('native') and hash(native0) == hash('native:0')
    assert native0 != backend.get_device('native:1')
    assert cpu != native0 and native0 != cpu
    assert cpu != '@numpy' and native0 != 'native:0'
    assert {cpu: 1, native0: 2}[backend.CpuDevice()] == 1
    assert len({native0, backend.get_device('native:0'), backend.get_device('native:1')}) == 2


def test_device_repr():
    assert repr(backend.CpuDevice()) == '<CpuDevice @numpy>'
    assert repr(backend.get_device('native:1')) == '<ChainerxDevice native:1>'


@pytest.mark.parametrize('spec', ['@numpy', 'native:0'])
def test_device_cannot_be_used_in_with(spec):
    with pytest.raises(RuntimeError, match='using_device'):
        with backend.get_device(spec):
            pass


def test_base_device_members_are_abstract():
    device = backend.Device()
    for name in ('xp', 'name', 'supported_array_types'):
        with pytest.raises(NotImplementedError):
            getattr(device, name)
    with pytest.raises(NotImplementedError):
        device.send_array(numpy.zeros(1))
    with pytest.raises(NotImplementedError):
        device.is_array_supported(numpy.zeros(1))


# --- using_device ---------------------------------------------------------------------------------

@pytest.mark.parametrize(
    'spec', ['native:1', chainerx.get_device('native:1'), backend.get_device('native:1')])
def test_using_device_sets_chainerx_default_device(spec):
    chainerx.set_default_device('native:0')
    with chainer.using_device(spec):
        assert chainerx.get_default_device().name == 'native:1'
        assert chainerx.zeros(1).device.name == 'native:1'
    assert chainerx.get_default_device().name == 'native:0'


def test_using_device_numpy_leaves_chainerx_default_alone():
    chainerx.set_default_device('native:2')
    with backend.using_device('@numpy'):
        assert chainerx.get_default_device().name == 'native:2'


# --- get_array_module and get_device_from_array ---------------------------------------------------

@pytest.mark.parametrize('make_args,expected', [
    (lambda: (), numpy),
    (lambda: (numpy.zeros(2),), numpy),
    (lambda: (numpy.zeros(2), 1.0, None, numpy.float32(2)), numpy),
    (lambda: (chainerx.zeros(2),), chainerx),
    (lambda: (numpy.zeros(2), chainerx.zeros(2, device='native:1')), chainerx),
    (lambda: (None, 3, chainerx.zeros(())), chainerx),
    (lambda: (chainer.Variable(numpy.zeros(2)),), numpy),
    (lambda: (numpy.zeros(2), chainer.Variable(chainerx.zeros(2))), chainerx),
    (lambda: (chainer.Variable(chainerx.zeros(2), requires_grad=False),), chainerx),
    (lambda: (chainer.Parameter(),), numpy),
])
def test_get_array_module(make_args, expected):
    assert backend.get_array_module(*make_args()) is expected


@pytest.mark.parametrize('make_args,expected', [
    (lambda: (), '@numpy'),
    (lambda: (numpy.zeros(2), None), '@numpy'),
    (lambda: (chainerx.zeros(2, device='native:1'),), 'native:1'),
    (lambda: (numpy.zeros(2), chainerx.zeros(2, device='native:2'), chainerx.zeros(2)), 'native:2'),
    (lambda: (chainer.Variable(chainerx.zeros(2, device='native:3')),), 'native:3'),
    (lambda: (chainer.Variable(numpy.zeros(2)),), '@numpy'),
])
def test_get_device_from_array(make_args, expected):
    device = backend.get_device_from_array(*make_args())
    assert device == backend.get_device(expected)


@pytest.mark.parametrize('xp,expected', [(numpy, '@numpy'), (chainerx, 'native:1')])
def test_guess_device_from_array_module(xp, expected):
    chainerx.set_default_device('native:1')
    assert backend._guess_device_from_array_module(xp) == backend.get_device(expected)


# --- to_chx / from_chx ----------------------------------------------------------------------------

# NumPy arrays of every layout the fallback produces: make(dtype) -> array.
_LAYOUTS = {
    'c_contiguous': lambda dtype: numpy.arange(24).astype(dtype).reshape(2, 3, 4),
    'transposed': lambda dtype: numpy.arange(24).astype(dtype).reshape(2, 3, 4).transpose(2, 0, 1),
    'negative_strides': lambda dtype: numpy.arange(24).astype(dtype).reshape(4, 6)[::-1, ::-2],
    'strided_with_offset': lambda dtype: numpy.arange(40).astype(dtype).reshape(5, 8)[1:4, 2:7:2],
    'broadcast': lambda dtype: numpy.broadcast_to(numpy.arange(3).astype(dtype), (4, 3)),
    '0d': lambda dtype: numpy.array(5).astype(dtype),
    'zero_size': lambda dtype: numpy.zeros((2, 0, 3), dtype),
}


@pytest.mark.parametrize('layout', sorted(_LAYOUTS))
@pytest.mark.parametrize('dtype', [numpy.dtype(t).name for t in chainerx.all_dtypes])
def test_to_chx_and_from_chx_share_memory(layout, dtype):
    a = _LAYOUTS[layout](dtype)
    x = backend.to_chx(a)
    assert type(x) is chainerx.ndarray
    assert x.device is chainerx.get_device('native:0')
    assert (x.shape, x.dtype, x.strides) == (a.shape, a.dtype, a.strides)
    numpy.testing.assert_array_equal(chainerx.to_numpy(x), a)
    b = backend.from_chx(x)
    assert type(b) is numpy.ndarray
    assert (b.shape, b.dtype, b.strides) == (a.shape, a.dtype, a.strides)
    if a.size:
        assert _data_pointer(x) == _data_pointer(a) == _data_pointer(b)


def test_to_chx_writes_through_and_keeps_source_alive():
    a = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)[:, ::-1]
    x = backend.to_chx(a)
    a[0, 0] = 10
    assert float(x[0, 0]) == 10
    del a
    gc.collect()
    numpy.testing.assert_array_equal(chainerx.to_numpy(x), [[10, 1, 0], [5, 4, 3]])


def test_from_chx_keeps_chainerx_array_alive():
    x = chainerx.arange(4, dtype=chainerx.float32)
    b = backend.from_chx(x)
    b[1] = 7
    assert float(x[1]) == 7
    del x
    gc.collect()
    numpy.testing.assert_array_equal(b, [0, 7, 2, 3])


@pytest.mark.parametrize('scalar,dtype', [
    (numpy.float32(3), numpy.float32), (numpy.int8(-2), numpy.int8),
    (numpy.bool_(True), numpy.bool_),
    (2.5, numpy.float64), (3, numpy.int64),
])
def test_to_chx_scalar_becomes_0d_array(scalar, dtype):
    x = backend.to_chx(scalar)
    assert type(x) is chainerx.ndarray
    assert x.shape == () and x.dtype == dtype
    assert x.item() == scalar


def test_to_chx_returns_chainerx_arrays_and_none_as_they_are():
    x = chainerx.ones(2, device='native:1')
    assert backend.to_chx(x) is x
    assert backend.to_chx(None) is None


def test_from_chx_returns_other_arrays_as_they_are():
    a = numpy.ones(2)
    s = numpy.float32(1)
    assert backend.from_chx(a) is a
    assert backend.from_chx(s) is s
    assert backend.from_chx(None) is None


def test_from_chx_of_array_on_graph_is_a_plain_view():
    x = chainerx.ones(3, dtype=chainerx.float32).require_grad()
    y = x * 2
    b = backend.from_chx(y)
    assert type(b) is numpy.ndarray
    numpy.testing.assert_array_equal(b, [2, 2, 2])
    assert _data_pointer(b) == _data_pointer(y)


def test_from_chx_of_other_native_device():
    x = chainerx.arange(3, dtype=chainerx.int32, device='native:2')
    b = backend.from_chx(x)
    assert type(b) is numpy.ndarray and _data_pointer(b) == _data_pointer(x)


_Pair = collections.namedtuple('_Pair', 'first second')


@pytest.mark.parametrize('convert,out_type', [
    (backend.to_chx, chainerx.ndarray), (backend.from_chx, numpy.ndarray)])
def test_conversions_keep_structure_and_convert_shared_arrays_once(convert, out_type):
    a = numpy.ones(2, numpy.float32) if out_type is chainerx.ndarray else chainerx.ones(2)
    b = numpy.zeros(3, numpy.int32) if out_type is chainerx.ndarray else chainerx.zeros(3)
    out = convert([a, (a, None, [b]), _Pair(b, a)])
    assert type(out) is list and type(out[1]) is tuple and type(out[1][2]) is list
    assert type(out[2]) is _Pair
    assert out[1][1] is None
    assert all(type(o) is out_type for o in (out[0], out[1][2][0], out[2].first))
    assert out[0] is out[1][0] is out[2].second
    assert out[1][2][0] is out[2].first
    assert convert(()) == () and convert([]) == []


@pytest.mark.parametrize('value', [
    numpy.zeros(2, numpy.complex64), numpy.zeros(2, numpy.uint16), numpy.array(['a']),
    numpy.array([object()]), 'abc', object(), {'a': numpy.zeros(1)},
])
def test_to_chx_rejects_unsupported_values(value):
    with pytest.raises(TypeError):
        backend.to_chx(value)


@pytest.mark.parametrize('value', ['abc', object(), 1.5, {'a': chainerx.zeros(1)}])
def test_from_chx_rejects_non_arrays(value):
    with pytest.raises(TypeError):
        backend.from_chx(value)


def test_conversions_reject_variables():
    v = chainer.Variable(numpy.zeros(2, numpy.float32))
    with pytest.raises(TypeError):
        backend.to_chx(v)
    with pytest.raises(TypeError):
        backend.from_chx(chainer.Variable(chainerx.zeros(2)))
    with pytest.raises(TypeError):
        backend.CpuDevice().send(v)


# --- CpuDevice ------------------------------------------------------------------------------------

def test_cpu_device_attributes():
    device = backend.CpuDevice()
    assert device.xp is numpy
    assert device.supported_array_types == (numpy.ndarray,)
    assert backend.CpuDevice.from_array(numpy.zeros(1)) == device
    assert backend.CpuDevice.from_array(chainerx.zeros(1)) is None
    assert device.is_array_supported(numpy.zeros(1))
    assert not device.is_array_supported(chainerx.zeros(1))
    device.use()
    with device.create_context():
        pass


def test_cpu_device_send():
    device = backend.CpuDevice()
    a = numpy.ones(3)
    assert device.send(a) is a
    x = chainerx.arange(6, dtype=chainerx.float32).reshape(2, 3)[:, ::2]
    b = device.send(x)
    assert type(b) is numpy.ndarray and b.strides == x.strides
    assert _data_pointer(b) == _data_pointer(x)
    s = device.send(numpy.float16(2))
    assert type(s) is numpy.ndarray and s.shape == () and s.dtype == numpy.float16
    out = device.send((a, x, None))
    assert type(out) is tuple and out[0] is a and out[2] is None
    with pytest.raises(TypeError):
        device.send('abc')


# --- copyto ---------------------------------------------------------------------------------------

_COPY_KINDS = {
    'numpy': lambda a: a,
    'native:0': lambda a: chainerx.array(a, device='native:0'),
    'native:1': lambda a: chainerx.array(a, device='native:1'),
}


def _to_numpy(array):
    return chainerx.to_numpy(array) if isinstance(array, chainerx.ndarray) else array


@pytest.mark.parametrize('dst_kind', sorted(_COPY_KINDS))
@pytest.mark.parametrize('src_kind', sorted(_COPY_KINDS))
def test_copyto_across_backends(dst_kind, src_kind):
    src = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)[::-1]
    dst = _COPY_KINDS[dst_kind](numpy.zeros((2, 3), numpy.float32))
    before = _data_pointer(dst)
    backend.copyto(dst, _COPY_KINDS[src_kind](src))
    assert _data_pointer(dst) == before
    numpy.testing.assert_array_equal(_to_numpy(dst), src)


@pytest.mark.parametrize('dst_kind', sorted(_COPY_KINDS))
def test_copyto_broadcasts_and_casts(dst_kind):
    dst = _COPY_KINDS[dst_kind](numpy.zeros((2, 3), numpy.float32))
    backend.copyto(dst, numpy.arange(3, dtype=numpy.float64))
    numpy.testing.assert_array_equal(_to_numpy(dst), [[0, 1, 2], [0, 1, 2]])
    backend.copyto(dst, numpy.float32(4))
    numpy.testing.assert_array_equal(_to_numpy(dst), numpy.full((2, 3), 4))


@pytest.mark.parametrize('dst,src', [
    ([0.0, 0.0], numpy.zeros(2)),
    (None, numpy.zeros(2)),
    (numpy.zeros(2), 'ab'),
    (chainerx.zeros(2), object()),
])
def test_copyto_rejects_non_arrays(dst, src):
    with pytest.raises(TypeError):
        backend.copyto(dst, src)


@pytest.mark.parametrize('kind,fill', [('empty', ()), ('zeros', ()), ('ones', ()), ('full', (7,))])
def test_array_like_is_on_the_array_s_device(kind, fill):
    # chainerx's *_like functions allocate on the default device; gradients and states must not.
    a = chainerx.arange(6, dtype='float32', device='native:1').reshape(2, 3)
    with chainerx.using_device('native:0'):
        made = backend._array_like(kind, a, *fill)
    assert made.device.name == 'native:1' and made.shape == (2, 3) and made.dtype == a.dtype
    expected = {'zeros': 0, 'ones': 1, 'full': 7}.get(kind)
    if expected is not None:
        assert (chainerx.to_numpy(made) == expected).all()
    host = backend._array_like(kind, numpy.arange(6, dtype=numpy.int16), *fill)
    assert isinstance(host, numpy.ndarray) and host.dtype == numpy.int16 and host.shape == (6,)


def test_reads_without_waiting():
    assert backend._reads_without_waiting(numpy.zeros(2))
    assert backend._reads_without_waiting(chainerx.zeros(2, device='native:1'))
    try:
        has_cuda = chainerx.get_backend('cuda').get_device_count() > 0
    except chainerx.BackendError:  # built without CUDA
        has_cuda = False
    if has_cuda:
        assert not backend._reads_without_waiting(chainerx.zeros(2, device='cuda:0'))
