"""Docstrings of the sum-like reductions and truth reductions (chainerx/python/reduction.cc)."""

from chainerx._docs._format import AXIS, BAD_AXIS, doc
from chainerx._docs._templates import reduction

_SUM_DTYPE = 'Bool and integer inputs give int64; float inputs keep their dtype.'
_TRUTH = 'Any input dtype (non-zero is true); the result is bool. Not differentiable.'

DOCS = {
    'sum': reduction('Sum of the elements over the given axes.', _SUM_DTYPE),
    'nansum': reduction('Sum of the elements over the given axes, taking NaN as zero.', _SUM_DTYPE),
    'all': reduction('Whether all elements over the given axes are true.', _TRUTH, differentiable=False),
    'any': reduction('Whether any element over the given axes is true.', _TRUTH, differentiable=False),
    'cumsum': doc(
        'Cumulative sum of the elements along an axis.',
        notes=_SUM_DTYPE + ' Differentiable.',
        args=[('a', 'Input array.'), ('axis', 'The axis (int); ``None`` works on the flattened array.')],
        returns='A new array of the shape of ``a`` (1-d when ``axis`` is ``None``).', raises=[BAD_AXIS]),
    'count_nonzero': doc(
        'Number of non-zero elements over the given axes.',
        notes='The result is int64. Not differentiable.', args=[('a', 'Input array.'), AXIS],
        returns='A new int64 array with the reduced axes removed.', raises=[BAD_AXIS]),
}
