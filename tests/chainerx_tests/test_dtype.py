"""Dtypes and constants re-exported from NumPy, builtins, dtype argument conversion (A.0, A.1)."""

import builtins
import math

import numpy
import pytest

import chainerx as chx

import array_utils

_SCALAR_TYPE_NAMES = (
    'bool_',
    'int8',
    'int16',
    'int32',
    'int64',
    'uint8',
    'float16',
    'float32',
    'float64',
)
_CONSTANT_NAMES = ('e', 'euler_gamma', 'inf', 'nan', 'newaxis', 'pi')

# (dtype argument, expected dtype name)
_DTYPE_ARGUMENTS = [
    ('bool', 'bool'),
    ('bool_', 'bool'),
    ('int8', 'int8'),
    ('int16', 'int16'),
    ('int32', 'int32'),
    ('int64', 'int64'),
    ('uint8', 'uint8'),
    ('float16', 'float16'),
    ('float32', 'float32'),
    ('float64', 'float64'),
    ('int', 'int64'),
    ('float', 'float64'),
    ('?', 'bool'),
    ('b', 'int8'),
    ('h', 'int16'),
    ('i', 'int32'),
    ('l', 'int64'),
    ('B', 'uint8'),
    ('e', 'float16'),
    ('f', 'float32'),
    ('d', 'float64'),
    (bool, 'bool'),
    (int, 'int64'),
    (float, 'float64'),
    (numpy.int8, 'int8'),
    (numpy.uint8, 'uint8'),
    (numpy.float16, 'float16'),
    (numpy.bool_, 'bool'),
    (numpy.dtype('int16'), 'int16'),
    (numpy.dtype('float64'), 'float64'),
]


@pytest.mark.parametrize('name', _SCALAR_TYPE_NAMES + ('dtype',))
def test_scalar_types_are_the_numpy_objects(name):
    assert getattr(chx, name) is getattr(numpy, name)


@pytest.mark.parametrize('name', _CONSTANT_NAMES)
def test_constants_are_the_numpy_objects(name):
    assert getattr(chx, name) is getattr(numpy, name)


def test_all_dtypes_lists_the_nine_scalar_types_in_order():
    assert chx.all_dtypes == tuple(getattr(numpy, name) for name in _SCALAR_TYPE_NAMES)


@pytest.mark.parametrize(
    'name,expected',
    [
        ('Inf', math.inf),
        ('Infinity', math.inf),
        ('PINF', math.inf),
        ('infty', math.inf),
        ('NINF', -math.inf),
        ('PZERO', 0.0),
        ('NZERO', -0.0),
    ],
)
def test_numpy1_constants_keep_their_values(name, expected):
    value = getattr(chx, name)
    assert value == expected
    assert math.copysign(1.0, value) == math.copysign(1.0, expected)
    if hasattr(numpy, name):  # NumPy 1.x: NumPy's own object, as the original re-exported it
        assert value is getattr(numpy, name)


@pytest.mark.parametrize('name', ['NAN', 'NaN'])
def test_numpy1_nan_constants_are_nan(name):
    assert math.isnan(getattr(chx, name))
    if hasattr(numpy, name):
        assert getattr(chx, name) is getattr(numpy, name)


@pytest.mark.parametrize('name', ['bool', 'int', 'float'])
def test_builtins_are_reexported(name):
    assert getattr(chx, name) is getattr(builtins, name)


@pytest.mark.parametrize('argument,expected', _DTYPE_ARGUMENTS)
def test_dtype_argument_forms_are_accepted(argument, expected):
    a = chx.zeros((2,), argument)
    assert a.dtype == numpy.dtype(expected)
    assert isinstance(a.dtype, numpy.dtype)


@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_array_dtype_property_is_a_numpy_dtype_with_its_itemsize(dtype):
    a = chx.empty((3,), dtype)
    assert a.dtype == numpy.dtype(dtype)
    assert a.itemsize == numpy.dtype(dtype).itemsize


@pytest.mark.parametrize(
    'argument',
    [
        'q',
        'foo',
        'complex64',
        'uint16',
        numpy.complex64,
        numpy.uint16,
        numpy.dtype('float128') if hasattr(numpy, 'float128') else 'int128',
    ],
)
def test_unknown_or_unsupported_dtypes_raise_dtype_error(argument):
    with pytest.raises(chx.DtypeError):
        chx.zeros((1,), argument)


@pytest.mark.parametrize('argument', [3, 1.5, object()])
def test_non_dtype_objects_raise_type_error(argument):
    with pytest.raises(TypeError):
        chx.zeros((1,), argument)


@pytest.mark.parametrize(
    'name',
    [
        'ContextError',
        'BackendError',
        'DeviceError',
        'DimensionError',
        'DtypeError',
        'NotImplementedError',
        'GradientError',
        'GradientCheckError',
    ],
)
def test_exceptions_derive_from_chainerx_error(name):
    cls = getattr(chx, name)
    assert issubclass(cls, chx.ChainerxError)
    assert issubclass(cls, Exception)


def test_chainerx_not_implemented_error_shadows_the_builtin():
    assert chx.NotImplementedError is not builtins.NotImplementedError


def test_is_available():
    assert chx.is_available() is True
