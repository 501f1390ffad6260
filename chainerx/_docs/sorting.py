"""Docstrings of the arg-reductions (chainerx/python/sorting.cc)."""

from chainerx._docs._format import BAD_AXIS, doc


def _arg(summary: str, nan_note: str) -> str:
    return doc(summary, notes='The result is int64 (first occurrence on ties). ' + nan_note,
               args=[('a', 'Input array.'), ('axis', 'An axis (int), or ``None`` for the flattened array.')],
               returns='A new int64 array with ``axis`` removed (0-d for ``axis=None``).',
               raises=[('chainerx.DimensionError', 'If the reduced axis (or the array) is empty.'), BAD_AXIS])


DOCS = {
    'argmax': _arg('Indices of the maximum values along an axis.', 'A NaN counts as the maximum.'),
    'argmin': _arg('Indices of the minimum values along an axis.', 'A NaN counts as the minimum.'),
    'nanargmax': _arg('Indices of the maximum values along an axis, ignoring NaN.',
                      'An all-NaN slice gives -1.'),
    'nanargmin': _arg('Indices of the minimum values along an axis, ignoring NaN.',
                      'An all-NaN slice gives -1.'),
}
