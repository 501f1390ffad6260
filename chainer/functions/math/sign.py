"""F.sign and F.absolute: the sign of each element (off the graph) and the absolute value."""

from chainer import variable
from chainer.functions.math import basic_math
from chainer.functions.math import unary

sign = unary.define_nondifferentiable(
    'sign', __name__, 'Elementwise sign function: -1, 0 or 1 (NaN for NaN).',
    r'y_i = \operatorname{sgn}(x_i)')


def absolute(x):
    """Elementwise absolute value function.

    The gradient is `sign(x)` (0 at 0). The same as `abs(x)` on a Variable.

    .. math::

        y_i = |x_i|

    Args:
        x (~chainer.Variable or :ref:`ndarray`): Input variable (floating point).

    Returns:
        ~chainer.Variable: Output variable, of the floating-point dtype and the shape of the input.
    """
    if isinstance(x, variable.Variable):
        return abs(x)  # Variable.__abs__: chainerx.absolute directly for chainerx arrays
    return basic_math.Absolute().apply((x,))[0]
