"""Tests of chainer.DeviceResident and its visitors, on residents holding Variables and arrays."""

import numpy
import pytest

import chainer
import chainerx
from chainer import backend
from chainer import device_resident
from chainer.backends import cuda


class _Holder(device_resident.DeviceResident):
    """Holds a parameter (a Variable), a persistent array and child residents, as Link will."""

    def __init__(self, seed=0, children=()):
        super().__init__()
        random = numpy.random.RandomState(seed)
        self.param = chainer.Variable(random.uniform(-1, 1, (2, 3)).astype(numpy.float32))
        self.param.grad = numpy.full((2, 3), seed, numpy.float32)
        self.persistent = random.uniform(-1, 1, (3,)).astype(numpy.float32)
        self.children = list(children)

    def device_resident_accept(self, visitor):
        super().device_resident_accept(visitor)
        visitor.visit_variable(self.param)
        self.persistent = visitor.visit_array(self.persistent)
        for child in self.children:
            child.device_resident_accept(visitor)


def _tree():
    return _Holder(0, [_Holder(1), _Holder(2, [_Holder(3)])])


def _residents(root):
    yield root
    for child in root.children:
        yield from _residents(child)


def _pointer(array):
    if isinstance(array, chainerx.ndarray):
        return array.data_ptr + array.offset
    return array.__array_interface__['data'][0]


def _snapshot(root):
    # Values and data pointers of every array in the tree, to compare after moves.
    return [(chainerx.to_numpy(r.param.array).copy() if r.xp is chainerx else r.param.array.copy(),
             _pointer(r.param.array), _pointer(r.persistent)) for r in _residents(root)]


def _assert_on(root, device_name):
    device = backend.get_device(device_name)
    array_type = chainerx.ndarray if device.xp is chainerx else numpy.ndarray
    for r in _residents(root):
        assert r.device == device and r.xp is device.xp
        assert r.param.device == device and type(r.param.array) is array_type
        assert r.param.grad_var.device == device
        assert type(r.persistent) is array_type
        assert backend.get_device_from_array(r.persistent) == device


def test_default_device_is_numpy():
    holder = _Holder()
    assert holder.device == backend.CpuDevice()
    assert holder.xp is numpy


@pytest.mark.parametrize('name', ['native:0', 'native:1', '@numpy'])
def test_to_device_moves_whole_tree(name):
    root = _tree()
    expected = _snapshot(root)
    assert root.to_device(name) is root
    _assert_on(root, name)
    for r, (value, _, _) in zip(_residents(root), expected):
        numpy.testing.assert_array_equal(backend.CpuDevice().send(r.param.array), value)


def test_to_device_native0_and_back_copies_nothing():
    root = _tree()
    before = _snapshot(root)
    root.to_device('native:0')
    root.to_device(backend.CpuDevice())
    assert [p[1:] for p in _snapshot(root)] == [p[1:] for p in before]


def test_to_chx_and_from_chx_are_zero_copy():
    root = _tree()
    before = _snapshot(root)
    assert root.to_chx() is root
    _assert_on(root, 'native:0')
    assert [p[1:] for p in _snapshot(root)] == [p[1:] for p in before]
    root.to_chx()  # already on ChainerX: nothing changes
    _assert_on(root, 'native:0')
    assert root.from_chx() is root
    _assert_on(root, '@numpy')
    assert [p[1:] for p in _snapshot(root)] == [p[1:] for p in before]


def test_to_cpu_from_chainerx():
    root = _tree().to_device('native:2')
    assert root.to_cpu() is root
    _assert_on(root, '@numpy')


def test_from_chx_of_native1_goes_to_numpy():
    root = _tree().to_device('native:1')
    root.from_chx()
    _assert_on(root, '@numpy')


@pytest.mark.skipif(cuda.available, reason='checks the behaviour without CuPy')
def test_to_gpu_without_cupy():
    with pytest.raises(RuntimeError, match='CuPy'):
        _Holder().to_gpu()
    with pytest.raises(RuntimeError, match='CuPy'):
        _Holder().to_device('@cupy:0')


def test_to_intel64_raises():
    holder = _Holder()
    with pytest.raises(RuntimeError, match='iDeep'):
        holder.to_intel64()
    assert holder.device == backend.CpuDevice()


def test_to_device_rejects_bad_specifier():
    with pytest.raises(ValueError):
        _Holder().to_device('@nothing')
    with pytest.raises(TypeError):
        _Holder().to_device(1.5)


def test_overriding_final_method_warns():
    with pytest.warns(DeprecationWarning, match='to_device'):
        class _Overriding(device_resident.DeviceResident):
            def to_device(self, device):
                return self
    overriding = _Overriding()
    assert overriding.to_device('native:0') is overriding
    assert overriding.device == backend.CpuDevice()


class _LegacyHolder(_Holder):
    """Moves an extra attribute in an overridden to_cpu, as code written before to_device did."""

    def __init__(self, seed=0, children=()):
        super().__init__(seed, children)
        self.calls = 0
        self.extra = chainerx.ones(2)

    def to_cpu(self):
        self.calls += 1
        super().to_cpu()
        self.extra = backend.CpuDevice().send(self.extra)
        return self


@pytest.mark.parametrize('move', [lambda r: r.to_cpu(), lambda r: r.to_device('@numpy')])
def test_overridden_to_cpu_of_child_runs_once(move):
    child = _LegacyHolder(1)
    root = _Holder(0, [child]).to_device('native:0')
    move(root)
    assert child.calls == 1
    assert type(child.extra) is numpy.ndarray
    _assert_on(root, '@numpy')


def test_overridden_to_cpu_called_directly_does_not_recurse():
    holder = _LegacyHolder().to_device('native:1')
    holder.to_cpu()
    assert holder.calls == 1
    _assert_on(holder, '@numpy')


def test_overridden_to_cpu_not_called_for_chainerx_target():
    child = _LegacyHolder(1)
    _Holder(0, [child]).to_device('native:0')
    assert child.calls == 0


class _CountingVisitor(device_resident.DeviceResidentsVisitor):

    def __init__(self):
        self.residents, self.arrays, self.variables = [], [], []

    def visit_device_resident(self, device_resident):
        self.residents.append(device_resident)

    def visit_array(self, arr):
        self.arrays.append(arr)
        return arr

    def visit_variable(self, param):
        self.variables.append(param)


def test_custom_visitor_sees_everything():
    root = _tree()
    visitor = _CountingVisitor()
    root.device_resident_accept(visitor)
    residents = list(_residents(root))
    assert visitor.residents == residents
    assert visitor.variables == [r.param for r in residents]
    assert [id(a) for a in visitor.arrays] == [id(r.persistent) for r in residents]


def test_base_visitor_methods_are_abstract():
    visitor = device_resident.DeviceResidentsVisitor()
    with pytest.raises(NotImplementedError):
        visitor.visit_device_resident(_Holder())
    with pytest.raises(NotImplementedError):
        visitor.visit_array(numpy.zeros(1))
    with pytest.raises(NotImplementedError):
        visitor.visit_variable(chainer.Variable(numpy.zeros(1)))


def test_device_resident_is_exported():
    assert chainer.DeviceResident is device_resident.DeviceResident
