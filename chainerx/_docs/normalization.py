"""Docstrings of batch_norm and fixed_batch_norm (chainerx/python/normalization.cc)."""

from chainerx._docs._format import doc

_AXIS = ('axis', 'The axes to normalise over (int or sequence); ``None`` means all axes but axis 1 '
                 '(the channels).')
_PARAM_SHAPE = 'of the shape of ``x`` without the normalised axes'
_EPS = ('eps', 'Added to the variance for stability.')
_SHAPES = ('chainerx.DimensionError', 'If a parameter does not have the shape ' + _PARAM_SHAPE + '.')
_DTYPE = ('Computed in the promoted dtype of {operands}; the result has the dtype of ``x``.')
_NOT_FLOAT = ('chainerx.DtypeError', 'If ``x`` is not a float array.')

DOCS = {
    'batch_norm': doc(
        'Batch normalisation in training mode: ``gamma * (x - mean) / sqrt(var + eps) + beta`` with the '
        'batch statistics.',
        notes='Updates ``running_mean`` and ``running_var`` in place: ``r = decay * r + (1 - decay) * '
              'batch_stat`` (the variance unbiased). '
              + _DTYPE.format(operands='``x``, ``gamma`` and ``beta``') + ' Differentiable in ``x``, ``gamma`` '
              'and ``beta``.',
        args=[('x', 'Input array.'), ('gamma', 'Scale, ' + _PARAM_SHAPE + '.'),
              ('beta', 'Shift, ' + _PARAM_SHAPE + '.'),
              ('running_mean', 'Running mean, updated in place.'),
              ('running_var', 'Running variance, updated in place.'), _EPS,
              ('decay', 'Decay rate of the running statistics.'), _AXIS],
        returns='A new array of the shape and dtype of ``x``.', raises=[_SHAPES, _NOT_FLOAT],
        example='''
            >>> x = chainerx.array([[0., 2.], [2., 6.]], 'float16')
            >>> p = chainerx.ones((2,), 'float32')
            >>> chainerx.batch_norm(x, p, p * 0, chainerx.zeros((2,)), chainerx.ones((2,)))
            array([[-1., -1.],
                   [ 1.,  1.]], shape=(2, 2), dtype=float16, device='native:0')'''),
    'fixed_batch_norm': doc(
        'Batch normalisation with given statistics (inference mode): '
        '``gamma * (x - mean) / sqrt(var + eps) + beta``.',
        notes=_DTYPE.format(operands='``x``, ``gamma``, ``beta``, ``mean`` and ``var``') + ' Differentiable.',
        args=[('x', 'Input array.'), ('gamma', 'Scale, ' + _PARAM_SHAPE + '.'),
              ('beta', 'Shift, ' + _PARAM_SHAPE + '.'), ('mean', 'Mean.'), ('var', 'Variance.'), _EPS, _AXIS],
        returns='A new array of the shape and dtype of ``x``.', raises=[_SHAPES, _NOT_FLOAT]),
}
