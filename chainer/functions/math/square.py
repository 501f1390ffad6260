"""F.square: the elementwise square (Note [Elementwise tables] in unary.py)."""

import chainerx

from chainer.functions.math import unary

Square, square = unary.define(
    'square', __name__, lambda x, y, gy: gy * (x * 2.0), chainerx_forward=chainerx.square,
    summary='Elementwise square function.', formula=r'y_i = x_i ^ 2')
