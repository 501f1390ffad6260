"""DelegateDataset: the base of tabular views that forward everything to another dataset."""

from chainer.dataset.tabular import tabular_dataset


class DelegateDataset(tabular_dataset.TabularDataset):
    """A :class:`TabularDataset` that forwards length, keys, mode, reads and conversion to
    `dataset`; subclasses override what they change.

        >>> class Renamed(DelegateDataset):
        ...     @property
        ...     def keys(self):
        ...         return ('image', 'label')

    Args:
        dataset: The :class:`TabularDataset` to wrap.
    """

    def __init__(self, dataset):
        self.dataset = dataset

    def __len__(self):
        return len(self.dataset)

    @property
    def keys(self):
        return self.dataset.keys

    @property
    def mode(self):
        return self.dataset.mode

    def get_examples(self, indices, key_indices):
        return self.dataset.get_examples(indices, key_indices)

    def convert(self, data):
        return self.dataset.convert(data)
