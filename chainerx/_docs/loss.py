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
    'squared_error': doc('Elementwise squared error ``(x1 - x2) ** 2``.', notes=_NOTES, args=_X1_X2,
                         returns=_ELEMENTWISE,
                         raises=[('chainerx.DtypeError', 'If an operand is bool.'), BAD_SHAPES]),
    'gaussian_kl_divergence': doc(
        'Elementwise KL divergence of N(mean, exp(ln_var)) from N(0, 1): '
        '``(mean ** 2 + exp(ln_var) - ln_var - 1) / 2``.',
        notes=_NOTES, args=[('mean', 'Means.'), ('ln_var', 'Logarithms of the variances.')],
        returns=_ELEMENTWISE, raises=[BAD_SHAPES]),
    'huber_loss': doc(
        'Elementwise Huber loss of ``d = x1 - x2``: ``d ** 2 / 2`` if ``|d| <= delta`` else '
        '``delta * (|d| - delta / 2)``.',
        notes=_NOTES, args=_X1_X2 + [('delta', 'The threshold between the quadratic and linear parts.')],
        returns=_ELEMENTWISE, raises=[BAD_SHAPES]),
    'sigmoid_cross_entropy': doc(
        'Elementwise sigmoid cross entropy of logits ``x1`` and binary labels ``x2``.',
        notes='Labels equal to -1 are ignored (their loss is 0). ' + _NOTES + ' (with respect to ``x1``)',
        args=[('x1', 'Logits.'), ('x2', 'Integer labels 0 or 1 (or -1 to ignore), of the shape of ``x1``.')],
        returns='A new array of the shape of ``x1``.', raises=[BAD_SHAPES]),
    'softmax_cross_entropy': doc(
        'Per-sample softmax cross entropy of logits ``x1`` and integer class labels ``x2``.',
        notes=_NOTES + ' (with respect to ``x1``)',
        args=[('x1', 'Logits of shape (N, K).'), ('x2', 'Class labels of shape (N,).')],
        returns='A new array of shape (N,).', raises=[_SAMPLES]),
    'hinge': doc(
        'Elementwise (unreduced) hinge loss ``max(0, 1 - t * x) ** norm``, with ``t`` = +1 for the true class '
        'and -1 for the others.',
        notes=_NOTES + ' (with respect to ``x1``)',
        args=[('x1', 'Scores of shape (N, K).'), ('x2', 'Class labels of shape (N,).'),
              ('norm', 'The exponent (1 for L1, 2 for L2).')],
        returns='A new array of shape (N, K).', raises=[_SAMPLES]),
    'accuracy': doc(
        'The fraction of samples whose highest-scoring class is the label.',
        notes='The result is a float32 0-d array (float16/float64 for such ``y``). Not differentiable.',
        args=[('y', 'Scores of shape (N, K) (or (N, K, ...), classes on axis 1).'), ('t', 'Integer labels.'),
              ('ignore_label', 'Samples with this label are left out of the count; ``None`` keeps all.')],
        returns='A 0-d array.', raises=[('chainerx.DimensionError', 'If the shapes of ``y`` and ``t`` do not '
                                                                    'match.')]),
}
