"""Exponential and logarithm routines: exp expm1 exp2 log log10 log2 log1p erf (spec A.5).

Math functions compute in the input's float dtype, and in float32 for every other dtype (NumPy would
pick float16 for int8, float64 for int64). The tests shared by the math families come from
unary_math_tests; this file holds the family's table.
"""

import math

import numpy

import chainerx as chx

import unary_math_tests
from unary_math_tests import Op

_erf = numpy.vectorize(math.erf, otypes=[numpy.float64])


def _positive(v):
    return numpy.abs(v) + 0.25


def _above_minus_one(v):
    return numpy.abs(v) - 0.5


_OPS = {
    'exp': Op(chx.exp, numpy.exp),
    'expm1': Op(chx.expm1, numpy.expm1),
    'exp2': Op(chx.exp2, numpy.exp2),
    'log': Op(chx.log, numpy.log, _positive),
    'log10': Op(chx.log10, numpy.log10, _positive),
    'log2': Op(chx.log2, numpy.log2, _positive),
    'log1p': Op(chx.log1p, numpy.log1p, _above_minus_one),
    'erf': Op(chx.erf, _erf),
}

# Values where the functions have limits, poles or no real result.
_SPECIAL_VALUES = [numpy.inf, -numpy.inf, numpy.nan, 0.0, -0.0, -1.0, 1.0, 1e-5, -1e-5, 20.0]

unary_math_tests.install(globals(), _OPS, _SPECIAL_VALUES)
