"""Plug-in backends loaded from $CHAINERX_PATH/backends/<name>.so (spec A.13), with the test plug-in
//chainerx/testing/plugin_backend:testplugin.so (two host-memory devices, native kernels, a counting
FillKernel override)."""

import ctypes
import os

import numpy
import pytest

import chainerx as chx

import array_utils

_PLUGIN = 'chainerx/testing/plugin_backend/testplugin.so'


def _find_plugin():
    # Bazel runfiles first (the pytest target lists the plug-in as data), then a checkout's bazel-bin.
    candidates = []
    if 'TEST_SRCDIR' in os.environ:
        candidates.append(os.path.join(os.environ['TEST_SRCDIR'], 'chainerx', _PLUGIN))
    repo = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')
    candidates.append(os.path.join(repo, 'bazel-bin', _PLUGIN))
    for path in candidates:
        if os.path.exists(path):
            return os.path.abspath(path)
    if 'TEST_SRCDIR' in os.environ:
        pytest.fail('testplugin.so is missing from the runfiles')
    pytest.skip('testplugin.so is not built (bazel build //chainerx/testing/plugin_backend:testplugin.so)')


@pytest.fixture
def chainerx_path(tmp_path, monkeypatch):
    """A CHAINERX_PATH holding backends/testplugin.so and a broken backends/broken.so."""
    backends = tmp_path / 'backends'
    backends.mkdir()
    (backends / 'testplugin.so').symlink_to(_find_plugin())
    (backends / 'broken.so').write_text('not a shared library')
    monkeypatch.setenv('CHAINERX_PATH', str(tmp_path))
    return tmp_path


def _fill_calls(chainerx_path):
    # The plug-in is loaded by then, so this returns the same library object.
    library = ctypes.CDLL(str(chainerx_path / 'backends' / 'testplugin.so'))
    library.ChainerxTestpluginFillCalls.restype = ctypes.c_int64
    return library.ChainerxTestpluginFillCalls()


def test_plugin_backend_is_loaded_once_with_its_devices(chainerx_path):
    context = chx.Context()
    backend = context.get_backend('testplugin')
    assert isinstance(backend, chx.Backend)
    assert context.get_backend('testplugin') is backend
    assert (backend.name, backend.get_device_count()) == ('testplugin', 2)
    assert backend.context is context
    device = context.get_device('testplugin:1')
    assert device is backend.get_device(1) and device is context.get_device('testplugin', 1)
    assert (device.name, device.index, device.backend) == ('testplugin:1', 1, backend)
    with pytest.raises(chx.DeviceError):
        backend.get_device(2)


def test_routines_run_on_plugin_devices(chainerx_path):
    device = chx.get_device('testplugin:0')
    calls = _fill_calls(chainerx_path)
    a = chx.full((2, 3), 2.0, 'float32', device=device)
    assert _fill_calls(chainerx_path) == calls + 1  # dispatched to the plug-in's own FillKernel
    b = a * a + chx.array(numpy.arange(6, dtype='float32').reshape(2, 3), device=device)
    assert b.device is device
    array_utils.assert_array_equal(b, numpy.arange(6, dtype='float32').reshape(2, 3) + 4)
    b[0, ::2] = 7
    assert b.to_device('native:0').tolist() == [[7, 5, 7], [7, 8, 9]]


def test_gradients_flow_back_across_plugin_devices(chainerx_path):
    x = chx.array([1.0, -2.0]).require_grad()
    y = x.to_device('testplugin', 1)
    (y * y).sum().backward()
    assert x.grad.device is chx.get_default_device()
    array_utils.assert_array_equal(x.grad, numpy.array([2.0, -4.0]))


@pytest.mark.parametrize('name', ['no_such_backend', 'broken'])
def test_missing_or_broken_plugin_raises_backend_error(chainerx_path, name):
    with pytest.raises(chx.BackendError):
        chx.get_backend(name)
    with pytest.raises(chx.BackendError):
        chx.get_device(name + ':0')
