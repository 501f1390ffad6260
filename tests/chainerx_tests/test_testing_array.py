"""chainerx.testing: the assertions (value, dtype, strides, per-dtype tolerances), the dtype lists and
parametrize_dtype_specifier, and the C++ helpers _fromnumpy and _DeviceBuffer."""

import numpy
import pytest

import chainerx as chx
import chainerx.testing as testing


def _pair(values, dtype='float32'):
    return chx.array(numpy.array(values, dtype)), numpy.array(values, dtype)


@pytest.mark.parametrize('assertion', [testing.assert_array_equal, testing.assert_array_equal_ex])
def test_array_equal_accepts_chainerx_numpy_and_scalars(assertion):
    x, y = _pair([1.0, numpy.nan, 3.0])
    assertion(x, y)
    assertion(y, x)
    assertion(chx.array(numpy.float32(2.0)), numpy.float32(2.0))
    with pytest.raises(AssertionError):
        assertion(x, numpy.array([1.0, numpy.nan, 4.0], 'float32'))


def test_allclose_tolerances():
    x, y = _pair([1.0, 2.0], 'float64')
    testing.assert_allclose(x, y + 1e-9, rtol=1e-8)
    with pytest.raises(AssertionError):
        testing.assert_allclose(x, y + 1e-6, rtol=1e-8)
    testing.assert_allclose(x, y + 0.5, atol=0.5)
    with pytest.raises(AssertionError):
        testing.assert_allclose(x, numpy.array([1.0, numpy.nan]), equal_nan=True)


@pytest.mark.parametrize('dtype', ['float16', 'float32', 'float64'])
def test_allclose_ex_picks_the_tolerance_of_the_first_arguments_dtype(dtype):
    x = chx.array(numpy.array([1.0], dtype))
    y = numpy.array([1.0 + 2 ** -4], dtype)
    kwargs = {f'{dtype}_rtol': 0.1}
    testing.assert_allclose_ex(x, y, **kwargs)
    with pytest.raises(AssertionError):
        testing.assert_allclose_ex(x, y)
    # Another dtype's tolerance does not apply.
    other = 'float64' if dtype != 'float64' else 'float32'
    with pytest.raises(AssertionError):
        testing.assert_allclose_ex(x, y, **{f'{other}_rtol': 0.1})


@pytest.mark.parametrize('assertion', [testing.assert_allclose_ex, testing.assert_array_equal_ex])
def test_ex_checks_dtype(assertion):
    x, y = _pair([1, 2], 'int32')
    with pytest.raises(AssertionError, match='dtype mismatch'):
        assertion(x, y.astype('int64'))
    assertion(x, y.astype('int64'), dtype_check=False)
    with pytest.raises(AssertionError, match='dtype mismatch'):
        assertion(chx.array(numpy.float32(1)), numpy.float64(1))


@pytest.mark.parametrize('assertion', [testing.assert_allclose_ex, testing.assert_array_equal_ex])
def test_ex_checks_strides(assertion):
    x = chx.array(numpy.arange(6, dtype='float32').reshape(2, 3))
    y = numpy.asfortranarray(chx.to_numpy(x))
    with pytest.raises(AssertionError, match='strides mismatch'):
        assertion(x, y)
    assertion(x, y, strides_check=False)
    # strides_check follows dtype_check unless given.
    assertion(x, y.astype('float64'), dtype_check=False)
    assertion(x.T, y.T.copy(order='F'))


@pytest.mark.parametrize('assertion', [testing.assert_allclose_ex, testing.assert_array_equal_ex])
def test_ex_ignores_the_strides_of_empty_arrays(assertion):
    # NumPy's empty ufunc results have zero strides; chainerx's are C strides.
    assertion(chx.zeros((2, 0, 3), 'float32'), numpy.ceil(numpy.zeros((2, 0, 3), 'float32')))


@pytest.mark.parametrize('assertion', [testing.assert_allclose_ex, testing.assert_array_equal_ex])
def test_ex_rejects_strides_check_without_dtype_check(assertion):
    x, y = _pair([1.0])
    with pytest.raises(ValueError):
        assertion(x, y, dtype_check=False, strides_check=True)


def test_ex_rejects_unknown_tolerance_names():
    x, y = _pair([1.0])
    with pytest.raises(TypeError):
        testing.assert_allclose_ex(x, y, int8_rtol=0.1)


