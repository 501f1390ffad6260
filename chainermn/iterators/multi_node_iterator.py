"""create_multi_node_iterator: one rank loads the batches, every rank gets them."""


def create_multi_node_iterator(actual_iterator, communicator, rank_master=0):
    """Returns an iterator whose batches are those of `actual_iterator` on rank `rank_master`.

    The master iterates; each ``next()`` broadcasts its batch (pickled) and its position (epoch,
    ``is_new_epoch``, ``epoch_detail``, ...) to the other ranks, whose own `actual_iterator` is
    not used (give them any iterator, e.g. over :func:`chainermn.create_empty_dataset`). For
    model-parallel networks whose stages all need the same inputs or labels. ``next()`` is a
    collective call: every rank calls it the same number of times.
    """
    return _MultiNodeIterator(actual_iterator, communicator, rank_master)


class _MultiNodeIterator:

    _POSITION = ('epoch', 'is_new_epoch', 'epoch_detail', 'previous_epoch_detail',
                 'current_position')

    def __init__(self, actual_iterator, communicator, rank_master):
        if not 0 <= rank_master < communicator.size:
            raise ValueError('rank_master must be a rank of the communicator (0..{}), got '
                             '{}'.format(communicator.size - 1, rank_master))
        self.actual_iterator = actual_iterator
        self.communicator = communicator
        self.rank_master = rank_master
        self._position = {}
        self._sync_position()

    def _is_master(self):
        return self.communicator.rank == self.rank_master

    def _sync_position(self):
        position = None
        if self._is_master():
            position = {name: getattr(self.actual_iterator, name, None) for name in self._POSITION}
        self._position = self.communicator.bcast_obj(position, root=self.rank_master)

    def __iter__(self):
        return self

    def __next__(self):
        batch, stop = None, False
        if self._is_master():
            try:
                batch = self.actual_iterator.next()
            except StopIteration:
                stop = True
        batch, stop = self.communicator.bcast_obj((batch, stop), root=self.rank_master)
        self._sync_position()
        if stop:
            raise StopIteration
        return batch

    next = __next__

    def __getattr__(self, name):
        if name in self._POSITION:
            return self.__dict__['_position'].get(name)
        return getattr(self.__dict__['actual_iterator'], name)

    def reset(self):
        if self._is_master():
            self.actual_iterator.reset()
        self._sync_position()

    def serialize(self, serializer):
        if self._is_master():
            self.actual_iterator.serialize(serializer)

    def finalize(self):
        finalize = getattr(self.actual_iterator, 'finalize', None)
        if finalize is not None:
            finalize()
