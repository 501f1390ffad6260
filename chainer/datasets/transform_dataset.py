"""TransformDataset: applies a function to each example of a dataset when it is read."""

from chainer.dataset import dataset_mixin


class TransformDataset(dataset_mixin.DatasetMixin):
    """A dataset whose i-th example is ``transform(dataset[i])``, computed on each access.

    Use it for preprocessing and data augmentation; random transforms give a new result each time.

    Args:
        dataset: The underlying dataset.
        transform: A function applied to one example.
    """

    def __init__(self, dataset, transform):
        self._dataset = dataset
        self._transform = transform

    def __len__(self):
        return len(self._dataset)

    def get_example(self, i):
        return self._transform(self._dataset[i])
