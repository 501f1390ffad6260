"""chainer.config / global_config / using_config, get_dtype, debug mode, get_array_types."""

import io
import threading

import numpy
import pytest

import chainer
import chainerx


def test_defaults():
    assert chainer.config.train is True
    assert chainer.config.enable_backprop is True
    assert chainer.config.type_check is True
    assert chainer.config.use_cudnn == 'auto'
    assert chainer.config.dtype == numpy.float32
    assert chainer.config.lazy_grad_sum is False


def test_using_config_sets_and_restores():
    with chainer.using_config('train', False):
        assert chainer.config.train is False
        with chainer.using_config('train', True):
            assert chainer.config.train is True
        assert chainer.config.train is False
    assert chainer.config.train is True
    assert 'train' not in chainer.config.__dict__


def test_using_config_restores_after_an_exception():
    with pytest.raises(ValueError):
        with chainer.using_config('train', False):
            raise ValueError
    assert chainer.config.train is True


def test_using_config_with_a_new_key_and_an_unknown_key():
    with chainer.using_config('my_key', 3):
        assert chainer.config.my_key == 3
    with pytest.raises(AttributeError):
        chainer.config.my_key


def test_config_is_thread_local():
    seen = []
    with chainer.using_config('train', False):
        thread = threading.Thread(target=lambda: seen.append(chainer.config.train))
        thread.start()
        thread.join()
    assert seen == [True]


def test_show_lists_entries():
    out = io.StringIO()
    with chainer.using_config('train', False):
        chainer.config.show(out)
    lines = out.getvalue().splitlines()
    assert any(line.split() == ['train', 'False'] for line in lines)
    assert lines == sorted(lines)


def test_get_dtype():
    assert chainer.get_dtype() == numpy.float32
    assert chainer.get_dtype(numpy.float64) == numpy.float64
    with chainer.using_config('dtype', chainer.mixed16):
        assert chainer.get_dtype() == numpy.float16
        assert chainer.get_dtype(map_mixed16=numpy.float32) == numpy.float32
    with chainer.using_config('dtype', numpy.float16):
        assert chainer.get_dtype() == numpy.float16


def test_debug_mode():
    assert not chainer.is_debug()
    chainer.set_debug(True)
    assert chainer.is_debug()
    chainer.set_debug(False)
    with chainer.DebugMode(True):
        assert chainer.is_debug()
    assert not chainer.is_debug()


def test_array_types_and_compatibility():
    types = chainer.get_array_types()
    assert numpy.ndarray in types and chainerx.ndarray in types
    assert chainer.is_arrays_compatible([numpy.ones(1), numpy.ones(2)])
    assert chainer.is_arrays_compatible([chainerx.ones(1), None])
    assert not chainer.is_arrays_compatible([chainerx.ones(1), numpy.ones(1)])
    assert chainer.is_arrays_compatible([])
