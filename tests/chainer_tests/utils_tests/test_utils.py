"""Tests of the chainer.utils package namespace: force_array, force_type, experimental, ..."""

import collections.abc
import sys
import warnings

import numpy
import pytest

import chainer
import chainerx
from chainer import utils
from chainer.utils import collections_abc

_NUMPY_SCALAR_TYPES = [
    numpy.bool_, numpy.int8, numpy.int16, numpy.int32, numpy.int64, numpy.uint8, numpy.uint16,
    numpy.uint32, numpy.uint64, numpy.float16, numpy.float32, numpy.float64, numpy.complex64,
    numpy.complex128,
]


@pytest.mark.parametrize('scalar_type', _NUMPY_SCALAR_TYPES)
def test_force_array_turns_numpy_scalar_into_0d_array_of_its_dtype(scalar_type):
    y = utils.force_array(scalar_type(1))
    assert type(y) is numpy.ndarray
    assert y.shape == ()
    assert y.dtype == numpy.dtype(scalar_type)
    assert y == 1


@pytest.mark.parametrize('scalar_type', _NUMPY_SCALAR_TYPES)
def test_force_array_casts_scalar_to_given_dtype(scalar_type):
    dtype = numpy.complex64 if numpy.dtype(scalar_type).kind == 'c' else numpy.float16
    y = utils.force_array(scalar_type(1), dtype)
    assert type(y) is numpy.ndarray
    assert (y.shape, y.dtype) == ((), dtype)
    assert y == 1


@pytest.mark.parametrize('value,dtype', [(1.5, numpy.float64), (3, numpy.int64),
                                         (True, numpy.bool_)])
def test_force_array_on_python_scalars(value, dtype):
    y = utils.force_array(value)
    assert (type(y), y.shape, y.dtype) == (numpy.ndarray, (), numpy.dtype(dtype))
    assert utils.force_array(value, 'float32').dtype == numpy.float32


@pytest.mark.parametrize('shape', [(), (0,), (2, 3)])
def test_force_array_returns_numpy_arrays_as_is(shape):
    x = numpy.zeros(shape, numpy.float32)
    assert utils.force_array(x) is x
    assert utils.force_array(x, numpy.float32) is x
    assert utils.force_array(x, 'f') is x
    y = utils.force_array(x, numpy.float64)
    assert (y.shape, y.dtype) == (shape, numpy.float64)


@pytest.mark.parametrize('shape', [(), (0,), (2, 3)])
def test_force_array_returns_chainerx_arrays_as_is(shape):
    x = chainerx.ones(shape, 'float32', device='native:0')
    assert utils.force_array(x) is x
    assert utils.force_array(x, numpy.float32) is x
    y = utils.force_array(x, numpy.float16)
    assert isinstance(y, chainerx.ndarray)
    assert (y.shape, y.dtype, y.device.name) == (shape, numpy.float16, 'native:0')
    numpy.testing.assert_array_equal(chainerx.to_numpy(y), numpy.ones(shape, numpy.float16))


def test_force_array_on_numpy_result_of_0d_operation():
    x = numpy.array(0.5, numpy.float32)
    y = utils.force_array(numpy.sin(x))
    assert (type(y), y.dtype) == (numpy.ndarray, numpy.float32)
    numpy.testing.assert_allclose(y, numpy.sin(0.5), rtol=1e-6)


def test_force_type():
    assert type(utils.force_type(numpy.float32, 2)) is numpy.float32
    assert type(utils.force_type(numpy.dtype('int16'), numpy.float64(2.7))) is numpy.int16
    x = numpy.zeros(3, numpy.float32)
    assert utils.force_type(numpy.float32, x) is x
    y = utils.force_type(numpy.float64, x)
    assert y.dtype == numpy.float64
    c = chainerx.zeros(3, 'int32')
    assert utils.force_type('int32', c) is c
    assert utils.force_type('float32', c).dtype == numpy.float32


def test_namespace_reexports():
    from chainer.utils import array
    from chainer.utils import walker_alias
    assert utils.size_of_shape is array.size_of_shape
    assert utils.sum_to is array.sum_to
    assert utils.WalkerAlias is walker_alias.WalkerAlias
    # As in the original, the function shadows its module in the package namespace.
    assert utils.experimental is sys.modules['chainer.utils.experimental'].experimental
    for module in ('argument', 'conv', 'conv_nd', 'type_check', 'collections_abc'):
        assert hasattr(utils, module)


def test_experimental_warns_with_the_api_name(monkeypatch):
    monkeypatch.delattr(chainer, 'disable_experimental_feature_warning', raising=False)
    with pytest.warns(FutureWarning, match='chainer.functions.foo is experimental'):
        utils.experimental('chainer.functions.foo')


def test_experimental_warning_can_be_disabled(monkeypatch):
    monkeypatch.setattr(chainer, 'disable_experimental_feature_warning', True, raising=False)
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        utils.experimental('chainer.functions.foo')


def test_experimental_warning_points_at_the_caller_of_the_api(monkeypatch):
    monkeypatch.setattr(chainer, 'disable_experimental_feature_warning', False, raising=False)

    def api():
        utils.experimental('api')

    with pytest.warns(FutureWarning) as record:
        api()
    assert record[0].filename == __file__


def test_nondeterministic_warns_only_when_configured():
    with chainer.using_config('warn_nondeterministic', True):
        with pytest.warns(UserWarning, match='nondeterministic computation: scatter_add'):
            utils.nondeterministic('scatter_add')
    with chainer.using_config('warn_nondeterministic', False):
        with warnings.catch_warnings():
            warnings.simplefilter('error')
            utils.nondeterministic('scatter_add')


@pytest.mark.parametrize('name', [
    'Callable', 'Container', 'Hashable', 'Iterable', 'Iterator', 'Mapping', 'MutableMapping',
    'MutableSequence', 'MutableSet', 'Sequence', 'Set', 'Sized', 'Generator', 'Collection',
])
def test_collections_abc_reexports(name):
    assert getattr(collections_abc, name) is getattr(collections.abc, name)
    assert isinstance([], collections_abc.Sequence)
    assert not isinstance({}, collections_abc.Sequence)
