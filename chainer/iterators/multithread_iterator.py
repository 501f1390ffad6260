"""MultithreadIterator: loads the examples of the next batch in a thread pool while one is used."""

from concurrent import futures

from chainer.iterators import _prefetch


class MultithreadIterator(_prefetch.PrefetchIterator):
    """Iterates over a dataset in minibatches, loading examples in worker threads.

    It behaves like :class:`~chainer.iterators.SerialIterator` (same batches, same order for the
    same order sampler, same serialization), but the examples of the next batch are read by
    `n_threads` threads while the current batch is in use. Threads suit datasets whose loading
    releases the GIL (file reads, image decoding, NumPy). :meth:`finalize` stops the threads.

    Args:
        dataset: The dataset: anything with ``__len__`` and integer ``__getitem__``.
        batch_size: The number of examples per batch (positive).
        repeat: Whether to repeat the dataset indefinitely.
        shuffle: Whether to shuffle each epoch (``None``: True unless `order_sampler` is given).
        n_threads: The number of worker threads (positive).
        order_sampler: An :class:`~chainer.iterators.OrderSampler`; only when `shuffle` is None.

    Raises:
        ValueError: For a non-positive `batch_size` or `n_threads`, or both `shuffle` and
            `order_sampler`; see :class:`~chainer.iterators.SerialIterator` for ``next()``.
    """

    def __init__(self, dataset, batch_size, repeat=True, shuffle=None, n_threads=1,
                 order_sampler=None):
        if n_threads < 1:
            raise ValueError('n_threads must be at least 1, got {}'.format(n_threads))
        self.n_threads = n_threads
        self._executor = None
        super().__init__(dataset, batch_size, repeat, shuffle, order_sampler, n_prefetch=1)

    def finalize(self):
        executor = self._executor
        self._executor = None
        self._state_changed()
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    def _submit(self, indices):
        if self._executor is None:
            self._executor = futures.ThreadPoolExecutor(self.n_threads)
        dataset = self.dataset
        return [self._executor.submit(dataset.__getitem__, index) for index in indices]

    def _collect(self, handle):
        return [future.result() for future in handle]
