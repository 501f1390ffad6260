"""Docstrings of batch_norm and fixed_batch_norm (chainerx/python/normalization.cc)."""

from chainerx._docs._format import doc

_AXIS = ('axis', 'The axes to normalise over (int or sequence); ``None`` means all axes but axis 1 '
                 '(the channels).')
_PARAM_SHAPE = 'of the shape of ``x`` without the normalised axes'
_EPS = ('eps', 'Added to the variance for stability.')
_SHAPES = ('chainerx.DimensionError', 'If a parameter does not have the shape ' + _PARAM_SHAPE + '.')

DOCS = {
    'batch_norm': doc(
        'Batch normalisation in training mode: ``gamma * (x - mean) / sqrt(var + eps) + beta`` with the '
        'batch statistics.',
        notes='Updates ``running_mean`` and ``running_var`` in place: ``r = decay * r + (1 - decay) * '
              'batch_stat`` (the variance unbiased). Bool and integer inputs give float32. Differentiable '
              'in ``x``, ``gamma`` and ``beta``.',
        args=[('x', 'Input array.'), ('gamma', 'Scale, ' + _PARAM_SHAPE + '.'),
              ('beta', 'Shift, ' + _PARAM_SHAPE + '.'),
              ('running_mean', 'Running mean, updated in place.'),
              ('running_var', 'Running variance, updated in place.'), _EPS,
              ('decay', 'Decay rate of the running statistics.'), _AXIS],
        returns='A new array of the shape of ``x``.', raises=[_SHAPES]),
    'fixed_batch_norm': doc(
        'Batch normalisation with given statistics (inference mode): '
        '``gamma * (x - mean) / sqrt(var + eps) + beta``.',
        notes='Bool and integer inputs give float32. Differentiable.',
        args=[('x', 'Input array.'), ('gamma', 'Scale, ' + _PARAM_SHAPE + '.'),
              ('beta', 'Shift, ' + _PARAM_SHAPE + '.'), ('mean', 'Mean.'), ('var', 'Variance.'), _EPS, _AXIS],
        returns='A new array of the shape of ``x``.', raises=[_SHAPES]),
}
