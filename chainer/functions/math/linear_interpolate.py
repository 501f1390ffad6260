"""F.linear_interpolate: p * x + (1 - p) * y, elementwise."""

from chainer import function_node
from chainer import utils
from chainer.utils import type_check


def _interpolate(p, x, y):
    # A one of p's dtype: under NumPy 1.x, 1 - p of a 0-d float16 p would be float64.
    return p * x + (p.dtype.type(1) - p) * y


class LinearInterpolate(function_node.FunctionNode):
    """Elementwise linear interpolation between x (at p = 1) and y (at p = 0)."""

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('p', 'x', 'y'))
        p_type, x_type, y_type = in_types
        type_check.expect(
            p_type.dtype.kind == 'f',
            p_type.dtype == x_type.dtype,
            p_type.dtype == y_type.dtype,
            p_type.shape == x_type.shape,
            p_type.shape == y_type.shape,
        )

    def forward_chainerx(self, inputs):
        p, x, y = inputs
        dtype, shape = p.dtype, p.shape
        if (dtype.kind != 'f' or x.dtype != dtype or y.dtype != dtype or x.shape != shape
                or y.shape != shape):
            return function_node.Fallback  # the type check names the error
        return _interpolate(p, x, y),

    def forward(self, inputs):
        self.retain_inputs((0, 1, 2))
        return utils.force_array(_interpolate(*inputs)),

    def backward(self, indexes, grad_outputs):
        p, x, y = self.get_retained_inputs()
        g, = grad_outputs
        gx = g * p
        grads = (g * (x - y) if 0 in indexes else None, gx, g - gx)
        return tuple([grads[i] for i in indexes])


def linear_interpolate(p, x, y):
    """Interpolates linearly between two arrays: ``p * x + (1 - p) * y``, elementwise.

    Args:
        p (~chainer.Variable or array): The weights of `x` (float).
        x (~chainer.Variable or array): The first array, of the dtype and shape of `p`.
        y (~chainer.Variable or array): The second array, of the dtype and shape of `p`.

    Returns:
        ~chainer.Variable: The interpolation.

    Raises:
        ~chainer.utils.type_check.InvalidType: The dtypes or shapes differ, or are not float.

    Example:
        >>> F.linear_interpolate(numpy.array([0., 0.25]), numpy.ones(2), numpy.zeros(2)).array
        array([0.  , 0.25])
    """
    return LinearInterpolate().apply((p, x, y))[0]
