"""Docstrings of the activation functions (chainerx/python/activation.cc)."""

from chainerx._docs._format import MATH_DTYPE, X, doc
from chainerx._docs._templates import unary_docs

_NOTES = MATH_DTYPE + ' Differentiable.'


def _with_param(summary: str, param: str, text: str) -> str:
    return doc(summary, notes=_NOTES, args=[X, (param, text)], returns='A new array of the shape of ``x``.')


DOCS = unary_docs({
    'relu': 'Rectified linear unit, elementwise: ``max(x, 0)``.',
    'sigmoid': 'Logistic sigmoid, elementwise: ``1 / (1 + exp(-x))``.',
})
DOCS.update({
    'elu': _with_param('Exponential linear unit: ``x`` if ``x > 0`` else ``alpha * (exp(x) - 1)``.',
                       'alpha', 'The scale of the negative part.'),
    'leaky_relu': _with_param('Leaky rectified linear unit: ``x`` if ``x >= 0`` else ``slope * x``.',
                              'slope', 'The slope of the negative part.'),
    'clipped_relu': _with_param('Clipped rectified linear unit: ``min(max(x, 0), z)``.',
                                'z', 'The upper bound.'),
    'softplus': _with_param('Smooth approximation of relu: ``log(1 + exp(beta * x)) / beta``.',
                            'beta', 'The sharpness.'),
    'crelu': doc('Concatenated relu: ``concatenate((relu(x), relu(-x)), axis)``.', notes=_NOTES,
                 args=[X, ('axis', 'The axis to concatenate along.')],
                 returns='A new array, twice as long as ``x`` along ``axis``.'),
})
