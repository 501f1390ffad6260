"""F.maximum and F.minimum: elementwise max/min of two inputs; the gradient goes to the chosen one.

Ties go to the first input, as in the original (and as chainerx's own backward does).
"""

import operator

from chainer.functions.math import unary


def _grad_to_chosen(first_chosen, second_chosen):
    def grad(x1, x2, gy, i):
        chosen = (first_chosen, second_chosen)[i]
        return unary.mask(gy, chosen(x1.array, x2.array))
    return grad


Maximum, _maximum = unary.define_binary(
    'maximum', __name__, ('x1', 'x2'), _grad_to_chosen(operator.ge, operator.lt),
    summary='Elementwise maximum of two inputs.')

Minimum, _minimum = unary.define_binary(
    'minimum', __name__, ('x1', 'x2'), _grad_to_chosen(operator.le, operator.gt),
    summary='Elementwise minimum of two inputs.')


_DOC = """

    The gradient goes to the input that is chosen; to `x1` where they are equal.

    Args:
        x1 (~chainer.Variable or :ref:`ndarray`): Input variable (floating point).
        x2 (~chainer.Variable or :ref:`ndarray`): Input variable of the dtype of `x1`.

    Returns:
        ~chainer.Variable: Output variable, of the broadcast shape.
    """


def maximum(x1, x2):
    """Elementwise maximum of two inputs (broadcast against each other)."""
    return _maximum(x1, x2)


def minimum(x1, x2):
    """Elementwise minimum of two inputs (broadcast against each other)."""
    return _minimum(x1, x2)


maximum.__doc__ += _DOC
minimum.__doc__ += _DOC
