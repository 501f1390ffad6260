"""Docstrings of the exponential, logarithm and special functions (chainerx/python/explog.cc)."""

from chainerx._docs._format import BAD_AXIS, KEEPDIMS, MATH_DTYPE, X, doc
from chainerx._docs._templates import unary_docs

_SOFTMAX_AXIS = ('axis', 'The axis (int or sequence) to normalise over; ``None`` means axis 1.')

DOCS = unary_docs({
    'exp': 'Exponential, elementwise: ``e ** x``.',
    'expm1': '``exp(x) - 1``, elementwise, accurate for small ``x``.',
    'exp2': '``2 ** x``, elementwise.',
    'log': 'Natural logarithm, elementwise (NaN below 0, -inf at 0).',
    'log10': 'Base-10 logarithm, elementwise.',
    'log2': 'Base-2 logarithm, elementwise.',
    'log1p': '``log(1 + x)``, elementwise, accurate for small ``x``.',
    'erf': 'The error function, elementwise.',
})
DOCS.update({
    'logsumexp': doc(
        '``log(sum(exp(x)))`` over the given axes, computed without overflow.',
        notes=MATH_DTYPE + ' Differentiable.',
        args=[X, ('axis', 'An axis, a sequence of axes or ``None`` for all axes.'), KEEPDIMS],
        returns='A new array with the reduced axes removed (or kept with length one).',
        raises=[BAD_AXIS, ('chainerx.DimensionError', 'If a reduced axis has length zero.')]),
    'log_softmax': doc(
        'Logarithm of the softmax over ``axis``: ``x - logsumexp(x, axis, keepdims=True)``.',
        notes=MATH_DTYPE + ' Differentiable.', args=[X, _SOFTMAX_AXIS],
        returns='A new array of the shape of ``x``.', raises=[BAD_AXIS]),
    'softmax': doc(
        'Softmax over ``axis``: ``exp(x) / sum(exp(x), axis)``.',
        notes=MATH_DTYPE + ' Differentiable.', args=[X, _SOFTMAX_AXIS],
        returns='A new array of the shape of ``x`` whose values along ``axis`` sum to one.',
        raises=[BAD_AXIS],
        example='''
            >>> chainerx.softmax(chainerx.zeros((1, 4))).tolist()
            [[0.25, 0.25, 0.25, 0.25]]'''),
})