def test_dtype_lists_in_order():
    assert testing.float_dtypes == ('float16', 'float32', 'float64')
    assert testing.signed_dtypes == ('int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64')
    assert testing.unsigned_dtypes == ('uint8',)
    assert testing.integral_dtypes == ('uint8', 'int8', 'int16', 'int32', 'int64')
    assert testing.signed_integral_dtypes == ('int8', 'int16', 'int32', 'int64')
    assert testing.nonfloat_dtypes == ('bool_', 'int8', 'int16', 'int32', 'int64', 'uint8')
    assert testing.numeric_dtypes == testing.signed_dtypes + testing.unsigned_dtypes
    assert testing.all_dtypes == ('bool_',) + testing.numeric_dtypes
    assert testing.dtypes.all_dtypes is testing.all_dtypes
    # The same 9 dtypes as chainerx.all_dtypes, in another order (uint8 last).
    assert {numpy.dtype(name).type for name in testing.all_dtypes} == set(chx.all_dtypes)


def _parametrized_values(mark):
    assert mark.name == 'parametrize'
    return mark.args[1]


def test_parametrize_dtype_specifier_values():
    mark = testing.parametrize_dtype_specifier('dtype_spec', ('int8', 'float32'), additional_args=(float,))
    assert mark.args[0] == 'dtype_spec'
    values = _parametrized_values(mark)
    assert values == ['int8', 'float32', numpy.dtype('int8'), numpy.dtype('float32'), 'b', 'f', float]
    assert len(_parametrized_values(testing.parametrize_dtype_specifier('d'))) == 3 * 9


@testing.parametrize_dtype_specifier('dtype_spec', testing.all_dtypes)
def test_parametrize_dtype_specifier_values_are_accepted_by_chainerx(dtype_spec):
    assert chx.zeros((1,), dtype_spec).dtype == numpy.dtype(dtype_spec)


def test_parametrize_dtype_specifier_rejects_bad_arguments():
    with pytest.raises(TypeError):
        testing.parametrize_dtype_specifier(1)
    with pytest.raises(TypeError):
        testing.parametrize_dtype_specifier('d', 'float32')


_LAYOUTS = {
    'contiguous': lambda a: a,
    'transposed': lambda a: a.T,
    'padded': lambda a: a[::2, 1::3],
    'negative': lambda a: a[::-1, ::-2],
    'zero-size': lambda a: a[:0, ::2],
    '0-d': lambda a: a[1, 2, ...],
}


@pytest.mark.parametrize('layout', sorted(_LAYOUTS))
@pytest.mark.parametrize('dtype', testing.all_dtypes)
def test_fromnumpy_keeps_strides_and_copies(layout, dtype, device):
    base = numpy.arange(4 * 6).reshape(4, 6).astype(dtype)
    np_array = _LAYOUTS[layout](base)
    a = testing._fromnumpy(np_array, keepstrides=True, device=device)
    assert a.device is device
    testing.assert_array_equal_ex(a, np_array)
    # A copy: writing into the NumPy array leaves the chainerx array as it was.
    expected = np_array.copy()
    base[...] = 0
    testing.assert_array_equal(a, expected)


@pytest.mark.parametrize('layout', sorted(_LAYOUTS))
def test_fromnumpy_without_keepstrides_is_c_contiguous(layout):
    np_array = _LAYOUTS[layout](numpy.arange(24.0).reshape(4, 6))
    a = testing._fromnumpy(np_array)
    assert a.is_contiguous
    assert a.device is chx.get_default_device()
    assert a.strides == chx.empty(np_array.shape, np_array.dtype).strides
    testing.assert_array_equal_ex(a, np_array, strides_check=False)


def test_fromnumpy_rejects_non_numpy_input():
    with pytest.raises(TypeError):
        testing._fromnumpy([1, 2, 3])
    with pytest.raises(chx.DtypeError):
        testing._fromnumpy(numpy.zeros(2, numpy.complex64))


@pytest.mark.parametrize('dtype', testing.all_dtypes)
def test_device_buffer_exposes_the_values_through_the_buffer_protocol(dtype):
    values = [0, 1, 1, 0, 1, 0]
    # The buffer protocol hands out host pointers: native memory only (the default device may be cuda:0).
    buffer = testing._DeviceBuffer(values, (2, 3), dtype, device='native:0')
    view = memoryview(buffer)
    assert (view.shape, view.itemsize) == ((2, 3), numpy.dtype(dtype).itemsize)
    numpy.testing.assert_array_equal(numpy.asarray(buffer), numpy.array(values, dtype).reshape(2, 3))
    a = chx.frombuffer(buffer, dtype)
    testing.assert_array_equal(a, numpy.array(values, dtype))


def test_device_buffer_checks_the_size():
    with pytest.raises(chx.DimensionError):
        testing._DeviceBuffer([1, 2, 3], (2, 2), 'float32')
    memoryview(testing._DeviceBuffer([], (0, 3), 'int8', device='native:1'))
