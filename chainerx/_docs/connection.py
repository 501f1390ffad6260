"""Docstrings of conv, conv_transpose and linear (chainerx/python/connection.cc)."""

from chainerx._docs._format import BAD_DEVICES, PROMOTION, doc

_STRIDE = ('stride', 'An int, which applies to every spatial axis, or a tuple with exactly one value per spatial '
                     'axis.')
_PAD = ('pad', 'Zero padding on both sides: an int, which applies to every spatial axis, or a tuple with exactly '
               'one value per spatial axis.')
_B = ('b', 'Bias of shape (out_channels,), or ``None``.')
_DTYPE = (PROMOTION + ' Integer inputs are allowed (computed without BLAS); bool operands give bool, each output '
          'the OR over the window of ``x AND w`` (OR-ed with ``b``). Differentiable in every input.')
_RANK2 = ('Rank-2 inputs have no spatial axes: ``x`` (N, C) and ``w`` {w_shape} give ``{product}`` (plus ``b``), '
          'of shape (N, out_channels).')
_SHAPES = ('chainerx.DimensionError', 'If the ranks or channel counts do not match, ``groups`` is below 1 or does '
                                      'not divide the channels, or a ``stride`` or ``pad`` tuple does not have one '
                                      'entry per spatial axis.')
_GROUPS = ('groups', 'The number G of channel groups: the C input and the out_channels output channels are each cut '
                     'into G consecutive parts, and each output channel sees only the C / G input channels of its '
                     'part (``groups=C`` is a depthwise convolution). One call covers every group.')

DOCS = {
    'conv': doc(
        'N-dimensional convolution (cross-correlation, as in deep learning frameworks).',
        notes=_DTYPE + '\n\n' + _RANK2.format(w_shape='(out_channels, C)', product='x @ w.T'),
        args=[('x', 'Input of shape (N, C, d_1, ..., d_n).'),
              ('w', 'Filters of shape (out_channels, C / groups, k_1, ..., k_n).'), _B, _STRIDE, _PAD,
              ('cover_all', 'If ``True``, the output covers every input element (the last window may '
                            'extend beyond the padding).'), _GROUPS],
        returns='An array of shape (N, out_channels, o_1, ..., o_n) with '
                '``o_i = (d_i + 2 * pad_i - k_i) // stride_i + 1`` (rounded up with ``cover_all``).',
        raises=[_SHAPES, BAD_DEVICES],
        example='''
            >>> chainerx.conv(chainerx.ones((1, 3, 8, 8)), chainerx.ones((4, 3, 3, 3)), pad=1).shape
            (1, 4, 8, 8)
            >>> chainerx.conv(chainerx.ones((2, 3)), chainerx.ones((4, 3))).shape
            (2, 4)
            >>> chainerx.conv(chainerx.ones((1, 6, 8, 8)), chainerx.ones((12, 1, 3, 3)), groups=6).shape
            (1, 12, 6, 6)
            >>> chainerx.conv(chainerx.array([[True, False]]), chainerx.array([[False, True], [True, True]]))
            array([[False,  True]], shape=(1, 2), dtype=bool, device='native:0')'''),
    'conv_transpose': doc(
        'N-dimensional transposed convolution (the gradient of :func:`conv` with respect to its input).',
        notes=_DTYPE + '\n\n' + _RANK2.format(w_shape='(C, out_channels)', product='x @ w'),
        args=[('x', 'Input of shape (N, C, d_1, ..., d_n).'),
              ('w', 'Filters of shape (C, out_channels / groups, k_1, ..., k_n).'), _B, _STRIDE, _PAD,
              ('outsize', 'The spatial output shape (a tuple), or ``None`` for '
                          '``stride_i * (d_i - 1) + k_i - 2 * pad_i``.'), _GROUPS],
        returns='An array of shape (N, out_channels, o_1, ..., o_n).',
        raises=[_SHAPES, BAD_DEVICES],
        example='''
            >>> chainerx.conv_transpose(chainerx.ones((1, 3, 4, 4)), chainerx.ones((3, 2, 3, 3)), stride=2).shape
            (1, 2, 9, 9)
            >>> chainerx.conv_transpose(chainerx.ones((2, 3)), chainerx.ones((3, 5))).shape
            (2, 5)'''),
    'linear': doc(
        'Affine map ``y = x @ w.T + b`` over the trailing axes of ``x``.',
        notes='The first ``n_batch_axes`` axes of ``x`` are batch axes; the others are flattened into the '
              'input features. ' + _DTYPE.replace('over the window of', 'over the features of'),
        args=[('x', 'Input array.'), ('w', 'Weights of shape (out_features, in_features).'),
              ('b', 'Bias of shape (out_features,), or ``None``.'),
              ('n_batch_axes', 'The number of leading batch axes of ``x``.')],
        returns='An array of shape ``x.shape[:n_batch_axes] + (out_features,)``.',
        raises=[('chainerx.DimensionError', 'If the feature sizes do not match.'), BAD_DEVICES],
        example='''
            >>> chainerx.linear(chainerx.array([[True, False]]), chainerx.array([[False, True], [True, True]]))
            array([[False,  True]], shape=(1, 2), dtype=bool, device='native:0')'''),
}
