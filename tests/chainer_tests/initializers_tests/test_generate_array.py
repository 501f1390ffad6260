"""Tests of generate_array, _get_initializer and their use by chainer.Parameter."""

import numpy
import pytest

import chainer
import chainerx
from chainer import initializers

from mode_utils import to_numpy


def test_generate_array_on_each_device(device):
    array = initializers.generate_array(
        initializers.Constant(2.5), (2, 3), device.xp, device=device)
    assert type(array) is (chainerx.ndarray if device.xp is chainerx else numpy.ndarray)
    assert chainer.backend.get_device_from_array(array) == device
    assert array.dtype == numpy.float32 and array.shape == (2, 3)
    numpy.testing.assert_array_equal(to_numpy(array), numpy.full((2, 3), 2.5, numpy.float32))


def test_device_defaults_to_the_current_device_of_xp():
    chainerx.set_default_device('native:1')
    array = initializers.generate_array(initializers.One(), 4, chainerx)
    assert array.device.name == 'native:1' and array.shape == (4,)
    assert type(initializers.generate_array(initializers.One(), (), numpy)) is numpy.ndarray


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float64, numpy.int32])
def test_dtype_argument(device, dtype):
    array = initializers.generate_array(initializers.One(), (2,), device.xp, dtype, device)
    assert array.dtype == dtype


def test_dtype_comes_from_the_initializer_then_the_config(device):
    array = initializers.generate_array(
        initializers.Zero(dtype=numpy.float64), (2,), device.xp, device=device)
    assert array.dtype == numpy.float64
    with chainer.using_config('dtype', numpy.float16):
        array = initializers.generate_array(initializers.Zero(), (2,), device.xp, device=device)
    assert array.dtype == numpy.float16
    with chainer.using_config('dtype', chainer.mixed16):
        array = initializers.generate_array(initializers.Zero(), (2,), device.xp, device=device)
    assert array.dtype == numpy.float16


def test_dtype_mismatch(device):
    with pytest.raises(ValueError, match='dtype mismatch'):
        initializers.generate_array(
            initializers.Zero(dtype=numpy.float64), (2,), device.xp, numpy.float32, device)
    array = initializers.generate_array(
        initializers.Zero(dtype=numpy.float16), (2,), device.xp, chainer.mixed16, device)
    assert array.dtype == numpy.float16


@pytest.mark.parametrize('xp,spec', [(numpy, 'native:0'), (chainerx, '@numpy')])
def test_xp_and_device_must_agree(xp, spec):
    with pytest.raises(ValueError, match='inconsistent'):
        initializers.generate_array(initializers.Zero(), (2,), xp, device=spec)


def test_any_callable_and_parameter_shorthands(device):
    def fill_with_index(array):
        array[...] = device.send(numpy.arange(array.size).reshape(array.shape))

    array = initializers.generate_array(fill_with_index, (2, 2), device.xp, device=device)
    numpy.testing.assert_array_equal(to_numpy(array), [[0, 1], [2, 3]])
    nan = initializers.generate_array(None, (2,), device.xp, device=device)
    assert numpy.isnan(to_numpy(nan)).all()
    three = initializers.generate_array(3, (2,), device.xp, device=device)
    numpy.testing.assert_array_equal(to_numpy(three), [3, 3])


def test_random_initializer_on_chainerx_matches_numpy():
    arrays = []
    for xp, spec in ((numpy, '@numpy'), (chainerx, 'native:0')):
        numpy.random.seed(7)
        arrays.append(to_numpy(initializers.generate_array(
            initializers.HeNormal(), (6, 5), xp, device=spec)))
    numpy.testing.assert_array_equal(arrays[0], arrays[1])


def test_get_initializer():
    assert isinstance(initializers._get_initializer(None), initializers.LeCunNormal)
    constant = initializers._get_initializer(0.5)
    assert isinstance(constant, initializers.Constant) and constant.fill_value == 0.5
    for array in (numpy.ones(3), chainerx.ones(3)):
        init = initializers._get_initializer(array)
        assert isinstance(init, initializers.Constant) and init.fill_value is array
    he = initializers.HeUniform()
    assert initializers._get_initializer(he) is he
    assert initializers._get_initializer(len) is len
    with pytest.raises(TypeError, match='invalid type of initializer: list'):
        initializers._get_initializer([1, 2])


def test_parameter_uses_generate_array(device):
    param = chainer.Parameter(initializers.Constant(1.5, dtype=numpy.float64), (2, 3))
    assert param.dtype == numpy.float64
    lazy = chainer.Parameter(initializers.HeNormal())
    lazy.to_device(device)
    lazy.initialize((4, 3))
    assert chainer.backend.get_device_from_array(lazy.array) == device
    assert lazy.dtype == numpy.float32 and lazy.shape == (4, 3)
    assert numpy.isfinite(to_numpy(lazy.array)).all()
    uninit = chainer.Parameter()
    uninit.to_device(device)
    uninit.initialize((2,))
    assert numpy.isnan(to_numpy(uninit.array)).all()


def test_top_level_names():
    names = ['Constant', 'Zero', 'One', 'NaN', 'Identity', 'Normal', 'LeCunNormal', 'GlorotNormal',
             'HeNormal', 'Uniform', 'LeCunUniform', 'GlorotUniform', 'HeUniform', 'Orthogonal',
             'DownsamplingConvFilter', 'UpsamplingDeconvFilter']
    for name in names:
        assert issubclass(getattr(chainer.initializers, name), chainer.Initializer)
