"""A stand-in for CuPy, so that tests of the CuPy-based hooks run on a machine without a GPU.

`install` makes ``chainer.backends.cuda`` believe CuPy is available and gives it a fake ``cupy``
module with just what the hooks and the NumPy paths of chainer touch: NVTX ranges that are recorded
instead of sent to a profiler, a default memory pool whose byte counts the test moves by hand, and
``get_array_module`` (which answers NumPy: the fake has no arrays of its own).
"""

import types

import numpy

from chainer.backends import cuda


class FakeNvtx:
    """Records ``('push', message)`` and ``('pop',)`` for each RangePush / RangePop, in order."""

    def __init__(self, available=True):
        self.available = available
        self.calls = []

    def RangePush(self, message):  # NOQA: CuPy's name
        self.calls.append(('push', message))

    def RangePop(self):  # NOQA: CuPy's name
        self.calls.append(('pop',))


class FakeMemoryPool:
    """Counts bytes like CuPy's pool: `malloc` grows the pool when it has no free bytes left."""

    def __init__(self):
        self.used = 0
        self.total = 0

    def used_bytes(self):
        return self.used

    def total_bytes(self):
        return self.total

    def malloc(self, nbytes):
        self.used += nbytes
        self.total = max(self.total, self.used)

    def free(self, nbytes):
        self.used -= nbytes

    def free_all_blocks(self):
        self.total = self.used


def install(monkeypatch, with_nvtx=True):
    """Installs a fake CuPy for the duration of the test that owns `monkeypatch`.

    Args:
        monkeypatch: pytest's monkeypatch fixture; the changes are undone after the test.
        with_nvtx (bool): Give ``cupy.cuda`` an ``nvtx`` attribute, a new FakeNvtx.

    Returns:
        types.ModuleType: The fake ``cupy``; its ``pool`` attribute is the default memory pool.
    """
    fake = types.ModuleType('cupy')
    fake.pool = FakeMemoryPool()
    fake.get_default_memory_pool = lambda: fake.pool
    fake.get_array_module = lambda *args: numpy
    fake.cuda = types.SimpleNamespace()
    if with_nvtx:
        fake.cuda.nvtx = FakeNvtx()
    monkeypatch.setattr(cuda, 'cupy', fake)
    monkeypatch.setattr(cuda, 'available', True)
    return fake
