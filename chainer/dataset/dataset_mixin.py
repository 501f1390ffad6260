"""DatasetMixin: the indexing protocol of datasets, built on a per-example ``get_example``."""

import numpy


class DatasetMixin:
    """Gives a dataset class indexing by integers, slices and index sequences.

    A subclass implements ``__len__`` and ``get_example(i)``; ``dataset[i]`` returns one example,
    and ``dataset[slice]``, ``dataset[[i, j, ...]]`` or ``dataset[numpy_array_of_indices]`` return
    lists of examples.

        >>> class Squares(chainer.dataset.DatasetMixin):
        ...     def __len__(self):
        ...         return 10
        ...     def get_example(self, i):
        ...         return i * i
        >>> Squares()[2:5]
        [4, 9, 16]
    """

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self.get_example(i) for i in range(*index.indices(len(self)))]
        if isinstance(index, (list, numpy.ndarray)):
            return [self.get_example(i) for i in index]
        return self.get_example(index)

    def __len__(self):
        """Returns the number of examples."""
        raise NotImplementedError('DatasetMixin subclasses must implement __len__')

    def get_example(self, i):
        """Returns the `i`-th example (`i` is an integer, possibly negative)."""
        raise NotImplementedError('DatasetMixin subclasses must implement get_example')
