"""tabular.from_data: makes a TabularDataset from arrays, lists and functions of the index."""

from typing import Any, Optional

from chainer.dataset.tabular import _indexing
from chainer.dataset.tabular import tabular_dataset


class _Column(tabular_dataset.TabularDataset):
    # One named column: an array, a list, or a function of the row index.

    def __init__(self, key, data, size):
        self._key = key
        self._data = data
        self._size = size

    def __len__(self):
        return self._size

    @property
    def keys(self):
        return (self._key,)

    @property
    def mode(self):
        return None

    def get_examples(self, indices, key_indices):
        rows = None if indices is None else _indexing.normalize_rows(indices, self._size)
        if callable(self._data):
            column = [self._data(i) for i in _indexing.as_list(rows, self._size)]
        else:
            column = _indexing.take(self._data, rows)
        n_keys = 1 if key_indices is None else len(key_indices)
        return (column,) * n_keys


def from_data(data: Any, *, size: Optional[int] = None) -> tabular_dataset.TabularDataset:
    """Makes a :class:`TabularDataset` from columns.

    A column is an array, a list, or a callable that returns the value of row `i`; it may be
    given with its name as a ``(key, column)`` pair.

        >>> dataset = from_data(([0, 1, 2], ('b', lambda i: i * i)))
        >>> dataset.keys, dataset[2]
        (('_0', 'b'), (2, 4))

    Args:
        data: A column (a single-column dataset with key ``'_0'`` unless named), a tuple of
            columns (tuple mode; unnamed ones get the keys ``'_0'``, ``'_1'``, ...), or a dict
            from key to column (dict mode).
        size: The number of rows; needed when every column is a callable.

    Returns:
        A :class:`TabularDataset`.

    Raises:
        ValueError: If the columns have different lengths (or not `size`), or the length is
            unknown.
    """
    if isinstance(data, dict):
        named = list(data.items())
    elif isinstance(data, tuple) and not _is_named(data):
        named = [entry if _is_named(entry) else ('_{}'.format(i), entry)
                 for i, entry in enumerate(data)]
    else:
        named = [data if _is_named(data) else ('_0', data)]
    size = _common_size(named, size)
    columns = [_Column(key, column, size) for key, column in named]
    dataset = columns[0].join(*columns[1:]) if len(columns) > 1 else columns[0]
    if isinstance(data, dict):
        return dataset.asdict()
    if isinstance(data, tuple) and not _is_named(data):
        return dataset.astuple()
    return dataset


def _is_named(entry):
    return isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[0], str)


def _common_size(named, size):
    for key, column in named:
        if callable(column):
            continue
        if size is None:
            size = len(column)
        elif len(column) != size:
            raise ValueError('column {!r} has {} rows, the others {}'.format(
                key, len(column), size))
    if size is None:
        raise ValueError('size must be given when every column is a callable')
    return size
