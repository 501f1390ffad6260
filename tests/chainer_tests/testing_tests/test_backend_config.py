"""chainer.testing.BackendConfig and inject_backend_tests."""

import io
import unittest

import numpy
import pytest

import chainer
import chainerx
from chainer import testing
from chainer.backends import cuda

_NATIVE = {'use_chainerx': True, 'chainerx_device': 'native:0'}
_CHAINERX_CUDA = {'use_chainerx': True, 'chainerx_device': 'cuda:0'}
_CUPY = {'use_cuda': True, 'use_cudnn': 'always'}


def _has_chainerx_cuda():
    try:
        chainerx.get_device('cuda:0')
    except (chainerx.BackendError, chainerx.DeviceError):  # no CUDA backend, or no device
        return False
    return True


def test_numpy_config():
    config = testing.BackendConfig({})
    assert config.xp is numpy
    assert config.device == chainer.get_device('@numpy')
    assert repr(config) == '<BackendConfig numpy>'
    assert config.get_pytest_marks() == []
    assert config.unavailable_reason() is None
    x = numpy.arange(3.0)
    assert config.get_array(x) is x


def test_chainerx_config_moves_arrays_and_lists():
    config = testing.BackendConfig(_NATIVE)
    assert config.xp is chainerx
    assert config.device == chainer.get_device('native:0')
    assert repr(config) == "<BackendConfig use_chainerx=True chainerx_device='native:0'>"
    a, (b, none) = config.get_array((numpy.ones(2), [numpy.zeros(3), None]))
    assert isinstance(a, chainerx.ndarray) and a.device.name == 'native:0'
    assert isinstance(b, chainerx.ndarray) and none is None


def test_cuda_configs_are_marked_and_skip_here():
    for params in (_CHAINERX_CUDA, _CUPY):
        config = testing.BackendConfig(params)
        assert 'gpu' in [mark.name for mark in config.get_pytest_marks()]
    assert [m.name for m in testing.BackendConfig(_CUPY).get_pytest_marks()] == ['gpu', 'cudnn']
    mark, = testing.BackendConfig({'use_cuda': True, 'cuda_device': 1}).get_pytest_marks()
    assert mark.name == 'gpu' and mark.args == (2,)
    if not _has_chainerx_cuda():
        reason = testing.BackendConfig(_CHAINERX_CUDA).unavailable_reason()
        assert 'cuda:0' in reason
    if not cuda.available:
        assert 'CUDA' in testing.BackendConfig(_CUPY).unavailable_reason()


def test_ideep_config_is_marked():
    config = testing.BackendConfig({'use_ideep': 'always'})
    assert [m.name for m in config.get_pytest_marks()] == ['ideep']


def test_invalid_configs():
    with pytest.raises(ValueError, match='unknown'):
        testing.BackendConfig({'use_gpu': True})
    with pytest.raises(ValueError, match='chainerx_device'):
        testing.BackendConfig({'use_chainerx': True})
    with pytest.raises(ValueError, match='exclusive'):
        testing.BackendConfig({'use_chainerx': True, 'chainerx_device': 'cuda:0',
                               'use_cuda': True})


def test_cuda_device_defaults_to_zero():
    assert testing.BackendConfig({'use_cuda': True}).cuda_device == 0


def test_with_config_sets_the_configuration_entries():
    config = testing.BackendConfig({'use_cudnn': 'auto', 'autotune': True})
    before = chainer.config.use_cudnn, chainer.config.autotune
    with config as entered:
        assert entered is config
        assert chainer.config.use_cudnn == 'auto'
        assert chainer.config.autotune is True
        assert chainer.config.use_ideep == 'never'
        with config:
            assert chainer.config.use_cudnn == 'auto'
        assert chainer.config.autotune is True
    assert (chainer.config.use_cudnn, chainer.config.autotune) == before


class _Recorder(unittest.TestCase):
    __test__ = False  # run by the tests below through unittest, never collected
    seen = []

    def test_one(self, backend_config):
        self.seen.append(('one', repr(backend_config)))

    def test_two(self, backend_config):
        self.seen.append(('two', backend_config.xp.__name__))

    def not_a_test(self, backend_config):
        self.seen.append(('not', None))


