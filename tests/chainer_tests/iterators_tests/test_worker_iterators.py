"""What is specific to the iterators with workers: MultiprocessIterator's processes (cleanup,
timeouts, worker replacement, arguments) and MultithreadIterator's threads."""

import multiprocessing
import threading
import time
import warnings

import numpy
import pytest

from chainer import dataset
from chainer import iterators


class _SlowDataset(dataset.DatasetMixin):
    def __init__(self, delay):
        self.delay = delay

    def __len__(self):
        return 2

    def get_example(self, i):
        time.sleep(self.delay)
        return i


def test_multiprocess_finalize_terminates_the_workers():
    it = iterators.MultiprocessIterator(list(range(6)), 2, n_processes=2, shuffle=False)
    assert multiprocessing.active_children() == []  # no pool before the first batch
    assert next(it) == [0, 1]
    workers = multiprocessing.active_children()
    assert len(workers) == 2
    it.finalize()
    assert all(not worker.is_alive() for worker in workers)
    assert multiprocessing.active_children() == []
    assert next(it) == [2, 3]  # a finalized iterator starts a new pool when used again
    it.finalize()


def test_terminating_a_pool_that_never_terminates_kills_its_workers(monkeypatch):
    # Note [Terminating the pool]: a terminate() that blocks (as CPython's once did in CI) is abandoned after the
    # time limit, and the workers still alive are killed.
    from chainer.iterators import multiprocess_iterator
    monkeypatch.setattr(multiprocess_iterator, '_TERMINATE_SECONDS', 0.2)
    released = threading.Event()

    class Worker:
        def __init__(self, exitcode):
            self.exitcode = exitcode
            self.killed = False

        def kill(self):
            self.killed = True

    class StuckPool:
        _pool = [Worker(None), Worker(0)]

        def terminate(self):
            released.wait(30)

        def join(self):
            pass

    pool = StuckPool()
    start = time.monotonic()
    multiprocess_iterator._terminate_pool(pool)
    released.set()
    assert time.monotonic() - start < 10
    assert [worker.killed for worker in pool._pool] == [True, False]


def test_multiprocess_with_block_and_garbage_collection_clean_up():
    with iterators.MultiprocessIterator(list(range(4)), 2, n_processes=1) as it:
        next(it)
    assert multiprocessing.active_children() == []
    it = iterators.MultiprocessIterator(list(range(4)), 2, n_processes=1)
    next(it)
    del it
    assert multiprocessing.active_children() == []


def test_multiprocess_arrays_and_prefetch_depth():
    data = numpy.arange(24, dtype=numpy.float32).reshape(8, 3)
    with iterators.MultiprocessIterator(data, 3, n_processes=2, n_prefetch=3,
                                        shuffle=False) as it:
        batches = [next(it) for _ in range(4)]
    flat = numpy.concatenate([numpy.stack(batch) for batch in batches])
    numpy.testing.assert_array_equal(flat[:8], data)
    numpy.testing.assert_array_equal(flat[8:], data[:4])


def test_multiprocess_maxtasksperchild_replaces_workers():
    with iterators.MultiprocessIterator(list(range(5)), 2, n_processes=1, maxtasksperchild=1,
                                        shuffle=False) as it:
        assert [next(it) for _ in range(3)] == [[0, 1], [2, 3], [4, 0]]


def test_multiprocess_dataset_timeout_warns_and_keeps_waiting():
    with iterators.MultiprocessIterator(_SlowDataset(0.3), 2, n_processes=1, shuffle=False,
                                        dataset_timeout=0.05) as it:
        with pytest.warns(iterators.MultiprocessIterator.TimeoutWarning):
            assert next(it) == [0, 1]
    with iterators.MultiprocessIterator(_SlowDataset(0.01), 2, n_processes=1,
                                        dataset_timeout=None) as it:
        with warnings.catch_warnings():
            warnings.simplefilter('error')
            next(it)


@pytest.mark.parametrize('kwargs', [
    {'n_processes': 0}, {'n_prefetch': 0}, {'dataset_timeout': 0}, {'shared_mem': -1}])
def test_multiprocess_bad_arguments_raise(kwargs):
    with pytest.raises(ValueError):
        iterators.MultiprocessIterator([1, 2], 1, **kwargs)


def test_multiprocess_defaults():
    it = iterators.MultiprocessIterator([1, 2], 1)
    assert it.n_processes == multiprocessing.cpu_count()
    assert (it.n_prefetch, it.shared_mem, it.dataset_timeout) == (1, None, 30.0)
    it.finalize()


def test_multithread_loads_in_parallel_and_finalizes():
    with iterators.MultithreadIterator(_SlowDataset(0.2), 2, n_threads=2, shuffle=False) as it:
        start = time.perf_counter()
        assert next(it) == [0, 1]
        assert time.perf_counter() - start < 0.35  # two examples of 0.2 s each, in parallel
    assert it._executor is None
    with pytest.raises(ValueError, match='n_threads'):
        iterators.MultithreadIterator([1], 1, n_threads=0)
