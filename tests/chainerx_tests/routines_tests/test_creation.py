"""Creation routines: array/asarray, empty/zeros/ones/full, arange, *_like, copy (spec A.2)."""

import numpy
import pytest

import chainerx as chx

import array_utils

_CREATION_SHAPES = ((), 0, 3, (0,), (2, 3), [2, 1, 4], (2, 0, 3))


@pytest.mark.parametrize(
    'obj,dtype,expected',
    [
        ([1, 2, 3], None, numpy.array([1, 2, 3])),
        ([[1.5, 2.0]], None, numpy.array([[1.5, 2.0]])),
        ([True, False], None, numpy.array([True, False])),
        (3.0, None, numpy.array(3.0)),
        ([], None, numpy.array([])),
        ([[1, 2], [3, 4]], 'float16', numpy.array([[1, 2], [3, 4]], 'float16')),
        ([1, 0, 2], 'bool', numpy.array([True, False, True])),
        ((3, 255), 'uint8', numpy.array([3, 255], 'uint8')),
    ],
)
def test_array_from_python_objects_matches_numpy(obj, dtype, expected, device):
    a = chx.array(obj, dtype, device=device)
    assert a.device is device
    array_utils.assert_array_equal(a, expected)


@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
@pytest.mark.parametrize('contiguous', [True, False])
@pytest.mark.parametrize('shape', [(), (0,), (3,), (2, 3), (2, 0, 3)])
def test_array_from_numpy_arrays(shape, dtype, contiguous, device):
    expected = array_utils.make_numpy(shape, dtype, contiguous=contiguous)
    for a in (
        chx.array(expected, device=device),
        chx.asarray(expected, device=device),
        chx.array(expected, copy=False, device=device),
    ):
        assert a.device is device
        array_utils.assert_array_equal(a, expected)


def test_array_with_dtype_converts_numpy_input():
    array_utils.assert_array_equal(
        chx.array(numpy.arange(3), 'float32'), numpy.arange(3, dtype='float32')
    )
    array_utils.assert_array_equal(
        chx.asarray(numpy.arange(3), dtype='int8'), numpy.arange(3, dtype='int8')
    )


@pytest.mark.parametrize('obj', [numpy.zeros(2, 'complex64'), numpy.zeros(2, 'uint16'), ['a', 'b']])
def test_array_of_unsupported_dtype_raises_dtype_error(obj):
    with pytest.raises(chx.DtypeError):
        chx.array(obj)


@pytest.mark.parametrize('name,value', [('empty', None), ('zeros', 0), ('ones', 1)])
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
@pytest.mark.parametrize('shape', _CREATION_SHAPES)
def test_empty_zeros_ones_make_the_shape_and_dtype(name, value, dtype, shape, device):
    a = getattr(chx, name)(shape, dtype, device=device)
    expected_shape = (shape,) if isinstance(shape, int) else tuple(shape)
    assert (a.shape, a.dtype, a.device) == (expected_shape, numpy.dtype(dtype), device)
    assert a.is_contiguous
    if value is not None:
        array_utils.assert_array_equal(a, numpy.full(expected_shape, value, dtype))


@pytest.mark.parametrize('name', ['empty', 'zeros', 'ones'])
def test_default_dtype_is_float32_on_the_default_device(name):
    with chx.using_device('native:1'):
        a = getattr(chx, name)((2,))
    assert a.dtype == numpy.float32
    assert a.device.name == 'native:1'


def test_zeros_takes_device_only_as_a_keyword():
    assert chx.zeros((2,), 'int8', device='native:1').device.name == 'native:1'
    with pytest.raises(TypeError):
        chx.zeros((2,), 'int8', 'native:1')


@pytest.mark.parametrize('name', ['empty', 'zeros', 'ones'])
@pytest.mark.parametrize('shape', [-1, (2, -1)])
def test_negative_dimensions_raise_dimension_error(name, shape):
    with pytest.raises(chx.DimensionError):
        getattr(chx, name)(shape)


@pytest.mark.parametrize('shape', ['ab', 1.5, [1.5]])
def test_shape_of_wrong_type_raises_type_error(shape):
    with pytest.raises(TypeError):
        chx.zeros(shape)


