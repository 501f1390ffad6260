"""create_synchronized_iterator: the same shuffled order on every rank."""

import numpy

from chainer.iterators import order_samplers


def create_synchronized_iterator(actual_iterator, communicator):
    """Makes a shuffling iterator draw the same order on every rank, and returns it.

    Rank 0 draws a seed and broadcasts it; every rank's iterator then shuffles with a
    ``numpy.random.RandomState`` of that seed and restarts, so ranks that iterate over the same
    dataset (model-parallel stages, for example) see the same examples at every step.

    Args:
        actual_iterator: An iterator with an ``order_sampler`` attribute and ``reset()`` (for
            example :class:`~chainer.iterators.SerialIterator`).
        communicator: A chainermn communicator.
    """
    if not hasattr(actual_iterator, 'order_sampler') or not hasattr(actual_iterator, 'reset'):
        raise TypeError('create_synchronized_iterator needs an iterator with order_sampler and '
                        'reset(), got {}'.format(type(actual_iterator).__name__))
    seed = numpy.random.randint(0, 2 ** 31) if communicator.rank == 0 else None
    seed = communicator.bcast_obj(seed, root=0)
    actual_iterator.order_sampler = order_samplers.ShuffleOrderSampler(
        numpy.random.RandomState(seed))
    actual_iterator.reset()
    return actual_iterator
