"""CupyMemoryProfileHook: pool bytes per forward/backward, checked with a fake CuPy pool (fake_cupy)."""

import io
import re

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx
from chainer.backends import cuda
from chainer.function_hooks.cupy_memory_profile import CupyMemoryProfileHook

import fake_cupy

KB = 1024
MB = 1024 ** 2
GB = 1024 ** 3


def _move(pool, moves):
    # A positive move allocates that many bytes from the pool, a negative one frees them.
    for nbytes in moves:
        if nbytes > 0:
            pool.malloc(nbytes)
        else:
            pool.free(-nbytes)


class _Alloc(chainer.FunctionNode):
    """Passes its input through, moving the fake pool's bytes in forward and in backward.

    Its backward applies `inner` (a FunctionNode, then a call nested in the backward) to the output
    gradient, or Identity.
    """

    def __init__(self, pool, forward_moves=(), backward_moves=(), inner=None):
        self.pool = pool
        self.forward_moves = forward_moves
        self.backward_moves = backward_moves
        self.inner = inner

    def forward(self, inputs):
        _move(self.pool, self.forward_moves)
        return inputs[0].copy(),

    def backward(self, indexes, grad_outputs):
        _move(self.pool, self.backward_moves)
        if self.inner is None:
            return F.identity(grad_outputs[0]),
        return self.inner.apply(grad_outputs)


class _InnerAlloc(_Alloc):
    """_Alloc under another label."""


def _x():
    return chainer.Variable(numpy.array([1.0, -2.0, 3.0], numpy.float32))


def _backward(y):
    y.grad = numpy.ones(y.shape, numpy.float32)
    y.backward()


@pytest.mark.skipif(cuda.available, reason='CuPy is installed here')
def test_raises_without_cupy():
    with pytest.raises(RuntimeError):
        CupyMemoryProfileHook()


def test_raises_when_cuda_is_unavailable(monkeypatch):
    fake_cupy.install(monkeypatch)
    monkeypatch.setattr(cuda, 'available', False)
    with pytest.raises(RuntimeError):
        CupyMemoryProfileHook()


def test_records_allocations_and_counts_nested_calls_once(monkeypatch):
    cupy = fake_cupy.install(monkeypatch)
    hook = CupyMemoryProfileHook()
    pool = cupy.pool
    pool.malloc(100)  # before the hook: not counted
    pool.free(100)
    inner = _InnerAlloc(pool, forward_moves=[512])
    node = _Alloc(pool, forward_moves=[1024], backward_moves=[3000, -3000, 2000], inner=inner)
    with hook:
        assert hook.name == 'CupyMemoryProfileHook'
        y, = node.apply((_x(),))
        _backward(y)
    # forward: a block of 1024, acquired (100 bytes free). backward: 3000 acquired and handed out,
    # freed, 2000 handed out again from the free bytes; then the nested forward's 512 from them.
    assert hook.call_history == [('_Alloc', 1024, 1024, 0), ('_InnerAlloc', 512, 0, 1),
                                 ('_Alloc', 5512, 3000, 0)]
    assert hook.total_used_bytes() == 1024 + 5512
    assert hook.total_acquired_bytes() == 1024 + 3000
    summary = hook.summary()
    assert list(summary) == ['_Alloc', '_InnerAlloc']
    assert summary['_Alloc'] == {'used_bytes': 6536, 'acquired_bytes': 4024, 'occurrence': 2}
    assert summary['_InnerAlloc'] == {'used_bytes': 512, 'acquired_bytes': 0, 'occurrence': 1}


def test_frees_do_not_decrease_the_counts(monkeypatch):
    cupy = fake_cupy.install(monkeypatch)
    cupy.pool.malloc(4 * KB)

    class _FreeBlocks(_Alloc):
        def forward(self, inputs):
            self.pool.free(2 * KB)
            self.pool.free_all_blocks()
            return inputs[0].copy(),

    with CupyMemoryProfileHook() as hook:
        _FreeBlocks(cupy.pool).apply((_x(),))
    assert hook.call_history == [('_FreeBlocks', 0, 0, 0)]
    assert _report_rows(hook)[1] == ['_FreeBlocks', '0.00B', '0.00B', '1']


def test_the_memory_hook_is_active_only_while_the_hook_is_registered(monkeypatch):
    cupy = fake_cupy.install(monkeypatch)
    hook = CupyMemoryProfileHook()
    assert fake_cupy.FakeMemoryHook.active == []
    node = _Alloc(cupy.pool, forward_moves=[64])
    node.add_hook(hook)
    other = _Alloc(cupy.pool, forward_moves=[64])
    other.add_hook(hook)  # a second registration enters CuPy's hook once
    with hook:
        assert len(fake_cupy.FakeMemoryHook.active) == 1
    assert len(fake_cupy.FakeMemoryHook.active) == 1
    node.delete_hook(hook.name)
    other.delete_hook(hook.name)
    assert fake_cupy.FakeMemoryHook.active == []