@pytest.mark.parametrize(
    'value,dtype',
    [
        (True, 'bool'),
        (False, 'bool'),
        (3, 'int32'),
        (-7, 'int32'),
        (1.5, 'float32'),
        (numpy.float64(2.5), 'float32'),
        (numpy.int8(4), 'int32'),
        (numpy.bool_(True), 'bool'),
    ],
)
def test_full_without_dtype_takes_the_default_dtype_of_the_scalar_kind(value, dtype, device):
    a = chx.full((2, 3), value, device=device)
    assert a.device is device
    array_utils.assert_array_equal(a, numpy.full((2, 3), value, dtype))


@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
@pytest.mark.parametrize('value', [True, 2, 1.0])
def test_full_with_dtype_casts_the_value(dtype, value):
    array_utils.assert_array_equal(chx.full((3,), value, dtype), numpy.full((3,), value, dtype))


# (arguments, keyword arguments, expected dtype)
_ARANGES = [
    ((5,), {}, 'int32'),
    ((2, 7), {}, 'int32'),
    ((1, 10, 3), {}, 'int32'),
    ((5, 1, -1), {}, 'int32'),
    ((5, 1), {}, 'int32'),
    ((0,), {}, 'int32'),
    ((2.5,), {}, 'float32'),
    ((0, 2, 0.5), {}, 'float32'),
    ((1.0, -1.0, -0.25), {}, 'float32'),
    ((numpy.int64(3),), {}, 'int32'),
    ((1, 10, 3), {'dtype': 'float64'}, 'float64'),
    ((4,), {'dtype': 'int8'}, 'int8'),
    ((4,), {'dtype': 'uint8'}, 'uint8'),
    ((3,), {'dtype': 'float16'}, 'float16'),
    ((2,), {'dtype': 'bool'}, 'bool'),
    ((True,), {}, 'int32'),
]


@pytest.mark.parametrize('args,kwargs,dtype', _ARANGES)
def test_arange_matches_numpy_with_chainerx_default_dtypes(args, kwargs, dtype, device):
    a = chx.arange(*args, device=device, **kwargs)
    assert a.device is device
    expected = numpy.arange(*[numpy.asarray(x).item() for x in args]).astype(dtype)
    array_utils.assert_array_equal(a, expected)


def test_arange_with_zero_step_raises():
    with pytest.raises(chx.ChainerxError):
        chx.arange(0, 5, 0)


@pytest.mark.parametrize('stop', [3, 10])
def test_arange_of_bool_with_more_than_two_elements_raises_dtype_error(stop):
    with pytest.raises(chx.DtypeError):
        chx.arange(stop, dtype='bool')


@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
@pytest.mark.parametrize('shape', [(), (0,), (2, 3)])
def test_like_functions_keep_shape_and_dtype_and_use_the_default_device(dtype, shape):
    a = chx.array(array_utils.make_numpy(shape, dtype), device=array_utils.other_device())
    for name, value in (('empty_like', None), ('zeros_like', 0), ('ones_like', 1)):
        out = getattr(chx, name)(a)
        assert (out.shape, out.dtype, out.device) == (shape, numpy.dtype(dtype), chx.get_default_device())
        if value is not None:
            array_utils.assert_array_equal(out, numpy.full(shape, value, dtype))
    array_utils.assert_array_equal(chx.full_like(a, True), numpy.full(shape, True, dtype))


@pytest.mark.parametrize('name', ['empty_like', 'zeros_like', 'ones_like'])
def test_like_functions_accept_a_device(name):
    out = getattr(chx, name)(chx.zeros((2,)), device='native:2')
    assert out.device.name == 'native:2'
    assert chx.full_like(chx.zeros((2,)), 3, device='native:3').device.name == 'native:3'


def test_full_like_casts_the_value_to_the_array_dtype():
    array_utils.assert_array_equal(
        chx.full_like(chx.zeros((2,), 'int8'), 2.7), numpy.array([2, 2], 'int8')
    )


@pytest.mark.parametrize('name', ['empty_like', 'zeros_like', 'ones_like', 'copy'])
def test_array_functions_reject_numpy_arrays(name):
    with pytest.raises(TypeError):
        getattr(chx, name)(numpy.zeros(2))


@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
@pytest.mark.parametrize('contiguous', [True, False])
def test_copy_matches_numpy(dtype, contiguous, device):
    expected = array_utils.make_numpy((2, 3), dtype, contiguous=contiguous)
    a = chx.array(expected, copy=False, device=device)
    c = chx.copy(a)
    assert c.is_contiguous and c.device is device
    array_utils.assert_array_equal(c, expected)
