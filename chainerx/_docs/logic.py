"""Docstrings of the comparison and logical routines (chainerx/python/logic.cc)."""

from chainerx._docs._format import X, doc
from chainerx._docs._templates import binary, comparison

_LOGICAL = 'Operands of any dtype are taken as truth values (non-zero is true). The result is a bool array.'


def _predicate(summary: str) -> str:
    return doc(summary, notes='The result is a bool array (always false/true as fits for non-float dtypes).',
               args=[X], returns='A new bool array of the shape of ``x``.')


DOCS = {
    'equal': comparison('Elementwise ``x1 == x2``.'),
    'not_equal': comparison('Elementwise ``x1 != x2``.'),
    'greater': comparison('Elementwise ``x1 > x2``.'),
    'greater_equal': comparison('Elementwise ``x1 >= x2``.'),
    'less': comparison('Elementwise ``x1 < x2``.'),
    'less_equal': comparison('Elementwise ``x1 <= x2``.'),
    'logical_and': binary('Elementwise logical AND.', dtype=_LOGICAL, scalars=False, differentiable=False),
    'logical_or': binary('Elementwise logical OR.', dtype=_LOGICAL, scalars=False, differentiable=False),
    'logical_xor': binary('Elementwise logical XOR.', dtype=_LOGICAL, scalars=False, differentiable=False),
    'logical_not': doc('Elementwise logical NOT.', notes=_LOGICAL, args=[X],
                       returns='A new bool array of the shape of ``x``.'),
    'isnan': _predicate('Tests each element for NaN.'),
    'isinf': _predicate('Tests each element for positive or negative infinity.'),
    'isfinite': _predicate('Tests each element for being finite (neither infinity nor NaN).'),
}
