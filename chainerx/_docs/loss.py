"""Docstrings of the loss functions and accuracy (chainerx/python/loss.cc). None of them reduces: each
returns per-element (or per-sample) losses, as the original's binding did."""

from chainerx._docs._format import BAD_SHAPES, MATH_DTYPE, doc

_NOTES = MATH_DTYPE.replace('inputs', 'operands') + ' Differentiable.'
_X1_X2 = [('x1', 'First input.'), ('x2', 'Second input, of the same (or a broadcastable) shape.')]
_SAMPLES = ('chainerx.DimensionError', 'If ``x1`` is not 2-d (N, K) or ``x2`` is not 1-d (N,).')
_ELEMENTWISE = 'A new array of the broadcast shape.'

DOCS = {
    'absolute_error': doc('Elementwise absolute error ``|x1 - x2|``.',
                          notes='The result dtype follows chainerx promotion (bool operands are rejected). '
                                'Differentiable.',
                          args=_X1_X2, returns=_ELEMENTWISE,
                          raises=[('chainerx.DtypeError', 'If an operand is bool.'), BAD_SHAPES]),
    'squared_error': doc('Elementwise squared error ``(x1 - x2) ** 2``.',
                         notes='The result dtype follows chainerx promotion, so integer operands keep their '
                               'integer dtype (and wrap on overflow); bool operands are rejected. '
                               'Differentiable.',
                         args=_X1_X2, returns=_ELEMENTWISE,
                         raises=[('chainerx.DtypeError', 'If an operand is bool.'), BAD_SHAPES],
                         example='''
                             >>> x1, x2 = chainerx.array([1, 2], 'int8'), chainerx.array([3, 5], 'int8')
                             >>> chainerx.squared_error(x1, x2)
                             array([4, 9], shape=(2,), dtype=int8, device='native:0')'''),
    'gaussian_kl_divergence': doc(
        'Elementwise KL divergence of N(mean, exp(ln_var)) from N(0, 1): '
        '``(mean ** 2 + exp(ln_var) - ln_var - 1) / 2``.',
        notes=_NOTES, args=[('mean', 'Means.'), ('ln_var', 'Logarithms of the variances.')],
        returns=_ELEMENTWISE, raises=[BAD_SHAPES]),
    'huber_loss': doc(
        'Elementwise Huber loss of ``d = x1 - x2``: ``d ** 2 / 2`` if ``|d| < delta`` else '
        '``delta * (|d| - delta / 2)``.',
        notes=_NOTES + ' The composite of those two branches, so twice differentiable: the second derivative '
                       'is 1 where ``|d| < delta`` (``d = 0`` included) and 0 elsewhere.', args=_X1_X2 + [('delta', 'The threshold between the quadratic and linear parts.')],
        returns=_ELEMENTWISE, raises=[BAD_SHAPES]),
    'sigmoid_cross_entropy': doc(
        'Elementwise sigmoid cross entropy of logits ``x1`` and binary labels ``x2``.',
        notes='Labels equal to -1 are ignored (their loss is 0). The label values are not checked: any other '
              'value ``t`` gives ``softplus(x1) - t * x1``. ' + _NOTES
              + ' (with respect to ``x1``)',
        args=[('x1', 'Logits.'), ('x2', 'Integer labels 0 or 1 (or -1 to ignore), of the shape of ``x1``.')],
        returns='A new array of the shape of ``x1``.',
        raises=[('chainerx.DtypeError', 'If ``x2`` is not an integer array.'),
                ('chainerx.DimensionError', 'If ``x2`` does not have the shape of ``x1``.')]),
    'softmax_cross_entropy': doc(
        'Per-sample softmax cross entropy of logits ``x1`` and integer class labels ``x2``.',
        notes=_NOTES + ' (with respect to ``x1``)',
        args=[('x1', 'Logits of shape (N, K).'),
              ('x2', 'Class labels of shape (N,), in [0, K); -1 ignores the sample (its loss is 0).')],
        returns='A new array of shape (N,).',
        raises=[_SAMPLES, ('IndexError', 'For a label outside [-1, K) on the native backend. On CUDA such a '
                                         'sample\'s loss and gradients are NaN instead: checking there would make '
                                         'the host wait for the device at every step.')]),
    'hinge': doc(
        'Elementwise (unreduced) hinge loss ``max(0, 1 - t * x) ** norm``, with ``t`` = +1 for the true class '
        'and -1 for the others.',
        notes=_NOTES + ' (with respect to ``x1``)',
        args=[('x1', 'Scores of shape (N, K).'), ('x2', 'Class labels of shape (N,), in [0, K).'),
              ('norm', 'The exponent (1 for L1, 2 for L2).')],
        returns='A new array of shape (N, K).',
        raises=[_SAMPLES, ('IndexError', 'For a label outside [0, K) on the native backend. On CUDA such a '
                                         'sample\'s row of the loss is NaN instead (and its gradient 0): checking '
                                         'there would make the host wait for the device at every call.')]),
    'accuracy': doc(
        'The fraction of samples whose highest-scoring class is the label.',
        notes='The prediction of a sample is the first position of the maximum of its scores along axis 1 (a NaN '
              'being the maximum). The result is a 0-d array of the dtype of ``y`` (0 when no sample counts), '
              'computed in one kernel; not differentiable.',
        args=[('y', 'Float scores of shape (N, K, ...), classes on axis 1 (K > 0).'),
              ('t', 'Signed integer labels with N rows: the predictions ``argmax(y, 1)`` are reshaped to their '
                    'shape (usually (N, ...); ``y`` of shape (N, K, 1) fits ``t`` of shape (N,)).'),
              ('ignore_label', 'Samples with this label are left out of the count; ``None`` keeps all.')],
        returns='A 0-d array.',
        raises=[('chainerx.DtypeError', 'If ``y`` is not a float array, or ``t`` not a signed integer array.'),
                ('chainerx.DimensionError', 'If ``y`` is not at least 2-d or has no class, ``y.shape[0] != '
                                            't.shape[0]``, or the predictions cannot be reshaped to ``t.shape``.'),
                ('chainerx.DeviceError', 'If ``y`` and ``t`` are on different devices.')],
        example='''
            >>> y = chainerx.array([[0.1, 0.9], [0.8, 0.2], [0.3, 0.7]], 'float64')
            >>> chainerx.accuracy(y, chainerx.array([1, 1, 1], 'int32'))
            array(0.66666667, shape=(), dtype=float64, device='native:0')'''),
}
