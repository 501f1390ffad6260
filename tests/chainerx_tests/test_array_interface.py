"""NumPy interop of chainerx.ndarray (beyond the original): __array__ with NumPy 1 and 2 call
conventions, the buffer protocol, and how NumPy operands mix with chainerx ones
(see Note [Mixing NumPy and chainerx operands] in chainerx/python/array_interop.cc)."""

import gc

import numpy
import pytest

import chainerx as chx

import array_utils

# Sharing host memory with NumPy and the buffer protocol: arrays on a native default device, whatever the
# suite's (a CUDA default has its own interop tests, test_cuda_interop.py).
pytestmark = pytest.mark.usefixtures('native_default_device')

# struct-module format of each dtype in the buffer protocol.
_FORMATS = {
    'bool_': '?', 'int8': 'b', 'int16': 'h', 'int32': 'i', 'int64': 'q', 'uint8': 'B',
    'float16': 'e', 'float32': 'f', 'float64': 'd',
}
_LAYOUTS = array_utils.VIEW_LAYOUTS


def _pair(layout, dtype):
    return array_utils.make_view_pair(layout, dtype, seed=3)


_address = array_utils.numpy_data_address


@pytest.mark.parametrize('layout', sorted(_LAYOUTS))
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_numpy_asarray_views_native_arrays(layout, dtype):
    a, expected = _pair(layout, dtype)
    out = numpy.asarray(a)
    assert out.dtype == expected.dtype and out.shape == expected.shape
    assert out.strides == a.strides
    numpy.testing.assert_array_equal(out, expected)
    if a.size:
        assert _address(out) == a._debug_data_memory_address


@pytest.mark.parametrize('layout', sorted(_LAYOUTS))
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_memoryview_describes_the_array(layout, dtype):
    a, expected = _pair(layout, dtype)
    view = memoryview(a)
    assert view.format == _FORMATS[dtype]
    assert view.itemsize == a.itemsize
    assert view.shape == a.shape and view.strides == a.strides
    assert not view.readonly
    assert bytes(a) == expected.tobytes()  # C order, whatever the strides


def test_numpy_writes_through_the_view():
    a = chx.zeros((2, 3), 'int32')
    numpy.asarray(a)[1, 2] = 7
    memoryview(a)[0, 1] = 5
    array_utils.assert_array_equal(a, numpy.array([[0, 5, 0], [0, 0, 7]], numpy.int32))


def test_views_keep_the_data_alive():
    a = chx.arange(4, dtype='float32')
    out = numpy.asarray(a)
    view = memoryview(a)
    del a
    gc.collect()
    numpy.testing.assert_array_equal(out, [0, 1, 2, 3])
    assert view.tolist() == [0, 1, 2, 3]


# (kwargs of __array__, shares memory, result dtype or None for the array's own)
_ARRAY_CALLS = [
    ({}, True, None),
    ({'copy': None}, True, None),
    ({'copy': False}, True, None),
    ({'copy': True}, False, None),
    ({'dtype': 'float32'}, True, None),
    ({'dtype': 'float64'}, False, 'float64'),
    ({'dtype': numpy.complex128}, False, 'complex128'),
    ({'dtype': 'float64', 'copy': True}, False, 'float64'),
]


@pytest.mark.parametrize('kwargs,shares,dtype', _ARRAY_CALLS)
def test_array_dunder_follows_numpy2_copy_rules(kwargs, shares, dtype):
    a = chx.arange(6, dtype='float32').reshape(2, 3).T
    out = a.__array__(**kwargs)
    assert type(out) is numpy.ndarray
    assert out.dtype == (dtype or 'float32')
    numpy.testing.assert_array_equal(out, chx.to_numpy(a))
    assert numpy.shares_memory(out, numpy.asarray(a)) == shares


def test_array_dunder_numpy1_positional_dtype():
    out = chx.ones((2,), 'int8').__array__(numpy.dtype('int16'))
    assert out.dtype == numpy.int16


def test_array_dunder_copy_false_raises_when_a_cast_is_needed():
    with pytest.raises(ValueError):
        chx.ones((2,), 'int8').__array__('float32', copy=False)


def test_numpy_array_copies_and_asarray_does_not():
    a = chx.ones((3,), 'float64')
    assert not numpy.shares_memory(numpy.array(a), numpy.asarray(a))
    assert numpy.shares_memory(numpy.asarray(a), numpy.asarray(a))
    numpy.testing.assert_array_equal(numpy.array(a, dtype='int32'), [1, 1, 1])


def test_grad_connected_arrays_export_their_data():
    a = chx.ones((2,), 'float32').require_grad()
    numpy.testing.assert_array_equal(numpy.asarray(a), [1, 1])


def test_array_priority():
    assert chx.ones((1,)).__array_priority__ == 100.0


# NumPy operands never mix implicitly with chainerx ones (operators say how to convert); NumPy
# scalars are scalars.
_NUMPY_OPERATOR_MIXES = [
    lambda n, a: n + a,
    lambda n, a: a + n,
    lambda n, a: n * a,
    lambda n, a: a - n,
    lambda n, a: n ** a,
    lambda n, a: a & n,
    lambda n, a: n == a,
    lambda n, a: a < n,
]


def _inplace_add(n, a):
    a += n


@pytest.mark.parametrize('mix', _NUMPY_OPERATOR_MIXES + [_inplace_add])
def test_numpy_arrays_do_not_mix_with_chainerx_operators(mix):
    with pytest.raises(TypeError, match='do not mix'):
        mix(numpy.arange(3, dtype=numpy.int32), chx.arange(3, dtype='int32'))


@pytest.mark.parametrize('ufunc', [lambda n, a: numpy.add(n, a), lambda n, a: numpy.exp(a)])
def test_numpy_ufuncs_refuse_chainerx_arrays(ufunc):
    with pytest.raises(TypeError):
        ufunc(numpy.arange(3, dtype=numpy.float32), chx.arange(3, dtype='float32'))


def test_other_operands_still_get_not_implemented():
    a = chx.arange(3)
    with pytest.raises(TypeError):
        a + 'x'
    assert (a == 'x') is False  # identity fallback, as for any Python object


@pytest.mark.parametrize('scalar', [numpy.float32(2), numpy.int64(2), numpy.bool_(True)])
def test_numpy_scalars_act_as_scalars_on_either_side(scalar):
    a = chx.arange(3, dtype='float32')
    left, right = scalar * a, a * scalar
    assert isinstance(left, chx.ndarray) and isinstance(right, chx.ndarray)
    array_utils.assert_array_equal(left, numpy.arange(3, dtype=numpy.float32) * float(scalar))
    array_utils.assert_array_equal(right, numpy.arange(3, dtype=numpy.float32) * float(scalar))


def test_numpy_functions_convert_explicitly():
    a = chx.arange(3, dtype='float32')
    numpy.testing.assert_array_equal(numpy.asarray(a) + numpy.ones(3), [1, 2, 3])
    numpy.testing.assert_allclose(a, [0, 1, 2])  # assert helpers take array-likes


@pytest.fixture
def cuda_device():
    try:
        return chx.get_device('cuda:0')
    except chx.ChainerxError:
        pytest.skip('no CUDA device')


def test_device_arrays_copy_to_host_and_refuse_views(cuda_device):
    a = chx.arange(3, dtype='float32', device=cuda_device)
    numpy.testing.assert_array_equal(numpy.asarray(a), [0, 1, 2])
    numpy.testing.assert_array_equal(a.__array__(), [0, 1, 2])
    with pytest.raises(ValueError):
        a.__array__(copy=False)
    with pytest.raises(BufferError):
        memoryview(a)
