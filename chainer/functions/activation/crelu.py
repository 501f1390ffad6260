"""F.crelu: the concatenated rectifier, relu(x) and relu(-x) joined along an axis."""

import chainerx

from chainer import backend
from chainer.functions.activation import _util


class CReLU(_util.AxisUnary):
    """Concatenated ReLU; the gradients of both halves are 0 at 0, as relu's."""

    chainerx_routine = staticmethod(chainerx.crelu)

    def forward(self, inputs):
        x, = inputs
        self.retain_inputs((0,))
        xp = backend.get_array_module(x)
        return xp.concatenate((xp.maximum(x, 0), xp.maximum(-x, 0)), axis=self.axis),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        xp = x.xp
        positive, negative = x.array > 0, x.array < 0
        axis = self.axis

        def gather(gy):
            gy_pos, gy_neg = xp.split(gy, 2, axis=axis)
            return gy_pos * positive - gy_neg * negative

        def scatter(gx):
            return xp.concatenate((gx * positive, -(gx * negative)), axis=axis)

        return _util.LinearMap(gather, scatter).apply(grad_outputs)


def crelu(x, axis=1):
    """Concatenated rectified linear unit: ``concat((relu(x), relu(-x)), axis)``.

    The output is twice as large as the input along `axis`.

    Args:
        x (~chainer.Variable or array): Input of a floating-point dtype.
        axis (int): The axis along which the two halves are concatenated.

    Returns:
        ~chainer.Variable: Output with ``2 * x.shape[axis]`` elements along `axis`.

    Example:
        >>> F.crelu(numpy.array([[-1., 2.]], numpy.float32), axis=1).array
        array([[0., 2., 1., 0.]], dtype=float32)
    """
    return _util.apply_unary(CReLU, x, axis)
