"""Every name of chainerx-api.md exists (api_names.py lists them), and the identities the spec requires hold.

Each check collects all missing names before failing, so one run lists every gap.
"""

import builtins
import functools
import importlib

import numpy
import pytest

import chainerx

import api_names


def _resolve(root, dotted):
    """The object at `dotted` (e.g. '_core._fromrawpointer') below `root`; AttributeError if missing."""
    return functools.reduce(getattr, dotted.split('.'), root)


def _missing(root, names):
    missing = []
    for name in names:
        try:
            _resolve(root, name)
        except AttributeError:
            missing.append(name)
    return missing


def _assert_none_missing(where, missing):
    assert not missing, f'{len(missing)} names missing from {where}: {", ".join(missing)}'


def test_module_level_names():
    _assert_none_missing('chainerx', _missing(chainerx, api_names.MODULE_LEVEL))


@pytest.mark.parametrize('module_name, names', [
    ('chainerx.linalg', api_names.LINALG),
    ('chainerx.random', api_names.RANDOM),
    ('chainerx.testing', api_names.TESTING),
])
def test_submodule_names(module_name, names):
    _assert_none_missing(module_name, _missing(importlib.import_module(module_name), names))


def test_class_members():
    missing = [f'{cls}.{member}' for cls, member in api_names.CLASS_MEMBERS
               if not hasattr(getattr(chainerx, cls), member)]
    _assert_none_missing('the classes', missing)


def test_ndarray_members():
    _assert_none_missing('chainerx.ndarray', _missing(chainerx.ndarray, api_names.NDARRAY))


def test_private_names():
    _assert_none_missing('chainerx (private names)', _missing(chainerx, api_names.PRIVATE))


def test_submodules_import():
    failed = []
    for module_name in api_names.SUBMODULES:
        try:
            importlib.import_module(module_name)
        except ImportError as e:
            failed.append(f'{module_name} ({e})')
    _assert_none_missing('the importable modules', failed)


@pytest.mark.parametrize('module_name', sorted(api_names.OMITTED_SUBMODULES))
def test_omitted_submodules(module_name):
    pytest.skip(f'{module_name} is not provided: {api_names.OMITTED_SUBMODULES[module_name]}')


def test_chainerx_testing_names_are_the_cpp_helpers():
    import chainerx.testing
    assert chainerx.testing._fromnumpy is chainerx._testing._fromnumpy
    assert chainerx.testing._DeviceBuffer is chainerx._testing._DeviceBuffer


@pytest.mark.parametrize('name', api_names.NUMPY_OBJECTS)
def test_numpy_objects_are_numpys(name):
    assert getattr(chainerx, name) is getattr(numpy, name)


_NUMPY1_VALUES = {
    'Inf': numpy.inf, 'Infinity': numpy.inf, 'PINF': numpy.inf, 'infty': numpy.inf, 'NINF': -numpy.inf,
    'NAN': numpy.nan, 'NaN': numpy.nan, 'NZERO': -0.0, 'PZERO': 0.0,
}


@pytest.mark.parametrize('name', api_names.NUMPY1_CONSTANTS)
def test_numpy1_constants(name):
    value = getattr(chainerx, name)
    if hasattr(numpy, name):  # NumPy 1.x: the very same object
        assert value is getattr(numpy, name)
    expected = _NUMPY1_VALUES[name]  # NumPy 2.x removed them: chainerx's own, equal values
    assert type(value) is float
    numpy.testing.assert_equal(value, expected)
    assert numpy.signbit(value) == numpy.signbit(expected)


def test_builtins_are_pythons():
    assert chainerx.bool is builtins.bool
    assert chainerx.int is builtins.int
    assert chainerx.float is builtins.float


def test_all_dtypes_are_the_numpy_scalar_types_in_order():
    names = ('bool_', 'int8', 'int16', 'int32', 'int64', 'uint8', 'float16', 'float32', 'float64')
    assert chainerx.all_dtypes == tuple(getattr(numpy, name) for name in names)


@pytest.mark.parametrize('alias, name', sorted(api_names.ALIASES.items()))
def test_aliases_are_the_same_object(alias, name):
    assert getattr(chainerx, alias) is getattr(chainerx, name)


def test_not_implemented_error_is_chainerxs_own():
    assert chainerx.NotImplementedError is not builtins.NotImplementedError
    assert issubclass(chainerx.NotImplementedError, chainerx.ChainerxError)


@pytest.mark.parametrize('name', api_names.EXCEPTIONS)
def test_exceptions_derive_from_chainerx_error(name):
    assert issubclass(getattr(chainerx, name), chainerx.ChainerxError)
    assert issubclass(getattr(chainerx, name), Exception)


def test_classes_print_as_chainerx():
    for name in api_names.CLASSES + api_names.EXCEPTIONS:
        assert getattr(chainerx, name).__module__ == 'chainerx', name


def test_linalg_and_testing_are_the_extension_submodules():
    import chainerx.linalg
    assert chainerx.linalg is chainerx._core.linalg
    assert chainerx._testing is chainerx._core._testing


def test_family_submodules_hold_the_module_level_functions():
    for module in (chainerx.creation, chainerx.math, chainerx.manipulation, chainerx.random):
        for name in module.__all__:
            assert callable(getattr(module, name)), f'{module.__name__}.{name}'
            if module is not chainerx.random:
                assert getattr(module, name) is getattr(chainerx, name), f'{module.__name__}.{name}'


def test_global_context_is_the_global_default():
    assert isinstance(chainerx._global_context, chainerx.Context)
    assert chainerx.get_global_default_context() is chainerx._global_context


def test_is_available_and_build_info():
    assert chainerx.is_available() is True
    assert chainerx._build_info.build_chainerx is True
    assert isinstance(chainerx._core._is_debug(), bool)


def test_missing_names_are_all_listed():
    # The checks above report every gap at once, not just the first.
    assert _missing(chainerx, ['add', 'no_such_name', '_core.no_such_either']) == [
        'no_such_name', '_core.no_such_either']
