"""SubDataset and the helpers that split datasets: in two, in n, randomly, for cross-validation."""

from typing import Any, List, Optional, Sequence, Tuple

import numpy

from chainer.dataset import dataset_mixin
from chainer.utils import argument


class SubDataset(dataset_mixin.DatasetMixin):
    """A view of the examples ``start`` to ``finish`` of a dataset, optionally through an order.

    The i-th example is ``dataset[order[start + i]]`` (``dataset[start + i]`` without `order`);
    nothing is copied.

    Args:
        dataset: The base dataset.
        start: The first position (inclusive) in the base dataset or in `order`.
        finish: The last position (exclusive).
        order: ``None``, or a permutation of the base dataset's indices (of its length).

    Raises:
        ValueError: If ``[start, finish)`` is not within the base dataset, or `order` has the
            wrong length.
    """

    def __init__(self, dataset, start, finish, order=None):
        if start < 0 or finish > len(dataset) or start > finish:
            raise ValueError('subset [{}, {}) overruns the base dataset of length {}'.format(
                start, finish, len(dataset)))
        if order is not None and len(order) != len(dataset):
            raise ValueError(
                'order option must have the same length as the base dataset: len(order) = {} '
                'while len(dataset) = {}'.format(len(order), len(dataset)))
        self._dataset = dataset
        self._start = start
        self._finish = finish
        self._size = finish - start
        self._order = order

    def __len__(self):
        return self._size

    def get_example(self, i):
        if not -self._size <= i < self._size:
            raise IndexError('dataset index {} out of range for a subset of length {}'.format(
                i, self._size))
        index = self._start + i if i >= 0 else self._finish + i
        if self._order is not None:
            index = self._order[index]
        return self._dataset[index]


def split_dataset(dataset: Any, split_at: int, order: Optional[Sequence[int]] = None
                  ) -> Tuple[SubDataset, SubDataset]:
    """Splits a dataset into ``dataset[:split_at]`` and ``dataset[split_at:]`` (as SubDatasets).

    Args:
        dataset: The dataset to split.
        split_at: The number of examples of the first part (an integer in ``[0, len(dataset)]``).
        order: ``None``, or a permutation of the indices through which both parts see the dataset.

    Returns:
        A tuple of two :class:`SubDataset`.

    Raises:
        TypeError: If `split_at` is not an integer.
        ValueError: If `split_at` is negative or exceeds the dataset size.
    """
    if isinstance(split_at, bool) or not isinstance(split_at, (int, numpy.integer)):
        raise TypeError('split_at must be int, got {} instead'.format(type(split_at)))
    if split_at < 0:
        raise ValueError('split_at must be non-negative')
    n_examples = len(dataset)
    if split_at > n_examples:
        raise ValueError('split_at exceeds the dataset size')
    return (SubDataset(dataset, 0, split_at, order),
            SubDataset(dataset, split_at, n_examples, order))


def split_dataset_random(dataset: Any, first_size: int, seed: Optional[int] = None
                         ) -> Tuple[SubDataset, SubDataset]:
    """Splits a dataset into two parts of random examples: `first_size` of them, and the rest.

    Args:
        dataset: The dataset to split.
        first_size: The size of the first part.
        seed: The seed of the permutation (``None``: a fresh random one).

    Returns:
        A tuple of two :class:`SubDataset`.
    """
    order = numpy.random.RandomState(seed).permutation(len(dataset))
    return split_dataset(dataset, first_size, order)


def _check_n_parts(function, name, n):
    # A number of parts is a positive integer (NumPy integers included); 0 would divide by zero.
    if isinstance(n, bool) or not isinstance(n, (int, numpy.integer)):
        raise TypeError('{}: {} must be an integer, not {}'.format(
            function, name, type(n).__name__))
    if n <= 0:
        raise ValueError('{}: {} must be positive, got {}'.format(function, name, n))


def split_dataset_n(dataset: Any, n: int, order: Optional[Sequence[int]] = None
                    ) -> List[SubDataset]:
    """Splits a dataset into `n` parts of ``len(dataset) // n`` examples (the remainder is dropped).

    Returns:
        A list of `n` :class:`SubDataset`.
    """
    _check_n_parts('split_dataset_n', 'n', n)
    sub_size = len(dataset) // n
    return [SubDataset(dataset, sub_size * i, sub_size * (i + 1), order) for i in range(n)]


def split_dataset_n_random(dataset: Any, n: int, seed: Optional[int] = None
                           ) -> List[SubDataset]:
    """Splits a dataset into `n` parts of ``len(dataset) // n`` random examples each.

    Returns:
        A list of `n` :class:`SubDataset`.
    """
    order = numpy.random.RandomState(seed).permutation(len(dataset))
    return split_dataset_n(dataset, n, order)


def get_cross_validation_datasets(dataset: Any, n_folds: Optional[int] = None,
                                  order: Optional[Sequence[int]] = None, **kwargs: Any
                                  ) -> List[Tuple[SubDataset, SubDataset]]:
    """Makes the (training, validation) splits of `n_folds`-fold cross-validation.

    The dataset (seen through `order`, if given) is cut into `n_folds` nearly equal parts; split k
    validates on one part and trains on the others.

    Args:
        dataset: The dataset.
        n_folds: The number of folds.
        order: ``None``, or a permutation of the indices.

    Returns:
        A list of `n_folds` tuples ``(training SubDataset, validation SubDataset)``.
    """
    n_folds, = argument.parse_kwargs(kwargs, ('n_fold', n_folds))
    if n_folds is None:
        raise TypeError('get_cross_validation_datasets() missing required argument: n_folds')
    _check_n_parts('get_cross_validation_datasets', 'n_folds', n_folds)
    order = numpy.arange(len(dataset)) if order is None else numpy.array(order)
    whole_size = len(dataset)
    borders = [whole_size * i // n_folds for i in range(n_folds + 1)]
    test_sizes = [borders[i + 1] - borders[i] for i in range(n_folds)]
    splits = []
    for test_size in reversed(test_sizes):
        splits.append(split_dataset(dataset, whole_size - test_size, order))
        # Rotate so that the next validation part comes last.
        order = numpy.concatenate([order[whole_size - test_size:], order[:whole_size - test_size]])
    return splits


def get_cross_validation_datasets_random(dataset: Any, n_folds: int, seed: Optional[int] = None,
                                         **kwargs: Any) -> List[Tuple[SubDataset, SubDataset]]:
    """:func:`get_cross_validation_datasets` on a random order drawn with `seed`."""
    order = numpy.random.RandomState(seed).permutation(len(dataset))
    return get_cross_validation_datasets(dataset, n_folds, order, **kwargs)