def test_library_functions_that_leave_the_pool_alone(monkeypatch):
    fake_cupy.install(monkeypatch)
    with CupyMemoryProfileHook() as hook:
        _backward(F.sum(F.exp(_x())))
    labels = [record[0] for record in hook.call_history]
    assert labels[:2] == ['exp', 'Sum']
    assert labels.count('exp') >= 2 and labels.count('Sum') >= 2   # forward and backward
    assert all(record[1:3] == (0, 0) for record in hook.call_history)
    assert hook.total_used_bytes() == 0 and hook.total_acquired_bytes() == 0


def test_local_hook_on_a_node(monkeypatch):
    cupy = fake_cupy.install(monkeypatch)
    hook = CupyMemoryProfileHook()
    node = _Alloc(cupy.pool, forward_moves=[64])
    node.add_hook(hook)
    node.apply((_x(),))
    _Alloc(cupy.pool, forward_moves=[32]).apply((_x(),))   # not hooked
    assert hook.call_history == [('_Alloc', 64, 64, 0)]
    node.delete_hook(hook.name)


def test_native_chainerx_functions_bypass_the_hook(monkeypatch):
    fake_cupy.install(monkeypatch)
    x = chainer.Variable(chainerx.array([1.0, 2.0], dtype='float32'))
    with CupyMemoryProfileHook() as hook:
        F.sum(F.exp(x)).backward()
    assert hook.call_history == []
    assert hook.summary() == {}


def _report_rows(hook, **kwargs):
    out = io.StringIO()
    hook.print_report(file=out, **kwargs)
    return [line.split() for line in out.getvalue().splitlines()]


def _reporting_hook(monkeypatch):
    fake_cupy.install(monkeypatch)
    hook = CupyMemoryProfileHook()
    hook.call_history = [('Big', 3 * GB, 5 * MB, 0), ('Small', 512, 0, 0), ('Big', GB, 0, 0),
                         ('Odd', 1536, KB - 1, 1)]
    return hook


def test_print_report_auto_units(monkeypatch):
    rows = _report_rows(_reporting_hook(monkeypatch))
    assert rows == [['FunctionName', 'UsedBytes', 'AcquiredBytes', 'Occurrence'],
                    ['Big', '4.00GB', '5.00MB', '2'],
                    ['Small', '512.00B', '0.00B', '1'],
                    ['Odd', '1.50KB', '1023.00B', '1']]


@pytest.mark.parametrize('unit, big, small', [
    ('B', ['4294967296.00B', '5242880.00B'], ['512.00B', '0.00B']),
    ('KB', ['4194304.00KB', '5120.00KB'], ['0.50KB', '0.00KB']),
    ('MB', ['4096.00MB', '5.00MB'], ['0.00MB', '0.00MB']),
    ('GB', ['4.00GB', '0.00GB'], ['0.00GB', '0.00GB']),
    ('TB', ['0.00TB', '0.00TB'], ['0.00TB', '0.00TB']),
])
def test_print_report_fixed_unit(monkeypatch, unit, big, small):
    rows = _report_rows(_reporting_hook(monkeypatch), unit=unit)
    assert rows[1] == ['Big'] + big + ['2']
    assert rows[2] == ['Small'] + small + ['1']


def test_print_report_largest_units(monkeypatch):
    fake_cupy.install(monkeypatch)
    hook = CupyMemoryProfileHook()
    hook.call_history = [('Huge', 3 * 1024 ** 6, 2048 * 1024 ** 7, 0)]
    assert _report_rows(hook)[1] == ['Huge', '3.00EB', '2048.00ZB', '1']
    assert _report_rows(hook, unit='PB')[1] == ['Huge', '3072.00PB', '2147483648.00PB', '1']


def test_print_report_of_a_run_and_of_no_calls(monkeypatch):
    cupy = fake_cupy.install(monkeypatch)
    hook = CupyMemoryProfileHook()
    assert _report_rows(hook) == [['FunctionName', 'UsedBytes', 'AcquiredBytes', 'Occurrence']]
    with hook:
        _Alloc(cupy.pool, forward_moves=[3 * MB]).apply((_x(),))
    assert _report_rows(hook)[1] == ['_Alloc', '3.00MB', '3.00MB', '1']


def test_print_report_columns_are_right_aligned(monkeypatch):
    out = io.StringIO()
    _reporting_hook(monkeypatch).print_report(file=out)
    lines = out.getvalue().splitlines()
    assert len({len(line) for line in lines}) == 1
    assert re.match(r'^ +Big +4\.00GB +5\.00MB +2$', lines[1])


@pytest.mark.parametrize('unit', ['kB', 'KiB', 'bytes', 'sec', '', None])
def test_print_report_bad_unit_raises(monkeypatch, unit):
    with pytest.raises(ValueError):
        _reporting_hook(monkeypatch).print_report(unit=unit, file=io.StringIO())


def test_exported_and_registered_once(monkeypatch):
    assert chainer.function_hooks.CupyMemoryProfileHook is CupyMemoryProfileHook
    fake_cupy.install(monkeypatch)
    with CupyMemoryProfileHook():
        with pytest.raises(KeyError):
            with CupyMemoryProfileHook():
                pass
