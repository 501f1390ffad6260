"""F.sqrt and F.rsqrt: the elementwise square root and its reciprocal.

See Note [Elementwise tables] in unary.py.
"""

import chainerx

from chainer.functions.math import unary


def _rsqrt_chainerx(x):
    return chainerx.reciprocal(chainerx.sqrt(x))


Sqrt, sqrt = unary.define(
    'sqrt', __name__, lambda x, y, gy: gy / (y * 2.0), retain='y', chainerx_forward=chainerx.sqrt,
    summary='Elementwise square root function.', formula=r'y_i = \sqrt{x_i}')

# d/dx x^(-1/2) = -x^(-3/2) / 2 = -y^3 / 2
Rsqrt, rsqrt = unary.define(
    'rsqrt', __name__, lambda x, y, gy: gy * (y * y * y * -0.5), retain='y',
    xp_forward=lambda xp, x: 1 / xp.sqrt(x), chainerx_forward=_rsqrt_chainerx,
    summary='Elementwise reciprocal square root function.', formula=r'y_i = {1 \over \sqrt{x_i}}')
