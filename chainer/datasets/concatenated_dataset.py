"""ConcatenatedDataset: chains several datasets one after the other."""

from chainer.dataset import dataset_mixin


class ConcatenatedDataset(dataset_mixin.DatasetMixin):
    """A dataset of the examples of `datasets` in turn: all of the first, then all of the second...

    Args:
        datasets: The datasets to concatenate.

    Raises:
        IndexError: For an index out of range; negative indices are not supported.
    """

    def __init__(self, *datasets):
        self._datasets = datasets

    def __len__(self):
        return sum(len(dataset) for dataset in self._datasets)

    def get_example(self, i):
        if i < 0:
            raise IndexError('ConcatenatedDataset does not support negative indices.')
        for dataset in self._datasets:
            if i < len(dataset):
                return dataset[i]
            i -= len(dataset)
        raise IndexError('dataset index out of range')
