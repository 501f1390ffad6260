"""MultiprocessIterator: loads upcoming batches in worker processes."""

# Note [Multiprocess loading]
# The workers form a multiprocessing.Pool whose initializer receives the dataset once (inherited on
# fork, pickled under spawn/forkserver); a batch is one map_async over its indices, so examples
# come back in order, pickled through the pool's pipes. Up to n_prefetch batches are in flight;
# their positions are computed in the main process by the same state machine as SerialIterator, so
# the batches, their order and the serialized state are identical to SerialIterator's. The pool is
# made on the first next() and terminated by finalize() (also on garbage collection; Note [Terminating
# the pool]), so a forgotten iterator leaves no process behind. Workers ignore SIGINT: Ctrl-C interrupts the main
# process only, which then terminates them. `shared_mem` is accepted for compatibility; this
# implementation has no shared-memory transport, and pipes carry the examples whatever its value.

import multiprocessing
import signal
import threading
import warnings

from chainer.iterators import _prefetch

_worker_dataset = None


def _worker_init(dataset):
    global _worker_dataset
    _worker_dataset = dataset
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _worker_fetch(index):
    return _worker_dataset[index]


# Note [Terminating the pool]
# CPython's Pool.terminate() can block forever: CI once hung in it with the pool's task handler waiting for the
# input queue's lock while terminate() joined it, its workers already killed. So finalize() terminates the pool in a
# helper thread and waits at most _TERMINATE_SECONDS; past that it kills the workers still alive itself and leaves
# the helper (a daemon thread) behind, so that closing an iterator never hangs the program.
_TERMINATE_SECONDS = 10.0


def _terminate_and_join(pool):
    pool.terminate()
    pool.join()


def _terminate_pool(pool):
    try:
        helper = threading.Thread(target=_terminate_and_join, args=(pool,), daemon=True)
        helper.start()
    except RuntimeError:  # no new thread at interpreter shutdown (a garbage-collected iterator)
        _terminate_and_join(pool)
        return
    helper.join(_TERMINATE_SECONDS)
    if helper.is_alive():
        for process in list(getattr(pool, '_pool', ())):
            if process.exitcode is None:
                process.kill()


class MultiprocessIterator(_prefetch.PrefetchIterator):
    """Iterates over a dataset in minibatches, loading examples in worker processes.

    It gives the same batches as :class:`~chainer.iterators.SerialIterator` (for the same order
    sampler), and serializes the same way, while up to `n_prefetch` batches are loaded ahead by
    `n_processes` processes. Use it for datasets whose loading is CPU-heavy Python code.
    :meth:`finalize` (or leaving a ``with`` block) terminates the workers. See Note [Multiprocess
    loading].

    Args:
        dataset: The dataset (passed to the workers; under a non-fork start method it must pickle).
        batch_size: The number of examples per batch (positive).
        repeat: Whether to repeat the dataset indefinitely.
        shuffle: Whether to shuffle each epoch (``None``: True unless `order_sampler` is given).
        n_processes: The number of worker processes (``None``: the number of CPUs).
        n_prefetch: The number of batches loaded ahead (positive).
        shared_mem: Accepted for compatibility with the original (``None`` or a byte count); the
            examples travel through pipes.
        order_sampler: An :class:`~chainer.iterators.OrderSampler`; only when `shuffle` is None.
        dataset_timeout: Seconds after which a batch still loading issues a
            :class:`MultiprocessIterator.TimeoutWarning` (it keeps waiting); ``None`` disables it.
        maxtasksperchild: The number of examples after which a worker is replaced by a fresh one
            (``None``: never).

    Raises:
        ValueError: For a non-positive `batch_size`, `n_processes` or `n_prefetch`, or both
            `shuffle` and `order_sampler`; see :class:`~chainer.iterators.SerialIterator` for
            ``next()``. An exception raised by the dataset in a worker is re-raised by ``next()``.
    """

    class TimeoutWarning(RuntimeWarning):
        """Issued when loading a batch takes longer than `dataset_timeout` seconds."""

    def __init__(self, dataset, batch_size, repeat=True, shuffle=None, n_processes=None,
                 n_prefetch=1, shared_mem=None, order_sampler=None, dataset_timeout=30.0,
                 maxtasksperchild=None):
        if n_processes is None:
            n_processes = multiprocessing.cpu_count()
        if n_processes < 1:
            raise ValueError('n_processes must be at least 1, got {}'.format(n_processes))
        if shared_mem is not None and shared_mem < 0:
            raise ValueError('shared_mem must be None or non-negative, got {}'.format(shared_mem))
        if dataset_timeout is not None and dataset_timeout <= 0:
            raise ValueError('dataset_timeout must be None or positive, got {}'.format(
                dataset_timeout))
        self.n_processes = n_processes
        self.n_prefetch = n_prefetch
        self.shared_mem = shared_mem
        self.dataset_timeout = dataset_timeout
        self._maxtasksperchild = maxtasksperchild
        self._pool = None
        super().__init__(dataset, batch_size, repeat, shuffle, order_sampler, n_prefetch)

    def finalize(self):
        pool = self._pool
        self._pool = None
        self._state_changed()
        if pool is not None:
            _terminate_pool(pool)  # Note [Terminating the pool]

    def __del__(self):
        if getattr(self, '_pool', None) is not None:
            self.finalize()

    def _submit(self, indices):
        if self._pool is None:
            self._pool = multiprocessing.Pool(
                self.n_processes, initializer=_worker_init, initargs=(self.dataset,),
                maxtasksperchild=self._maxtasksperchild)
        indices = [int(index) for index in indices]
        # Note [Explicit chunk size]: the pool's default chunk size divides by its current number
        # of workers, which is 0 for a moment while maxtasksperchild replaces a retired worker
        # (ZeroDivisionError inside multiprocessing); the same rule on n_processes avoids that.
        chunksize = max(1, -(-len(indices) // (self.n_processes * 4)))
        return self._pool.map_async(_worker_fetch, indices, chunksize)

    def _collect(self, handle):
        while True:
            try:
                return handle.get(self.dataset_timeout)
            except multiprocessing.TimeoutError:
                warnings.warn(
                    'MultiprocessIterator: a batch has been loading for more than {} seconds; the '
                    'dataset may be stalled (a deadlock after fork, a slow disk or network) or '
                    'very slow to read'.format(self.dataset_timeout),
                    MultiprocessIterator.TimeoutWarning)
