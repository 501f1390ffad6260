"""The views that TabularDataset's operations return: slices, concatenation, joins, mode changes
and converter replacement."""

import numpy

from chainer.dataset.tabular import _indexing
from chainer.dataset.tabular import delegate_dataset
from chainer.dataset.tabular import tabular_dataset


def key_position(keys, key):
    """The position of `key` (a name or an integer position) in `keys`."""
    if isinstance(key, str):
        if key not in keys:
            raise KeyError('{!r} is not a key of the dataset; the keys are {}'.format(key, keys))
        return keys.index(key)
    if not -len(keys) <= key < len(keys):
        raise IndexError('key index {} is out of range for {} keys'.format(key, len(keys)))
    return key % len(keys)


def all_keys(key_indices, n_keys):
    return tuple(range(n_keys)) if key_indices is None else tuple(key_indices)


class SliceHelper:
    """What ``dataset.slice`` returns: indexing it makes a :class:`Slice` view."""

    def __init__(self, dataset):
        self._dataset = dataset

    def __getitem__(self, args):
        if isinstance(args, tuple) and len(args) == 2:
            rows, keys = args
        else:
            rows, keys = args, None
        return Slice(self._dataset, rows, keys)


class Slice(tabular_dataset.TabularDataset):
    """A view of some rows and columns of a tabular dataset."""

    def __init__(self, dataset, rows, keys):
        self._dataset = dataset
        self._rows = _indexing.normalize_rows(rows, len(dataset))
        mode = dataset.mode
        if keys is None:
            self._key_indices = None
        elif isinstance(keys, (tuple, list)):
            self._key_indices = tuple(key_position(dataset.keys, key) for key in keys)
            mode = mode or tuple
        else:
            self._key_indices = (key_position(dataset.keys, keys),)
            mode = None
        self._mode = mode

    def __len__(self):
        return _indexing.count(self._rows, len(self._dataset))

    @property
    def keys(self):
        keys = self._dataset.keys
        return keys if self._key_indices is None else tuple(keys[i] for i in self._key_indices)

    @property
    def mode(self):
        return self._mode

    def get_examples(self, indices, key_indices):
        if indices is not None:
            indices = _indexing.normalize_rows(indices, len(self))
        rows = _indexing.compose(self._rows, indices, len(self._dataset))
        if key_indices is not None and self._key_indices is not None:
            key_indices = tuple(self._key_indices[i] for i in key_indices)
        elif key_indices is None:
            key_indices = self._key_indices
        return self._dataset.get_examples(rows, key_indices)


class ModeView(delegate_dataset.DelegateDataset):
    """A view whose examples are tuples or dicts."""

    def __init__(self, dataset, mode):
        super().__init__(dataset)
        self._mode = mode

    @property
    def mode(self):
        return self._mode


class WithConverter(delegate_dataset.DelegateDataset):
    """A view with another :meth:`convert`."""

    def __init__(self, dataset, converter):
        super().__init__(dataset)
        self._converter = converter

    def convert(self, data):
        if isinstance(data, tuple):
            return self._converter(*data)
        if isinstance(data, dict):
            return self._converter(**data)
        return self._converter(data)


class Concat(tabular_dataset.TabularDataset):
    """The rows of several tabular datasets with the same keys, one after the other."""

    def __init__(self, *datasets):
        for dataset in datasets[1:]:
            if dataset.keys != datasets[0].keys:
                raise ValueError('cannot concatenate datasets with different keys: {} and '
                                 '{}'.format(datasets[0].keys, dataset.keys))
        self._datasets = datasets

    def __len__(self):
        return sum(len(dataset) for dataset in self._datasets)

    @property
    def keys(self):
        return self._datasets[0].keys

    @property
    def mode(self):
        return self._datasets[0].mode

    def get_examples(self, indices, key_indices):
        rows = _indexing.as_list(
            None if indices is None else _indexing.normalize_rows(indices, len(self)), len(self))
        key_indices = all_keys(key_indices, len(self.keys))
        offsets = numpy.cumsum([0] + [len(dataset) for dataset in self._datasets])
        owners = numpy.searchsorted(offsets, rows, side='right') - 1
        parts = []
        positions = []
        for d, dataset in enumerate(self._datasets):
            mine = [i for i, owner in enumerate(owners) if owner == d]
            if mine:
                local = [rows[i] - int(offsets[d]) for i in mine]
                parts.append(dataset.get_examples(local, key_indices))
                positions += mine
        order = numpy.argsort(positions, kind='stable')
        return tuple(_gather([part[c] for part in parts], order, len(rows))
                     for c in range(len(key_indices)))


def _gather(pieces, order, length):
    # Concatenates the pieces of one column and puts the values back in the requested order.
    if pieces and all(isinstance(piece, numpy.ndarray) for piece in pieces):
        return numpy.concatenate(pieces)[order]
    if not pieces:
        return []
    values = [value for piece in pieces for value in piece]
    return [values[i] for i in order]


class Join(tabular_dataset.TabularDataset):
    """The columns of several tabular datasets of the same length, side by side."""

    def __init__(self, *datasets):
        keys = [key for dataset in datasets for key in dataset.keys]
        duplicated = sorted({key for key in keys if keys.count(key) > 1})
        if duplicated:
            raise ValueError('cannot join datasets with duplicated keys: {}'.format(duplicated))
        for dataset in datasets[1:]:
            if len(dataset) != len(datasets[0]):
                raise ValueError('cannot join datasets of different lengths: {} and {}'.format(
                    len(datasets[0]), len(dataset)))
        self._datasets = datasets
        self._keys = tuple(keys)
        # Each joined column as (dataset number, position in that dataset's keys).
        self._sources = [(d, i) for d, dataset in enumerate(datasets)
                         for i in range(len(dataset.keys))]

    def __len__(self):
        return len(self._datasets[0])

    @property
    def keys(self):
        return self._keys

    @property
    def mode(self):
        return self._datasets[0].mode or tuple

    def get_examples(self, indices, key_indices):
        key_indices = all_keys(key_indices, len(self._keys))
        wanted = {}
        for k in key_indices:
            d, i = self._sources[k]
            wanted.setdefault(d, []).append(i)
        fetched = {d: dict(zip(local, self._datasets[d].get_examples(indices, tuple(local))))
                   for d, local in wanted.items()}
        return tuple(fetched[self._sources[k][0]][self._sources[k][1]] for k in key_indices)
