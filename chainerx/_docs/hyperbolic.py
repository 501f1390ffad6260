"""Docstrings of the hyperbolic functions (chainerx/python/hyperbolic.cc)."""

from chainerx._docs._templates import unary_docs

DOCS = unary_docs({
    'sinh': 'Hyperbolic sine, elementwise.',
    'cosh': 'Hyperbolic cosine, elementwise.',
    'tanh': 'Hyperbolic tangent, elementwise.',
    'arcsinh': 'Inverse hyperbolic sine, elementwise.',
    'arccosh': 'Inverse hyperbolic cosine, elementwise (NaN below 1).',
})
