"""The base class of dataset iterators, which yield minibatches (lists of examples) by epochs."""


class Iterator:
    """Base class of dataset iterators.

    An iterator returns a list of examples on each ``next()`` call and tracks its progress through
    the dataset: :attr:`epoch` (completed sweeps), :attr:`epoch_detail` (a float, e.g. 1.5 in the
    middle of the second epoch), :attr:`previous_epoch_detail` (the value before the last batch,
    ``None`` before the first), and :attr:`is_new_epoch` (whether the last batch completed an
    epoch). Iterators that hold resources (threads, processes) release them in :meth:`finalize`,
    which the ``with`` statement calls on exit. :meth:`serialize` saves or restores the position,
    so that a resumed iterator continues with exactly the batches the original would have given.

    The four progress attributes are not defined here (as in the original): a subclass provides them as
    properties or as plain attributes it assigns (``self.epoch = 0``), which a property of the base class
    without a setter would forbid.
    """

    def __iter__(self):
        return self

    def __next__(self):
        """Returns the next batch (a list of examples); raises StopIteration at the end."""
        raise NotImplementedError('Iterator subclasses must implement __next__')

    def next(self):
        """Returns the next batch, as the built-in ``next(iterator)`` does."""
        return self.__next__()

    def reset(self):
        """Rewinds the iterator to the beginning of the first epoch."""
        raise NotImplementedError('Iterator subclasses must implement reset')

    def finalize(self):
        """Releases the resources of the iterator (worker threads or processes); idempotent."""

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.finalize()

    def serialize(self, serializer):
        """Saves or restores the state of the iterator through a :class:`chainer.Serializer`."""
