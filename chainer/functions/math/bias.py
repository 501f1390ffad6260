"""F.bias: adds an array to another along a run of its axes (broadcasting the rest)."""

from chainer import variable
from chainer.functions.array.reshape import reshape
from chainer.utils import _checks


def along_axis(x, y, axis):
    """Reshapes `y` so that it broadcasts against `x` along the axes from `axis` on.

    Raises:
        ValueError: `axis` is out of range, or `y`'s shape differs from those axes of `x`.
    """
    x_shape, y_shape = _checks.shape_of(x), _checks.shape_of(y, 'y')
    n = len(y_shape)
    if not 0 <= axis <= len(x_shape) - n or x_shape[axis:axis + n] != y_shape:
        raise ValueError('y of shape {} does not match the axes of x of shape {} from axis {}'
                         .format(y_shape, x_shape, axis))
    return reshape(y, (1,) * axis + y_shape + (1,) * (len(x_shape) - axis - n))


# The docstring of bias and scale after the summary paragraph.
ALONG_AXIS_DOC = """
    Args:
        x (~chainer.Variable or array): The input (float).
        y (~chainer.Variable or array): The {role}, of the dtype of `x`.
        axis (int): The first axis of `x` along which `y` lies.

    Returns:
        ~chainer.Variable: The {result}, of the shape of `x`.

    Raises:
        ValueError: `y` does not match the axes of `x` from `axis` on.
        ~chainer.utils.type_check.InvalidType: The dtypes differ.

    Example:
        >>> F.{role}(numpy.{x}((2, 3)), numpy.arange(3.)).array
        array([[0., 1., 2.],
               [0., 1., 2.]])
    """


def bias(x, y, axis=1):
    """Elementwise sum of `x` and `y` broadcast along the axes of `x` from `axis` on.

    `y` must have the shape ``x.shape[axis:axis + y.ndim]``; it is added to every such slice of
    `x`. Typical use: a per-channel bias, ``bias(x, b)`` with x of shape (N, C, H, W), b of (C,).
    """
    return variable.as_variable(x) + along_axis(x, y, axis)


bias.__doc__ += ALONG_AXIS_DOC.format(role='bias', result='sum', x='zeros')
