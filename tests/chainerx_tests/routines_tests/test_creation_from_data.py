"""Arrays from existing data: ascontiguousarray, frombuffer and the NumPy-backed readers asanyarray,
fromfile, fromfunction, fromiter, fromstring, loadtxt (spec A.2)."""

import io

import numpy
import pytest

import chainerx as chx

import array_utils


@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
@pytest.mark.parametrize('shape', [(), (0,), (3,), (2, 3)])
@pytest.mark.parametrize('contiguous', [True, False])
def test_ascontiguousarray_matches_numpy(shape, dtype, contiguous):
    x = array_utils.make_numpy(shape, dtype, contiguous=contiguous)
    a = chx.array(x, copy=False)
    out = chx.ascontiguousarray(a)
    assert out.is_contiguous
    array_utils.assert_array_equal(out, numpy.ascontiguousarray(x))
    if contiguous and shape != ():
        assert out is a


@pytest.mark.parametrize('dtype', ['int8', 'float16', 'float64'])
def test_ascontiguousarray_converts_dtype_and_transposed_input(dtype):
    x = array_utils.make_numpy((2, 3), 'float32')
    out = chx.ascontiguousarray(chx.array(x).T, dtype)
    assert out.is_contiguous
    array_utils.assert_array_equal(out, numpy.ascontiguousarray(x.T, dtype))


def test_ascontiguousarray_accepts_python_data_and_is_differentiable():
    array_utils.assert_array_equal(chx.ascontiguousarray([[1, 2]]), numpy.array([[1, 2]]))
    array_utils.check_grads(lambda a: chx.ascontiguousarray(a.T), [(2, 3)], 'float64')


@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
@pytest.mark.parametrize('count,offset', [(-1, 0), (2, 0), (-1, 8), (1, 8), (0, 0), (-1, 16)])
def test_frombuffer_matches_numpy(dtype, count, offset, device):
    data = bytes(range(16))
    out = chx.frombuffer(data, dtype, count, offset, device=device)
    assert out.device is device
    array_utils.assert_array_equal(out, numpy.frombuffer(data, dtype, count, offset))


def test_frombuffer_shares_memory_with_a_writable_buffer():
    data = bytearray(8)
    out = chx.frombuffer(data, 'int32', device='native:0')  # host memory is shared; cuda:0 would get a copy
    data[0] = 5
    array_utils.assert_array_equal(out, numpy.array([5, 0], 'int32'))
    assert chx.frombuffer(data).dtype == numpy.float32


@pytest.mark.parametrize('kwargs', [
    {'offset': -1}, {'offset': 9}, {'count': 3}, {'offset': 1}, {'count': 2, 'offset': 4},
])
def test_frombuffer_invalid_sizes_raise_chainerx_error(kwargs):
    with pytest.raises(chx.ChainerxError):
        chx.frombuffer(bytes(8), 'int32', **kwargs)


def test_frombuffer_rejects_non_contiguous_buffers_and_non_buffers():
    with pytest.raises(chx.ChainerxError):
        chx.frombuffer(memoryview(bytes(8))[::2], 'uint8')
    with pytest.raises(TypeError):
        chx.frombuffer([1, 2], 'uint8')


def test_asanyarray_is_asarray(device):
    x = numpy.arange(6).reshape(2, 3)[:, ::2]
    out = chx.asanyarray(x, device=device)
    assert out.device is device and out.strides == x.strides
    array_utils.assert_array_equal(chx.asanyarray([1.5], 'float16'), numpy.array([1.5], 'float16'))


def test_fromfile_matches_numpy(tmp_path):
    path = tmp_path / 'data.bin'
    numpy.arange(5, dtype='int16').tofile(path)
    array_utils.assert_array_equal(chx.fromfile(path, 'int16'), numpy.arange(5, dtype='int16'))
    array_utils.assert_array_equal(
        chx.fromfile(path, 'int16', count=2), numpy.arange(2, dtype='int16')
    )
    text = tmp_path / 'data.txt'
    text.write_text('1 2 3')
    out = chx.fromfile(str(text), sep=' ', device='native:1')
    assert out.device.name == 'native:1'
    array_utils.assert_array_equal(out, numpy.array([1.0, 2.0, 3.0]))


def test_fromfunction_takes_dtype_and_device_from_keywords():
    out = chx.fromfunction(lambda i, j, scale: (i - j) * scale, (2, 3), scale=2, device='native:1')
    assert out.device.name == 'native:1'
    array_utils.assert_array_equal(out, numpy.fromfunction(lambda i, j: (i - j) * 2.0, (2, 3)))
    array_utils.assert_array_equal(
        chx.fromfunction(lambda i: i, (3,), dtype='int8'), numpy.arange(3, dtype='int8')
    )


def test_fromiter_matches_numpy():
    array_utils.assert_array_equal(chx.fromiter(range(4), 'float32'), numpy.arange(4, dtype='f4'))
    array_utils.assert_array_equal(chx.fromiter(iter([1, 2, 3]), 'i1', 2), [1, 2], 'int8')


def test_fromstring_text_and_binary():
    array_utils.assert_array_equal(chx.fromstring('1, 2', sep=','), numpy.array([1.0, 2.0]))
    array_utils.assert_array_equal(
        chx.fromstring('1 2 3', 'int32', 2, ' '), numpy.array([1, 2], 'int32')
    )
    array_utils.assert_array_equal(chx.fromstring(b'\x01\x02', 'uint8'), numpy.array([1, 2], 'u1'))


def test_loadtxt_matches_numpy():
    text = '# header\n1,2,3\n4,5,6\n'
    kwargs = {'delimiter': ',', 'usecols': (0, 2)}
    array_utils.assert_array_equal(chx.loadtxt(io.StringIO(text), **kwargs),
                                   numpy.loadtxt(io.StringIO(text), **kwargs))
    out = chx.loadtxt(
        io.StringIO(text), 'int64', delimiter=',', skiprows=2, ndmin=2, device='native:1'
    )
    assert out.device.name == 'native:1'
    array_utils.assert_array_equal(out, numpy.array([[4, 5, 6]]))


def test_loadtxt_takes_a_chainerx_array_of_columns():
    text = '1,2,3\n4,5,6\n'
    columns = chx.array([2, 0], 'int64')
    array_utils.assert_array_equal(chx.loadtxt(io.StringIO(text), delimiter=',', usecols=columns),
                                   numpy.array([[3.0, 1.0], [6.0, 4.0]]))
    # A long array of columns is one copy, not a call per element: a bad ndmin is reported at once.
    with pytest.raises(ValueError):
        chx.loadtxt(io.StringIO(text), delimiter=',', usecols=chx.zeros((2**20,), 'int64'), ndmin=7)


def test_python_level_creation_names_are_exported():
    import chainerx._creation as creation
    for name in ('asanyarray', 'fromfile', 'fromfunction', 'fromiter', 'fromstring', 'loadtxt'):
        assert name in creation.__all__ and getattr(chx, name) is getattr(creation, name)


@pytest.mark.parametrize('dtype', ['>f4', '>f8', '>i2', '>i4', '>i8', '<f4', '>f2'])
@pytest.mark.parametrize('convert', [chx.array, chx.asarray])
def test_non_native_byte_order_is_converted(dtype, convert, device):
    x = numpy.array([1.5, -2.0, 3.0], dtype) if dtype[1] == 'f' else numpy.array([1, -2, 300], dtype)
    a = convert(x, device=device)
    assert a.dtype == x.dtype.newbyteorder('=')
    array_utils.assert_array_equal(a, x.astype(x.dtype.newbyteorder('=')))
