"""SerialIterator: the iterator that loads the examples of each batch in the calling thread."""

from chainer.iterators import _statemachine


class SerialIterator(_statemachine.OrderedIterator):
    """Iterates over a dataset in minibatches, loading examples in the calling thread.

    Each ``next()`` returns a list of ``batch_size`` examples. With ``repeat=True`` the dataset is
    visited indefinitely, and a batch that crosses the end of an epoch continues into the next one;
    with ``repeat=False`` the last batch of the single epoch may be smaller, and StopIteration
    follows.

        >>> it = chainer.iterators.SerialIterator([1, 2, 3, 4, 5], 2, repeat=False, shuffle=False)
        >>> list(it)
        [[1, 2], [3, 4], [5]]

    Args:
        dataset: The dataset: anything with ``__len__`` and integer ``__getitem__``.
        batch_size: The number of examples per batch (positive).
        repeat: Whether to repeat the dataset indefinitely.
        shuffle: Whether to visit the examples in a new random order each epoch. ``None`` (the
            default) means ``True`` unless `order_sampler` is given.
        order_sampler: An :class:`~chainer.iterators.OrderSampler` that chooses the order of each
            epoch; only when `shuffle` is ``None``.

    Raises:
        TypeError: If `batch_size` is not an integer.
        ValueError: If `batch_size` is not positive, or if both `shuffle` and `order_sampler` are
            given; at ``next()``, if the dataset is empty and `repeat` is True, or if the order
            sampler returns an order of the wrong length.
    """

    def __init__(self, dataset, batch_size, repeat=True, shuffle=None, order_sampler=None):
        super().__init__(dataset, batch_size, repeat, shuffle, order_sampler)

    def __next__(self):
        self._previous_epoch_detail = self.epoch_detail
        self._state, indices = self._advance(self._state)
        if indices is None:
            raise StopIteration
        return [self.dataset[index] for index in indices]

    next = __next__
