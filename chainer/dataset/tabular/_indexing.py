"""Index arithmetic shared by the tabular datasets: normalising, composing and applying the row
indices that ``get_examples`` receives (None for all rows, a slice, or a list of integers)."""

import numpy


def normalize_rows(index, length):
    """A slice (with non-negative bounds) or a list of non-negative ints for `index`.

    `index` is a slice, a sequence or 1-d array of integers (negative ones count from the end), or a
    boolean mask of `length` elements.

    Raises:
        TypeError: For indices that are not integers.
        IndexError: For an integer out of range.
        ValueError: For a boolean mask of the wrong length.
    """
    if isinstance(index, slice):
        return _range_to_slice(range(length)[index])
    array = numpy.asarray(index)
    if array.dtype == numpy.bool_:
        if array.shape != (length,):
            raise ValueError('a boolean index must have the length of the dataset ({}), got '
                             'shape {}'.format(length, array.shape))
        return [int(i) for i in numpy.flatnonzero(array)]
    if array.size and array.dtype.kind not in 'iu':
        raise TypeError('rows must be given by a slice, integers or a boolean mask, not an '
                        'array of {}'.format(array.dtype))
    rows = []
    for i in array.reshape(-1).tolist() if array.size else []:
        if not -length <= i < length:
            raise IndexError('index {} is out of range for a dataset of length {}'.format(
                i, length))
        rows.append(i + length if i < 0 else i)
    return rows


def _range_to_slice(rows):
    stop = rows.stop if rows.stop >= 0 else None
    return slice(rows.start, stop, rows.step)


def count(rows, length):
    """The number of rows that `rows` (None, a normalized slice or a list) selects."""
    if rows is None:
        return length
    if isinstance(rows, slice):
        return len(range(length)[rows])
    return len(rows)


def as_list(rows, length):
    """`rows` as a list of ints."""
    if rows is None:
        return list(range(length))
    if isinstance(rows, slice):
        return list(range(length)[rows])
    return list(rows)


def compose(outer, inner, length):
    """The rows of the base dataset (of `length`) that `inner` selects within `outer`'s rows."""
    if inner is None:
        return outer
    if outer is None:
        return normalize_rows(inner, length)
    if isinstance(outer, slice):
        outer_range = range(length)[outer]
        if isinstance(inner, slice):
            return _range_to_slice(outer_range[inner])
        return [outer_range[i] for i in inner]
    return [outer[i] for i in as_list(inner, len(outer))]


def take(column, rows):
    """The `rows` of a column (an array or a list)."""
    if rows is None:
        return column
    if isinstance(rows, slice) or isinstance(column, numpy.ndarray):
        return column[rows]
    return [column[i] for i in rows]
