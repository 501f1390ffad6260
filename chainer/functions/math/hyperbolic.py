"""Hyperbolic functions: sinh, cosh and arctanh (Note [Elementwise tables] in unary.py)."""

import chainerx

from chainer.functions.math import unary
from chainer.functions.math.square import square


def _arctanh_chainerx(x):
    # chainerx has no arctanh. log1p(x) and log1p(-x) have opposite signs, so their difference adds
    # magnitudes without cancellation: accurate to a few ulp over (-1, 1), and differentiable in
    # C++.
    return (chainerx.log1p(x) - chainerx.log1p(-x)) * 0.5


Sinh, sinh = unary.define(
    'sinh', __name__, lambda x, y, gy: gy * cosh(x), chainerx_forward=chainerx.sinh,
    summary='Elementwise hyperbolic sine function.', formula=r'y_i = \sinh x_i')

Cosh, cosh = unary.define(
    'cosh', __name__, lambda x, y, gy: gy * sinh(x), chainerx_forward=chainerx.cosh,
    summary='Elementwise hyperbolic cosine function.', formula=r'y_i = \cosh x_i')

Arctanh, arctanh = unary.define(
    'arctanh', __name__, lambda x, y, gy: gy / (1.0 - square(x)),
    chainerx_forward=_arctanh_chainerx,
    summary='Elementwise inverse hyperbolic tangent function.', formula=r'y_i = \tanh^{-1} x_i')
