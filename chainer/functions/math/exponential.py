"""Exponentials and logarithms: exp, expm1, log, log1p, log2, log10 (Note [Elementwise tables])."""

import math

import chainerx

from chainer.functions.math import unary

_LN2 = math.log(2.0)
_LN10 = math.log(10.0)

Exp, exp = unary.define(
    'exp', __name__, lambda x, y, gy: gy * y, retain='y', chainerx_forward=chainerx.exp,
    summary='Elementwise exponential function.', formula=r'y_i = \exp(x_i)')

Expm1, expm1 = unary.define(
    'expm1', __name__, lambda x, y, gy: gy * (y + 1.0), retain='y', chainerx_forward=chainerx.expm1,
    summary='Elementwise exponential minus one, accurate for small inputs.',
    formula=r'y_i = \exp(x_i) - 1')

Log, log = unary.define(
    'log', __name__, lambda x, y, gy: gy / x, chainerx_forward=chainerx.log,
    summary='Elementwise natural logarithm function.', formula=r'y_i = \ln x_i')

Log1p, log1p = unary.define(
    'log1p', __name__, lambda x, y, gy: gy / (x + 1.0), chainerx_forward=chainerx.log1p,
    summary='Elementwise natural logarithm of one plus the input, accurate for small inputs.',
    formula=r'y_i = \ln(1 + x_i)')

Log2, log2 = unary.define(
    'log2', __name__, lambda x, y, gy: gy / (x * _LN2), chainerx_forward=chainerx.log2,
    summary='Elementwise logarithm function to the base 2.', formula=r'y_i = \log_2 x_i')

Log10, log10 = unary.define(
    'log10', __name__, lambda x, y, gy: gy / (x * _LN10), chainerx_forward=chainerx.log10,
    summary='Elementwise logarithm function to the base 10.', formula=r'y_i = \log_{10} x_i')
