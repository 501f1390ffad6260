"""Order samplers: the objects that choose the order in which an iterator visits a dataset."""

from typing import Optional

import numpy


class OrderSampler:
    """Base class of order samplers.

    An iterator calls ``sampler(current_order, current_position)`` when it is reset and at the end
    of each epoch; the sampler returns the order of the next epoch, a 1-d integer array of dataset
    indices with the same length as `current_order` (the iterator raises ValueError otherwise).
    """

    def __call__(self, current_order, current_position):
        """Returns the order of the next epoch.

        Args:
            current_order: The order of the epoch that ended (at reset: ``arange(len(dataset))``).
            current_position: The position in `current_order` at which the call happens.
        """
        raise NotImplementedError('OrderSampler subclasses must implement __call__')


class ShuffleOrderSampler(OrderSampler):
    """Samples a uniformly random permutation for each epoch.

    Args:
        random_state: A ``numpy.random.RandomState`` to draw from; by default NumPy's global one
            (which ``numpy.random.seed`` seeds).
    """

    def __init__(self, random_state: Optional[numpy.random.RandomState] = None) -> None:
        if random_state is None:
            random_state = numpy.random.random.__self__
        self._random = random_state

    def __call__(self, current_order, current_position):
        """Returns a random permutation of ``range(len(current_order))``."""
        return self._random.permutation(len(current_order))

    def serialize(self, serializer):
        """Saves or restores the state of the random generator (beyond the original).

        Note [Resumable shuffling]: the iterator's snapshot holds the order of the current epoch, but
        the orders of the epochs after it come from this generator. The original did not save it, so a
        training resumed from a snapshot shuffled later epochs differently from the run that was
        interrupted; saving the Mersenne Twister state makes the resumed run continue exactly. With
        the default (NumPy's global generator) the global state is restored, as it was at the snapshot.
        """
        if not hasattr(self._random, 'get_state'):
            return  # a generator without a saveable state (e.g. numpy.random.Generator)
        name, keys, pos, has_gauss, cached_gaussian = self._random.get_state()
        keys = serializer('keys', keys)
        pos = serializer('pos', pos)
        has_gauss = serializer('has_gauss', has_gauss)
        cached_gaussian = serializer('cached_gaussian', cached_gaussian)
        if keys is not None:  # a deserializer: restore what it loaded
            self._random.set_state((name, numpy.asarray(keys, numpy.uint32), int(pos),
                                    int(has_gauss), float(cached_gaussian)))
