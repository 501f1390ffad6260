"""Docstrings of the rounding functions (chainerx/python/rounding.cc); ``fix`` is Python-level."""

from chainerx._docs._templates import unary_docs

DOCS = unary_docs({
    'ceil': 'The smallest integer not less than each element, as a float.',
    'floor': 'The largest integer not greater than each element, as a float.',
}, domain='The gradient is zero almost everywhere.')
