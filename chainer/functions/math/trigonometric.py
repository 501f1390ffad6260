"""Trigonometric functions and their inverses: sin, cos, tan, arcsin, arccos, arctan, arctan2.

See Note [Elementwise tables] in unary.py.
"""

import chainerx

from chainer.functions.math import unary
from chainer.functions.math.sqrt import rsqrt
from chainer.functions.math.square import square


def _one_minus_square(x):
    return 1.0 - square(x)


Sin, sin = unary.define(
    'sin', __name__, lambda x, y, gy: gy * cos(x), chainerx_forward=chainerx.sin,
    summary='Elementwise sine function.', formula=r'y_i = \sin x_i')

Cos, cos = unary.define(
    'cos', __name__, lambda x, y, gy: -gy * sin(x), chainerx_forward=chainerx.cos,
    summary='Elementwise cosine function.', formula=r'y_i = \cos x_i')

Tan, tan = unary.define(
    'tan', __name__, lambda x, y, gy: gy * (square(y) + 1.0), retain='y',
    chainerx_forward=chainerx.tan,
    summary='Elementwise tangent function.', formula=r'y_i = \tan x_i')

Arcsin, arcsin = unary.define(
    'arcsin', __name__, lambda x, y, gy: gy * rsqrt(_one_minus_square(x)),
    chainerx_forward=chainerx.arcsin,
    summary='Elementwise arcsine function.', formula=r'y_i = \arcsin x_i')

Arccos, arccos = unary.define(
    'arccos', __name__, lambda x, y, gy: -gy * rsqrt(_one_minus_square(x)),
    chainerx_forward=chainerx.arccos,
    summary='Elementwise arccosine function.', formula=r'y_i = \arccos x_i')

Arctan, arctan = unary.define(
    'arctan', __name__, lambda x, y, gy: gy / (square(x) + 1.0),
    chainerx_forward=chainerx.arctan,
    summary='Elementwise arctangent function.', formula=r'y_i = \arctan x_i')


def _arctan2_grad(x1, x2, gy, i):
    # d/dx1 atan2(x1, x2) = x2 / (x1^2 + x2^2), d/dx2 = -x1 / (x1^2 + x2^2)
    scale = gy / (square(x1) + square(x2))
    return scale * x2 if i == 0 else -scale * x1


Arctan2, _arctan2 = unary.define_binary(
    'arctan2', __name__, ('x1', 'x2'), _arctan2_grad,
    summary='Elementwise arctangent of x1 / x2, choosing the quadrant by the signs of both.')


def arctan2(x1, x2):
    """Elementwise arctangent of `x1 / x2`, in the quadrant given by the signs of both.

    .. math::

        y_i = \\operatorname{atan2}(x_{1,i}, x_{2,i}) \\in [-\\pi, \\pi]

    Args:
        x1 (~chainer.Variable or :ref:`ndarray`): The y-coordinates (floating point).
        x2 (~chainer.Variable or :ref:`ndarray`): The x-coordinates, of the dtype of `x1` and a
            shape broadcastable with it.

    Returns:
        ~chainer.Variable: The angles in radians, of the broadcast shape.
    """
    return _arctan2(x1, x2)
