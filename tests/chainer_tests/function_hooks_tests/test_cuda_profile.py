"""CUDAProfileHook: an NVTX range around each forward/backward, checked with a fake CuPy (fake_cupy)."""

import sys

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx
from chainer.backends import cuda
from chainer.function_hooks.cuda_profile import CUDAProfileHook

import fake_cupy


class _Copy(chainer.FunctionNode):
    """Passes its input through; its backward applies Identity (a call nested in the backward)."""

    def forward(self, inputs):
        return inputs[0].copy(),

    def backward(self, indexes, grad_outputs):
        return F.identity(grad_outputs[0]),


def _x():
    return chainer.Variable(numpy.array([1.0, -2.0, 3.0], numpy.float32))


def _assert_balanced(calls):
    depth = 0
    for call in calls:
        depth += 1 if call[0] == 'push' else -1
        assert depth >= 0
    assert depth == 0


@pytest.mark.skipif(cuda.available, reason='CuPy is installed here')
def test_raises_without_cupy():
    with pytest.raises(RuntimeError):
        CUDAProfileHook()


def test_raises_when_cuda_is_unavailable(monkeypatch):
    fake_cupy.install(monkeypatch)
    monkeypatch.setattr(cuda, 'available', False)
    with pytest.raises(RuntimeError):
        CUDAProfileHook()


def test_raises_when_nvtx_is_unavailable(monkeypatch):
    cupy = fake_cupy.install(monkeypatch)
    cupy.cuda.nvtx.available = False
    with pytest.raises(RuntimeError):
        CUDAProfileHook()


def test_raises_when_nvtx_cannot_be_imported(monkeypatch):
    fake_cupy.install(monkeypatch, with_nvtx=False)
    monkeypatch.setitem(sys.modules, 'cupy.cuda.nvtx', None)   # makes its import fail
    with pytest.raises(RuntimeError):
        CUDAProfileHook()


def test_imports_nvtx_when_cupy_cuda_lacks_the_attribute(monkeypatch):
    fake_cupy.install(monkeypatch, with_nvtx=False)
    nvtx = fake_cupy.FakeNvtx()
    monkeypatch.setitem(sys.modules, 'cupy.cuda.nvtx', nvtx)
    with CUDAProfileHook():
        F.exp(_x())
    assert nvtx.calls == [('push', 'exp.forward'), ('pop',)]


def test_ranges_of_forward_and_nested_backward(monkeypatch):
    nvtx = fake_cupy.install(monkeypatch).cuda.nvtx
    x = _x()
    with CUDAProfileHook() as hook:
        assert hook.name == 'CUDAProfileHook'
        y, = _Copy().apply((x,))
        y.grad = numpy.ones(3, numpy.float32)
        y.backward()
    assert nvtx.calls == [('push', '_Copy.forward'), ('pop',),
                          ('push', '_Copy.backward'), ('push', 'Identity.forward'), ('pop',), ('pop',)]


def test_ranges_of_library_functions(monkeypatch):
    nvtx = fake_cupy.install(monkeypatch).cuda.nvtx
    x = _x()
    with CUDAProfileHook():
        y = F.sum(F.exp(x))
        y.backward()
    pushed = [call[1] for call in nvtx.calls if call[0] == 'push']
    assert pushed[:2] == ['exp.forward', 'Sum.forward']
    assert pushed.index('Sum.backward') < pushed.index('exp.backward')
    _assert_balanced(nvtx.calls)
    assert nvtx.calls[:4] == [('push', 'exp.forward'), ('pop',), ('push', 'Sum.forward'), ('pop',)]


def test_local_hook_on_a_node(monkeypatch):
    nvtx = fake_cupy.install(monkeypatch).cuda.nvtx
    node = _Copy()
    node.add_hook(CUDAProfileHook())
    node.apply((_x(),))
    F.exp(_x())   # not hooked
    assert nvtx.calls == [('push', '_Copy.forward'), ('pop',)]


def test_native_chainerx_functions_get_no_range(monkeypatch):
    nvtx = fake_cupy.install(monkeypatch).cuda.nvtx
    x = chainer.Variable(chainerx.array([1.0, 2.0], dtype='float32'))
    with CUDAProfileHook():
        F.sum(F.exp(x)).backward()
    assert nvtx.calls == []


def test_exported_and_registered_once(monkeypatch):
    assert chainer.function_hooks.CUDAProfileHook is CUDAProfileHook
    fake_cupy.install(monkeypatch)
    with CUDAProfileHook():
        with pytest.raises(KeyError):
            with CUDAProfileHook():
                pass
