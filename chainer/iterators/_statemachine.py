"""The position bookkeeping shared by the iterators: the state machine and a common base class."""

import collections

import numpy

from chainer.dataset import iterator
from chainer.iterators import order_samplers

# The position after the last batch: current_position indexes `order` (or the dataset when order is
# None); epoch counts completed sweeps; is_new_epoch tells whether the last batch completed one.
IteratorState = collections.namedtuple(
    'IteratorState', ('current_position', 'epoch', 'is_new_epoch', 'order'))


def iterator_statemachine(state, batch_size, repeat, order_sampler, dataset_len):
    """Advances `state` by one batch; returns ``(new_state, indices)``, indices None at the end.

    With `repeat`, a batch wraps around into the next epoch (several if batch_size exceeds the
    epoch size), drawing a new order from `order_sampler` each time an epoch ends. Without it, the
    last batch of the epoch holds the remaining examples only, and every later call returns None.
    """
    position, epoch, _, order = state
    if not repeat and epoch > 0:
        return state, None
    n = dataset_len if order is None else len(order)
    if n == 0:
        if repeat:
            raise ValueError('Epoch size must be positive for an iterator that repeats; the '
                             'dataset is empty')
        return IteratorState(0, epoch + 1, True, order), None
    # The indices are allocated up front: an absurd batch_size fails at once (MemoryError naming the
    # size) instead of looping over batch_size / n epochs first.
    indices = numpy.empty(batch_size if repeat else min(batch_size, n - position), numpy.intp)
    filled = 0
    is_new_epoch = False
    start = position
    while filled < len(indices):
        end = min(position + len(indices) - filled, n)
        indices[filled:filled + end - position] = (
            numpy.arange(position, end) if order is None else order[position:end])
        filled += end - position
        position = end
        if position == n:
            epoch += 1
            is_new_epoch = True
            position = 0
            if not repeat:
                break
            if order is not None:
                order = _sample_order(order_sampler, order, start)
    return IteratorState(position, epoch, is_new_epoch, order), indices


def _sample_order(order_sampler, current_order, position):
    order = order_sampler(current_order, position)
    if len(order) != len(current_order):
        raise ValueError(
            'The order sampler returned an order of length {} while the previous order had length '
            '{}; the size of an order must not change'.format(len(order), len(current_order)))
    return order


class OrderedIterator(iterator.Iterator):
    """The common part of the iterators: arguments, position bookkeeping and serialization.

    Subclasses implement ``__next__``, advancing ``self._state`` through :meth:`_advance` (or
    through their own prefetching); :meth:`_state_changed` tells them of resets and loads.
    """

    def __init__(self, dataset, batch_size, repeat, shuffle, order_sampler):
        if isinstance(batch_size, bool) or not isinstance(batch_size, (int, numpy.integer)):
            raise TypeError('batch_size must be an integer, not {}'.format(
                type(batch_size).__name__))
        if batch_size <= 0:
            raise ValueError('batch_size must be positive, got {}'.format(batch_size))
        if shuffle is not None and order_sampler is not None:
            raise ValueError(
                '`shuffle` is not `None` and a custom `order_sampler` is set. Please set `shuffle` '
                'to `None` to use the custom order sampler.')
        if shuffle or (shuffle is None and order_sampler is None):
            order_sampler = order_samplers.ShuffleOrderSampler()
        self.dataset = dataset
        self.batch_size = int(batch_size)
        self._repeat = repeat
        self._shuffle = shuffle
        self.order_sampler = order_sampler
        self.reset()

    @property
    def repeat(self):
        """Whether the iterator repeats the dataset indefinitely."""
        return self._repeat

    @property
    def current_position(self):
        """The position in the current epoch's order after the last batch."""
        return self._state.current_position

    @property
    def epoch(self):
        return self._state.epoch

    @property
    def is_new_epoch(self):
        return self._state.is_new_epoch

    @property
    def epoch_detail(self):
        size = self._epoch_size
        return self.epoch + (self.current_position / size if size else 0.)

    @property
    def previous_epoch_detail(self):
        # -1 stands for None internally, which keeps serialization to plain floats.
        if self._previous_epoch_detail < 0:
            return None
        return self._previous_epoch_detail

    @property
    def _epoch_size(self):
        order = self._state.order
        return len(self.dataset) if order is None else len(order)

    def reset(self):
        order = None
        if self.order_sampler is not None:
            initial = numpy.arange(len(self.dataset))
            order = _sample_order(self.order_sampler, initial, 0)
        self._state = IteratorState(0, 0, False, order)
        self._previous_epoch_detail = -1.
        self._state_changed()

    def _advance(self, state):
        # One step of the state machine from `state` with this iterator's settings.
        return iterator_statemachine(
            state, self.batch_size, self._repeat, self.order_sampler, len(self.dataset))

    def _state_changed(self):
        # Called after reset and deserialization; prefetching iterators drop prefetched batches.
        pass

    def serialize(self, serializer):
        state = self._state
        position = _loaded(serializer('current_position', state.current_position),
                           state.current_position)
        epoch = _loaded(serializer('epoch', state.epoch), state.epoch)
        is_new_epoch = _loaded(serializer('is_new_epoch', state.is_new_epoch), state.is_new_epoch)
        order = state.order
        if order is not None:
            try:
                serializer('order', order)
            except KeyError:
                serializer('_order', order)  # the key of old snapshots
        self._state = IteratorState(int(position), int(epoch), bool(is_new_epoch), order)
        sampler_serialize = getattr(self.order_sampler, 'serialize', None)
        if sampler_serialize is not None:
            try:
                sampler_serialize(serializer['order_sampler'])
            except KeyError:
                pass  # a snapshot of the original (or older) without the generator's state
        try:
            self._previous_epoch_detail = float(_loaded(
                serializer('previous_epoch_detail', self._previous_epoch_detail),
                self._previous_epoch_detail))
        except KeyError:
            # A snapshot without the key: reconstruct the value as of the last batch.
            detail = self.epoch + (self.current_position - self.batch_size) / self._epoch_size
            self._previous_epoch_detail = max(detail, 0.) if self.epoch_detail > 0 else -1.
        self._state_changed()


def _loaded(result, current):
    # A deserializer returns the loaded value; a serializer may return None (the value is kept).
    return current if result is None else result