def test_inject_backend_tests_makes_one_method_per_config():
    cls = type('Case', (_Recorder,), {'seen': []})
    testing.inject_backend_tests(None, [{}, _NATIVE, _CHAINERX_CUDA])(cls)
    names = unittest.defaultTestLoader.getTestCaseNames(cls)
    assert list(names) == sorted(
        '{}__{}'.format(method, suffix) for method in ('test_one', 'test_two')
        for suffix in ('numpy', 'chainerx_native_0', 'chainerx_cuda_0'))
    assert cls.test_one is None  # the original, inherited, is hidden from the collectors
    result = unittest.TextTestRunner(stream=io.StringIO()).run(
        unittest.defaultTestLoader.loadTestsFromTestCase(cls))
    assert result.wasSuccessful()
    assert len(result.skipped) == (0 if _has_chainerx_cuda() else 2)
    assert sorted(cls.seen) == sorted(
        [('one', '<BackendConfig numpy>'), ('two', 'numpy'),
         ('one', "<BackendConfig use_chainerx=True chainerx_device='native:0'>"),
         ('two', 'chainerx')] + ([('one', repr(testing.BackendConfig(_CHAINERX_CUDA))),
                                 ('two', 'chainerx')] if _has_chainerx_cuda() else []))


def test_inject_backend_tests_named_methods_and_marks():
    cls = type('Case', (_Recorder,), {'seen': []})
    testing.inject_backend_tests(['test_two'], [_CUPY, {'use_cuda': True}])(cls)
    assert cls.test_one is _Recorder.test_one
    first = cls.test_two__cuda_0__use_cudnn_always
    assert sorted(mark.name for mark in first.pytestmark) == ['cudnn', 'gpu']
    assert first.__name__ == 'test_two__cuda_0__use_cudnn_always'
    assert hasattr(cls, 'test_two__cuda_0')


def test_inject_backend_tests_duplicate_configs_get_indexes():
    cls = type('Case', (_Recorder,), {'seen': []})
    testing.inject_backend_tests(['test_one'], [{}, {}])(cls)
    assert hasattr(cls, 'test_one__numpy_0') and hasattr(cls, 'test_one__numpy_1')


def test_inject_backend_tests_validates():
    with pytest.raises(TypeError):
        testing.inject_backend_tests('test_one', [{}])
    with pytest.raises(TypeError):
        testing.inject_backend_tests(None, {})
    with pytest.raises(ValueError):
        testing.inject_backend_tests(None, [{'bad': 1}])


@testing.inject_backend_tests(None, [{}, _NATIVE, _CHAINERX_CUDA])
class TestInjectedPlainClass:

    def test_array_is_on_the_device(self, backend_config):
        x = backend_config.get_array(numpy.arange(4.0))
        assert backend_config.device.is_array_supported(x)
        numpy.testing.assert_array_equal(chainer.backend.CpuDevice().send(x), numpy.arange(4.0))


@testing.parameterize({'shape': (2,)}, {'shape': ()})
@testing.inject_backend_tests(None, [{}, _NATIVE])
class TestInjectedAndParameterized(unittest.TestCase):

    def test_zeros(self, backend_config):
        x = backend_config.get_array(numpy.zeros(self.shape))
        assert x.shape == self.shape


def test_pytest_collects_every_injected_method(request):
    names = {item.nodeid.split('::', 1)[1] for item in request.session.items
             if item.nodeid.split('::')[0].endswith('test_backend_config.py')
             and item.nodeid.count('::') == 2}
    assert names == {
        'TestInjectedPlainClass::test_array_is_on_the_device__numpy',
        'TestInjectedPlainClass::test_array_is_on_the_device__chainerx_native_0',
        'TestInjectedPlainClass::test_array_is_on_the_device__chainerx_cuda_0',
        'TestInjectedAndParameterized_param_0_{shape=(2,)}::test_zeros__numpy',
        'TestInjectedAndParameterized_param_0_{shape=(2,)}::test_zeros__chainerx_native_0',
        'TestInjectedAndParameterized_param_1_{shape=()}::test_zeros__numpy',
        'TestInjectedAndParameterized_param_1_{shape=()}::test_zeros__chainerx_native_0'}
