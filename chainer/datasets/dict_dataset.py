"""DictDataset: zips named datasets of equal length into a dataset of dicts."""

from chainer.datasets import _indexing


class DictDataset:
    """A dataset of dicts: the i-th example is ``{key: datasets[key][i] for each key}``.

        >>> dataset = chainer.datasets.DictDataset(x=numpy.zeros((4, 3)), t=numpy.arange(4))
        >>> dataset[1]['t']
        1

    Indexing by a slice, a list or an array of indices returns a list of dicts.

    Args:
        datasets: The datasets (arrays, lists, or any datasets), by key.

    Raises:
        ValueError: If no dataset is given or their lengths differ.
    """

    def __init__(self, **datasets):
        self._length = _indexing.check_lengths(
            list(datasets.items()), lambda key: '"{}"'.format(key))
        self._datasets = datasets

    def __getitem__(self, index):
        batches = {key: _indexing.take(dataset, index) for key, dataset in self._datasets.items()}
        if _indexing.is_batch_index(index):
            length = len(next(iter(batches.values())))
            return [{key: batch[i] for key, batch in batches.items()} for i in range(length)]
        return batches

    def __len__(self):
        return self._length
