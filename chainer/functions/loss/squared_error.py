"""F.squared_error and F.squared_difference: the elementwise squared difference (x0 - x1) ** 2."""

import chainerx

from chainer import utils
from chainer.functions.loss import _difference


class SquaredError(_difference.DifferenceLoss):
    """Elementwise (x0 - x1) ** 2."""

    chainerx_routine = staticmethod(chainerx.squared_error)

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        diff = inputs[0] - inputs[1]
        return utils.force_array(diff * diff),

    def backward(self, indexes, grad_outputs):
        x0, x1 = self.get_retained_inputs()
        return self.grads(indexes, 2 * (x0 - x1) * grad_outputs[0])


class SquaredDifference(SquaredError):
    """The node of F.squared_difference (the same function under the original's name)."""

    _input_names = ('x1', 'x2')


def squared_error(x0, x1):
    """Elementwise squared error (x0 - x1) ** 2.

    Args:
        x0 (~chainer.Variable or array): Float input.
        x1 (~chainer.Variable or array): Float input of the dtype and shape of `x0`.

    Returns:
        ~chainer.Variable: The squared differences, of the shape of `x0`.
    """
    return SquaredError().apply((x0, x1))[0]


def squared_difference(x1, x2):
    """Elementwise squared difference (x1 - x2) ** 2 (the same as :func:`squared_error`).

    Args:
        x1 (~chainer.Variable or array): Float input.
        x2 (~chainer.Variable or array): Float input of the dtype and shape of `x1`.

    Returns:
        ~chainer.Variable: The squared differences, of the shape of `x1`.
    """
    return SquaredDifference().apply((x1, x2))[0]
