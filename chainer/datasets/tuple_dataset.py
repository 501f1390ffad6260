"""TupleDataset: zips datasets of equal length into a dataset of tuples."""

from chainer.datasets import _indexing


class TupleDataset:
    """A dataset of tuples: the i-th example is ``(datasets[0][i], datasets[1][i], ...)``.

        >>> x, t = numpy.zeros((4, 3)), numpy.arange(4)
        >>> dataset = chainer.datasets.TupleDataset(x, t)
        >>> dataset[1]
        (array([0., 0., 0.]), 1)

    Indexing by a slice, a list or an array of indices returns a list of tuples.

    Args:
        datasets: The datasets (arrays, lists, or any datasets) of the tuple's positions.

    Raises:
        ValueError: If no dataset is given or their lengths differ.
    """

    def __init__(self, *datasets):
        self._length = _indexing.check_lengths(
            list(enumerate(datasets)), lambda i: 'of the index {}'.format(i))
        self._datasets = datasets

    def __getitem__(self, index):
        batches = [_indexing.take(dataset, index) for dataset in self._datasets]
        if _indexing.is_batch_index(index):
            return [tuple(batch[i] for batch in batches) for i in range(len(batches[0]))]
        return tuple(batches)

    def __len__(self):
        return self._length
