"""Hyperbolic routines: sinh cosh tanh arcsinh arccosh (spec A.6).

Math functions compute in the input's float dtype, and in float32 for every other dtype. The tests
shared by the math families come from unary_math_tests; this file holds the family's table.
"""

import numpy

import chainerx as chx

import unary_math_tests
from unary_math_tests import Op


def _at_least_one_and_a_half(v):
    return numpy.abs(v) + 1.25


_OPS = {
    'sinh': Op(chx.sinh, numpy.sinh),
    'cosh': Op(chx.cosh, numpy.cosh),
    'tanh': Op(chx.tanh, numpy.tanh),
    'arcsinh': Op(chx.arcsinh, numpy.arcsinh),
    'arccosh': Op(chx.arccosh, numpy.arccosh, _at_least_one_and_a_half),
}

# Overflow to inf (float16 sinh(12) is out of range), the pole of arccosh' at 1 and its NaN domain.
_SPECIAL_VALUES = [numpy.inf, -numpy.inf, numpy.nan, 0.0, -0.0, 1.0, 0.5, -1.0, 12.0, 1e3]

unary_math_tests.install(globals(), _OPS, _SPECIAL_VALUES)
