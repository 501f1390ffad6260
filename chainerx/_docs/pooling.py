"""Docstrings of max_pool and average_pool (chainerx/python/pooling.cc)."""

from chainerx._docs._format import doc

_X = ('x', 'Input of shape (N, C, d_1, ..., d_n).')
_KSIZE = ('ksize', 'The window size: an int, or a tuple with one value per spatial dimension.')
_STRIDE = ('stride', 'The window step (int or tuple); ``None`` means ``ksize``.')
_PAD = ('pad', 'Padding on both sides (int or tuple).')
_RANK = ('chainerx.DimensionError', 'If ``ksize``, ``stride`` or ``pad`` does not match the spatial rank.')

DOCS = {
    'max_pool': doc(
        'N-dimensional max pooling over the spatial axes.',
        notes='Padding never wins the maximum. The result has the dtype of ``x``. Differentiable (the '
              'gradient goes to the maximal element of each window).',
        args=[_X, _KSIZE, _STRIDE, _PAD,
              ('cover_all', 'If ``True``, the windows cover every input element.')],
        returns='An array of shape (N, C, o_1, ..., o_n).', raises=[_RANK],
        example='''
            >>> chainerx.max_pool(chainerx.ones((1, 1, 4, 4)), 2).shape
            (1, 1, 2, 2)'''),
    'average_pool': doc(
        'N-dimensional average pooling over the spatial axes.',
        notes='Bool and integer inputs give float32. Differentiable.',
        args=[_X, _KSIZE, _STRIDE, _PAD,
              ('pad_mode', '``\'ignore\'`` divides by the number of window elements inside the input, so a '
                           'window of padding only gives NaN; ``\'zero\'`` counts padding as zeros.')],
        returns='An array of shape (N, C, o_1, ..., o_n).',
        raises=[_RANK, ('ValueError', 'If ``pad_mode`` is neither ``\'zero\'`` nor ``\'ignore\'``.')]),
}
