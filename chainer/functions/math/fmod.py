"""F.fmod: the elementwise remainder of division, with the sign of the dividend (C's fmod)."""

from chainer.functions.math import unary


def _fmod_grad(x, divisor, gy, i):
    # fmod(x, d) = x - fix(x / d) * d: the quotient is piecewise constant.
    if i == 0:
        return gy
    return gy * -x.xp.fix(x.array / divisor.array)


Fmod, _fmod = unary.define_binary(
    'fmod', __name__, ('x', 'divisor'), _fmod_grad,
    summary='Elementwise remainder of division, with the sign of the dividend.')


def fmod(x, divisor):
    """Elementwise remainder of `x / divisor`, with the sign of `x` (C's fmod, not Python's %).

    .. math::

        y_i = x_i - \\operatorname{fix}(x_i / d_i) \\, d_i

    Args:
        x (~chainer.Variable or :ref:`ndarray`): The dividend (floating point).
        divisor (~chainer.Variable or :ref:`ndarray`): The divisor, of the dtype of `x` and a shape
            broadcastable with it.

    Returns:
        ~chainer.Variable: Output variable, of the broadcast shape.
    """
    return _fmod(x, divisor)
