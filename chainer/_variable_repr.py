"""The text forms of a Variable: repr (`variable x([1., 2.])`), str, and debug_print."""

import numpy

import chainerx


def _to_numpy(array):
    if isinstance(array, chainerx.ndarray):
        return chainerx.to_numpy(array)
    if isinstance(array, numpy.ndarray):
        return array
    return array.get()  # CuPy


def _prefix(var):
    return 'variable' if var.name is None else 'variable {}'.format(var.name)


def variable_repr(var):
    """`variable(...)` / `variable name(...)`, the array formatted as NumPy's repr formats it."""
    prefix = _prefix(var)
    array = var.array
    if array is None:
        return '{}(None)'.format(prefix)
    array = _to_numpy(array)
    if array.size > 0 or array.shape == (0,):
        body = numpy.array2string(array, separator=', ', prefix=prefix + '(')
    else:
        body = '[], shape={}'.format(array.shape)
    return '{}({})'.format(prefix, body)


def variable_str(var):
    """`variable(...)` with the array formatted as NumPy's str formats it."""
    prefix = _prefix(var)
    array = var.array
    if array is None:
        return '{}(None)'.format(prefix)
    return '{}({})'.format(prefix, numpy.array2string(_to_numpy(array), prefix=prefix + '('))


def _statistics(array):
    if array is None:
        return 'None'
    values = _to_numpy(array)
    if values.size == 0:
        return 'empty'
    if values.dtype.kind not in 'fc':
        values = values.astype(numpy.float64)
    return 'mean={:.8f}, std={:.8f}'.format(float(values.mean()), float(values.std()))


def debug_print(var):
    """Name, type, shape, dtype and statistics of the array and the gradient, one item per line."""
    array = var.array
    lines = [
        '{}'.format(var.summary()),
        '- device: {}'.format(None if array is None else var.device),
        '- backend: {}'.format(None if array is None else type(array)),
        '- shape: {}'.format(None if array is None else array.shape),
        '- dtype: {}'.format(None if array is None else array.dtype),
        '- statistics: {}'.format(_statistics(array)),
        '- grad: {}'.format(_statistics(var.grad) if var.grad is not None else None),
    ]
    return '\n'.join(lines)
