"""Docstrings of the order statistics, mean and variance (chainerx/python/statistics.cc)."""

from chainerx._docs._templates import reduction

_EMPTY = ('chainerx.DimensionError', 'If a reduced axis has length zero.')
_MEAN_DTYPE = 'Float inputs keep their dtype; bool and integer inputs give float32.'

DOCS = {
    'amax': reduction('Maximum of the elements over the given axes. ``chainerx.max`` is the same function.',
                      'The result has the dtype of ``a``. The gradient goes to the maximal elements.',
                      raises=[_EMPTY]),
    'amin': reduction('Minimum of the elements over the given axes. ``chainerx.min`` is the same function.',
                      'The result has the dtype of ``a``. The gradient goes to the minimal elements.',
                      raises=[_EMPTY]),
    'mean': reduction('Arithmetic mean of the elements over the given axes.', _MEAN_DTYPE),
    'var': reduction('Variance (mean of squared deviations, ddof 0) over the given axes.', _MEAN_DTYPE),
}
