"""F.scale: multiplies an array by another along a run of its axes (broadcasting the rest)."""

from chainer import variable
from chainer.functions.math.bias import along_axis


def scale(x, y, axis=1):
    """Elementwise product of `x` and `y` broadcast along the axes of `x` from `axis` on.

    `y` must have the shape ``x.shape[axis:axis + y.ndim]``; every such slice of `x` is multiplied
    by it. Typical use: a per-channel scale, ``scale(x, gamma)`` with x of shape (N, C, H, W),
    gamma of (C,).

    Args:
        x (~chainer.Variable or array): The input (float).
        y (~chainer.Variable or array): The scale, of the dtype of `x`.
        axis (int): The first axis of `x` along which `y` lies.

    Returns:
        ~chainer.Variable: The product, of the shape of `x`.

    Raises:
        ValueError: `y` does not match the axes of `x` from `axis` on.
        ~chainer.utils.type_check.InvalidType: The dtypes differ.

    Example:
        >>> F.scale(numpy.ones((2, 3)), numpy.arange(3.)).array
        array([[0., 1., 2.],
               [0., 1., 2.]])
    """
    return variable.as_variable(x) * along_axis(x, y, axis)
