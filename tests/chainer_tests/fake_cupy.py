"""A stand-in for CuPy, so that tests of the CuPy-based hooks run on a machine without a GPU.

`install` makes ``chainer.backends.cuda`` believe CuPy is available and gives it a fake ``cupy``
module with just what the hooks and the NumPy paths of chainer touch: NVTX ranges that are recorded
instead of sent to a profiler, a default memory pool whose allocations the test makes by hand and
which calls the memory hooks, and ``get_array_module`` (which answers NumPy: the fake has no arrays
of its own).
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


class FakeMemoryHook:
    """CuPy's ``cupy.cuda.memory_hook.MemoryHook``: `with hook:` puts it in the list of active hooks
    (once: entering it twice raises, as CuPy does), which FakeMemoryPool calls."""

    name = None
    active = []  # replaced by `install` for each test

    def __enter__(self):
        if any(hook.name == self.name for hook in FakeMemoryHook.active):
            raise KeyError('memory hook {} already exists'.format(self.name))
        FakeMemoryHook.active.append(self)
        return self

    def __exit__(self, *_):
        FakeMemoryHook.active.remove(self)

    def alloc_preprocess(self, **kwargs):
        pass

    def alloc_postprocess(self, **kwargs):
        pass

    def malloc_preprocess(self, **kwargs):
        pass

    def malloc_postprocess(self, **kwargs):
        pass


class FakeMemoryPool:
    """Counts bytes like CuPy's pool: `malloc` hands out a block, acquiring it from the device when
    fewer bytes are free than it asks, and calls the active memory hooks as CuPy's pool does."""

    def __init__(self):
        self.used = 0
        self.total = 0

    def used_bytes(self):
        return self.used

    def total_bytes(self):
        return self.total

    def malloc(self, nbytes):
        if self.total - self.used < nbytes:
            self.total += nbytes
            for hook in list(FakeMemoryHook.active):
                hook.alloc_postprocess(device_id=0, mem_size=nbytes, mem_ptr=0)
        self.used += nbytes
        for hook in list(FakeMemoryHook.active):
            hook.malloc_postprocess(device_id=0, size=nbytes, mem_size=nbytes, mem_ptr=0, pmem_id=0)

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
    fake.cuda = types.SimpleNamespace(memory_hook=types.SimpleNamespace(MemoryHook=FakeMemoryHook))
    monkeypatch.setattr(FakeMemoryHook, 'active', [])
    if with_nvtx:
        fake.cuda.nvtx = FakeNvtx()
    monkeypatch.setattr(cuda, 'cupy', fake)
    monkeypatch.setattr(cuda, 'available', True)
    return fake
