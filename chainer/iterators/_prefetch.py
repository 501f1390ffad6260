"""The base class of the iterators that load upcoming batches in the background."""

import collections

from chainer.iterators import _statemachine

# A batch being loaded: the iterator state after it, and the handle of the load (or the error that
# computing the batch's indices raised, which is re-raised when the batch is due).
_Pending = collections.namedtuple('_Pending', ('state', 'handle', 'error'))


class PrefetchIterator(_statemachine.OrderedIterator):
    """An iterator that keeps up to `n_prefetch` batches loading ahead of the one it returns.

    Subclasses implement ``_submit(indices) -> handle``, which starts loading the examples, and
    ``_collect(handle) -> list``, which waits for them. The reported position (epoch, is_new_epoch,
    ...) is that of the last returned batch; the prefetch position runs ahead of it, and reset or
    deserialization drops the prefetched batches so that loading restarts from the new position.
    """

    def __init__(self, dataset, batch_size, repeat, shuffle, order_sampler, n_prefetch):
        if n_prefetch < 1:
            raise ValueError('n_prefetch must be at least 1, got {}'.format(n_prefetch))
        self._n_prefetch = n_prefetch
        self._pending = collections.deque()
        super().__init__(dataset, batch_size, repeat, shuffle, order_sampler)

    def __next__(self):
        self._fill()
        self._previous_epoch_detail = self.epoch_detail
        if not self._pending:
            self._state = self._prefetch_state
            raise StopIteration
        pending = self._pending.popleft()
        if pending.error is not None:
            self._state_changed()
            raise pending.error
        self._fill()  # start the next batches before waiting for this one
        batch = self._collect(pending.handle)
        self._state = pending.state
        return batch

    next = __next__

    def _fill(self):
        while not self._prefetch_done and len(self._pending) < self._n_prefetch:
            try:
                state, indices = self._advance(self._prefetch_state)
            except Exception as error:  # NOQA: re-raised by __next__ when this batch is due
                self._pending.append(_Pending(None, None, error))
                self._prefetch_done = True
                return
            self._prefetch_state = state
            if indices is None:
                self._prefetch_done = True
                return
            self._pending.append(_Pending(state, self._submit(indices), None))

    def _state_changed(self):
        self._pending.clear()
        self._prefetch_state = self._state
        self._prefetch_done = False

    def _submit(self, indices):
        raise NotImplementedError

    def _collect(self, handle):
        raise NotImplementedError
