"""F.floor, F.ceil and F.fix: rounding to integral values, off the graph as in the original."""

from chainer.functions.math import unary

floor = unary.define_nondifferentiable(
    'floor', __name__, 'Elementwise floor function: the largest integer not above each element.',
    r'y_i = \lfloor x_i \rfloor')

ceil = unary.define_nondifferentiable(
    'ceil', __name__, 'Elementwise ceil function: the smallest integer not below each element.',
    r'y_i = \lceil x_i \rceil')


def _fix(xp, x):
    # chainerx.fix goes through NumPy (a copy to the host and back); this stays on the device.
    return xp.where(x < 0, xp.ceil(x), xp.floor(x))


fix = unary.define_nondifferentiable(
    'fix', __name__,
    'Elementwise rounding toward zero (floor for positive elements, ceil for negative ones).',
    xp_forward=_fix)
