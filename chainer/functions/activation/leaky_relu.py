"""F.leaky_relu: x for x >= 0, slope * x below."""

import chainerx

from chainer.functions.activation import _util


class LeakyReLU(_util.Unary):
    """Leaky rectifier; the gradient at 0 is 1 (Note [Kink gradients])."""

    chainerx_routine = staticmethod(chainerx.leaky_relu)

    def __init__(self, slope=0.2):
        self.slope = slope
        self.params = (slope,)

    def forward(self, inputs):
        x, = inputs
        self.retain_inputs((0,))
        return _util.where(x >= 0, x, x * self.slope),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        gy, = grad_outputs
        xp = x.xp
        return gy * xp.where(x.array >= 0, 1, self.slope).astype(gy.dtype),


def leaky_relu(x, slope=0.2):
    """Leaky rectified linear unit: ``x`` where ``x >= 0``, ``slope * x`` elsewhere.

    Args:
        x (~chainer.Variable or array): Input of a floating-point dtype.
        slope (float): Slope of the negative part.

    Returns:
        ~chainer.Variable: Output of the same shape and dtype.

    Example:
        >>> F.leaky_relu(numpy.array([-2., 0., 3.], numpy.float32), slope=0.1).array
        array([-0.2,  0. ,  3. ], dtype=float32)
    """
    return _util.apply_unary(LeakyReLU, x, float(slope))
