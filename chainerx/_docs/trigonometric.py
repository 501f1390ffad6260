"""Docstrings of the trigonometric functions (chainerx/python/trigonometric.cc)."""

from chainerx._docs._format import MATH_DTYPE
from chainerx._docs._templates import arithmetic, unary_docs

DOCS = unary_docs({
    'sin': 'Sine, elementwise (``x`` in radians).',
    'cos': 'Cosine, elementwise (``x`` in radians).',
    'tan': 'Tangent, elementwise (``x`` in radians).',
    'arcsin': 'Inverse sine, elementwise, in [-pi/2, pi/2] (NaN outside [-1, 1]).',
    'arccos': 'Inverse cosine, elementwise, in [0, pi] (NaN outside [-1, 1]).',
    'arctan': 'Inverse tangent, elementwise, in [-pi/2, pi/2].',
})
DOCS['arctan2'] = arithmetic(
    'Angle of the point ``(x2, x1)``, elementwise, in [-pi, pi] (the quadrant-aware ``arctan(x1 / x2)``).',
    bool_ok=True, scalars=False, dtype=MATH_DTYPE.replace('inputs', 'operands') + ' Float operands are promoted.')
