"""Docstrings of conv, conv_transpose and linear (chainerx/python/connection.cc)."""

from chainerx._docs._format import BAD_DEVICES, PROMOTION, doc

_STRIDE = ('stride', 'An int, or a tuple with one value per spatial dimension.')
_PAD = ('pad', 'Zero padding on both sides: an int, or a tuple with one value per spatial dimension.')
_B = ('b', 'Bias of shape (out_channels,), or ``None``.')
_DTYPE = PROMOTION + ' Integer inputs are allowed (computed without BLAS). Differentiable in every input.'
_SHAPES = ('chainerx.DimensionError', 'If the ranks or channel counts do not match.')

DOCS = {
    'conv': doc(
        'N-dimensional convolution (cross-correlation, as in deep learning frameworks).',
        notes=_DTYPE,
        args=[('x', 'Input of shape (N, C, d_1, ..., d_n).'),
              ('w', 'Filters of shape (out_channels, C, k_1, ..., k_n).'), _B, _STRIDE, _PAD,
              ('cover_all', 'If ``True``, the output covers every input element (the last window may '
                            'extend beyond the padding).')],
        returns='An array of shape (N, out_channels, o_1, ..., o_n) with '
                '``o_i = (d_i + 2 * pad_i - k_i) // stride_i + 1`` (rounded up with ``cover_all``).',
        raises=[_SHAPES, BAD_DEVICES],
        example='''
            >>> chainerx.conv(chainerx.ones((1, 3, 8, 8)), chainerx.ones((4, 3, 3, 3)), pad=1).shape
            (1, 4, 8, 8)'''),
    'conv_transpose': doc(
        'N-dimensional transposed convolution (the gradient of :func:`conv` with respect to its input).',
        notes=_DTYPE,
        args=[('x', 'Input of shape (N, C, d_1, ..., d_n).'),
              ('w', 'Filters of shape (C, out_channels, k_1, ..., k_n).'), _B, _STRIDE, _PAD,
              ('outsize', 'The spatial output shape (a tuple), or ``None`` for '
                          '``stride_i * (d_i - 1) + k_i - 2 * pad_i``.')],
        returns='An array of shape (N, out_channels, o_1, ..., o_n).',
        raises=[_SHAPES, BAD_DEVICES]),
    'linear': doc(
        'Affine map ``y = x @ w.T + b`` over the trailing axes of ``x``.',
        notes='The first ``n_batch_axes`` axes of ``x`` are batch axes; the others are flattened into the '
              'input features. ' + _DTYPE,
        args=[('x', 'Input array.'), ('w', 'Weights of shape (out_features, in_features).'),
              ('b', 'Bias of shape (out_features,), or ``None``.'),
              ('n_batch_axes', 'The number of leading batch axes of ``x``.')],
        returns='An array of shape ``x.shape[:n_batch_axes] + (out_features,)``.',
        raises=[('chainerx.DimensionError', 'If the feature sizes do not match.'), BAD_DEVICES]),
}
