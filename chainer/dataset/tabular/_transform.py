"""The view that TabularDataset.transform and transform_batch return."""

from chainer.dataset.tabular import _operations
from chainer.dataset.tabular import tabular_dataset


class Transform(tabular_dataset.TabularDataset):
    """A view of a function applied to each example (or, with `batch`, to columns of rows).

    The function receives the values as positional arguments (tuple or single-column mode) or as
    keyword arguments named by the keys (dict mode). What it returns decides the mode of the view:
    a tuple (values in the order of `keys`), a dict (by key) or a single value (one key).
    """

    def __init__(self, dataset, keys, function, batch):
        self._dataset = dataset
        self._keys = keys if isinstance(keys, tuple) else (keys,)
        self._function = function
        self._batch = batch
        # With one key (not a tuple) the function returns single values; otherwise the mode is
        # learnt from its first result.
        self._mode = None
        self._mode_known = not isinstance(keys, tuple)

    def __len__(self):
        return len(self._dataset)

    @property
    def keys(self):
        return self._keys

    @property
    def mode(self):
        if not self._mode_known:
            if len(self) == 0:
                return tuple
            self.get_examples([0], None)
        return self._mode

    def get_examples(self, indices, key_indices):
        key_indices = _operations.all_keys(key_indices, len(self._keys))
        inputs = self._dataset.get_examples(indices, None)
        if self._batch:
            columns = self._split(self._call(inputs))
            return tuple(columns[k] for k in key_indices)
        outputs = tuple([] for _ in key_indices)
        for values in zip(*inputs):
            example = self._split(self._call(values))
            for column, k in zip(outputs, key_indices):
                column.append(example[k])
        return outputs

    def _call(self, values):
        if self._dataset.mode is dict:
            return self._function(**dict(zip(self._dataset.keys, values)))
        return self._function(*values)

    def _split(self, result):
        # The function's result as one entry per key; records (and then checks) the mode.
        if isinstance(result, tuple):
            mode, values = tuple, result
        elif isinstance(result, dict):
            mode, values = dict, tuple(result[key] for key in self._keys)
        else:
            mode, values = None, (result,)
        if self._mode_known and mode is not self._mode:
            raise ValueError('the transform returned a {} where it returned a {} before (or '
                             'where its keys {} imply one)'.format(
                                 _mode_name(mode), _mode_name(self._mode), self._keys))
        if len(values) != len(self._keys):
            raise ValueError('the transform returned {} values for the {} keys {}'.format(
                len(values), len(self._keys), self._keys))
        self._mode, self._mode_known = mode, True
        return values


def _mode_name(mode):
    return 'single value' if mode is None else mode.__name__
