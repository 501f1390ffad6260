"""TabularDataset: a dataset of named columns that is read and transformed a batch at a time."""

import numpy

import chainer
from chainer.dataset import dataset_mixin


class TabularDataset(dataset_mixin.DatasetMixin):
    """Base class of datasets made of named columns, read by batches of rows.

    A subclass implements ``__len__``, :attr:`keys` (the column names), :attr:`mode` (``tuple``,
    ``dict``, or ``None`` for a single column) and :meth:`get_examples`. Operations make lazy
    views: ``dataset.slice[rows, keys]``, :meth:`concat` (more rows), :meth:`join` (more
    columns), :meth:`transform` / :meth:`transform_batch`, :meth:`astuple`, :meth:`asdict` and
    :meth:`with_converter`. ``dataset[i]`` is a tuple, a dict, or the single value, by mode.

        >>> from chainer.dataset import tabular
        >>> dataset = tabular.from_data({'x': numpy.arange(4), 'y': [1, 2, 3, 4]})
        >>> dataset.slice[1:3, 'y'].fetch()
        [2, 3]
    """

    def __len__(self):
        raise NotImplementedError('TabularDataset subclasses must implement __len__')

    @property
    def keys(self):
        """The names of the columns, a tuple of strings."""
        raise NotImplementedError('TabularDataset subclasses must implement keys')

    @property
    def mode(self):
        """How an example is returned: ``tuple``, ``dict``, or ``None`` (one column, unwrapped)."""
        raise NotImplementedError('TabularDataset subclasses must implement mode')

    def get_examples(self, indices, key_indices):
        """Returns columns of several rows.

        Args:
            indices: The rows: ``None`` (all), a slice, or a list or array of integers.
            key_indices: The columns, as a tuple of positions in :attr:`keys`, or ``None`` (all).

        Returns:
            A tuple with one list or array per requested column.
        """
        raise NotImplementedError('TabularDataset subclasses must implement get_examples')

    @property
    def slice(self):
        """A helper to make views of rows and columns: ``dataset.slice[rows]`` or
        ``dataset.slice[rows, keys]`` (rows: a slice, integers or a boolean mask; keys: a name,
        a position, or a tuple of them; a single key gives a single-column view)."""
        return _operations.SliceHelper(self)

    def fetch(self):
        """Returns all the data column by column: a tuple, dict or single list/array by mode."""
        return self._pack(self.get_examples(None, None))

    def convert(self, data):
        """Converts fetched data for a model: by default each list becomes a NumPy array."""
        if isinstance(data, tuple):
            return tuple(_as_array(column) for column in data)
        if isinstance(data, dict):
            return {key: _as_array(column) for key, column in data.items()}
        return _as_array(data)

    def astuple(self):
        """Returns a view whose examples are tuples."""
        return _operations.ModeView(self, tuple)

    def asdict(self):
        """Returns a view whose examples are dicts."""
        return _operations.ModeView(self, dict)

    def concat(self, *datasets):
        """Returns the rows of this dataset followed by those of `datasets` (same keys)."""
        return _operations.Concat(self, *datasets)

    def join(self, *datasets):
        """Returns the columns of this dataset and of `datasets` side by side (same length)."""
        return _operations.Join(self, *datasets)

    def transform(self, keys, transform):
        """Returns a view of ``transform`` applied to each example.

        `transform` receives the example's values as positional arguments (tuple or single-column
        mode) or keyword arguments (dict mode), and returns a tuple, a dict or a single value,
        whose columns are named `keys` (a tuple of names, or one name for a single value).
        """
        return _transform.Transform(self, keys, transform, batch=False)

    def transform_batch(self, keys, transform_batch):
        """Like :meth:`transform`, but `transform_batch` maps whole columns of a batch of rows."""
        return _transform.Transform(self, keys, transform_batch, batch=True)

    def with_converter(self, converter):
        """Returns a view whose :meth:`convert` is `converter`."""
        return _operations.WithConverter(self, converter)

    def get_example(self, i):
        return self._pack(tuple(column[0] for column in self.get_examples([i], None)))

    def __iter__(self):
        return (self.get_example(i) for i in range(len(self)))

    def _pack(self, values):
        # One value per column -> the form that the mode prescribes.
        if self.mode is tuple:
            return tuple(values)
        if self.mode is dict:
            return dict(zip(self.keys, values))
        return values[0]


def _as_array(column):
    if isinstance(column, chainer.get_array_types()):
        return column
    return numpy.asarray(column)


# The views subclass TabularDataset, so they are imported once it exists.
from chainer.dataset.tabular import _operations  # NOQA
from chainer.dataset.tabular import _transform  # NOQA
