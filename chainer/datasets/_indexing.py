"""Indexing helpers shared by the datasets that combine several columns."""

import numpy


def is_batch_index(index):
    """Whether `index` selects several examples (a slice, a list or an array of indices)."""
    return isinstance(index, (slice, list, numpy.ndarray))


def take(dataset, index):
    """``dataset[index]``, also for list/array indices on datasets that only take integers."""
    if isinstance(index, (list, numpy.ndarray)) and not isinstance(dataset, numpy.ndarray):
        try:
            return dataset[index]
        except TypeError:
            return [dataset[i] for i in index]
    return dataset[index]


def check_lengths(named_datasets, describe):
    """Raises ValueError unless every dataset has the length of the first; returns that length."""
    if not named_datasets:
        raise ValueError('no datasets are given')
    length = len(named_datasets[0][1])
    for name, dataset in named_datasets:
        if len(dataset) != length:
            raise ValueError('dataset {} has a wrong length: {} while the first one has {}'.format(
                describe(name), len(dataset), length))
    return length
