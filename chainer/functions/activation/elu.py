"""F.elu: the exponential linear unit, x for x > 0 and alpha * (exp(x) - 1) elsewhere."""

import chainerx

from chainer import backend
from chainer import function_node
from chainer.functions.activation import _util


class ELU(_util.Unary):
    """Exponential linear unit; the gradient at 0 is alpha, the left derivative (Note [Kink
    gradients])."""

    chainerx_routine = staticmethod(chainerx.elu)

    def __init__(self, alpha=1.0):
        self.alpha = alpha
        self.params = (alpha,)

    def forward(self, inputs):
        x, = inputs
        self.retain_inputs((0,))
        self.retain_outputs((0,))
        xp = backend.get_array_module(x)
        return _util.where(x > 0, x, xp.expm1(xp.minimum(x, 0)) * self.alpha),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        y, = self.get_retained_outputs()
        return ELUGrad(x.array > 0, self.alpha).apply((y, grad_outputs[0]))


class ELUGrad(function_node.FunctionNode):
    """gx = gy where x > 0, else gy * (y + alpha): the derivative written with the output y."""

    _chainerx_xp_forward = True

    def __init__(self, positive, alpha):
        self.positive = positive
        self.alpha = alpha

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        y, gy = inputs
        return _util.where(self.positive, gy, gy * (y + self.alpha)),

    def backward(self, indexes, grad_outputs):
        y, gy = self.get_retained_inputs()
        ggx, = grad_outputs
        ret = []
        if 0 in indexes:
            negative = backend.get_array_module(self.positive).logical_not(self.positive)
            ret.append(ggx * gy * negative.astype(gy.dtype))
        if 1 in indexes:
            ret.append(ELUGrad(self.positive, self.alpha).apply((y, ggx))[0])
        return ret


def elu(x, alpha=1.0):
    """Exponential linear unit: ``x`` where ``x > 0``, ``alpha * (exp(x) - 1)`` elsewhere.

    Args:
        x (~chainer.Variable or array): Input of a floating-point dtype.
        alpha (float): Scale of the negative part.

    Returns:
        ~chainer.Variable: Output of the same shape and dtype.

    Example:
        >>> F.elu(numpy.array([-1., 0., 2.], numpy.float32)).array
        array([-0.63212055,  0.        ,  2.        ], dtype=float32)
    """
    return _util.apply_unary(ELU, x, float(alpha))
