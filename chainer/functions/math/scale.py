"""F.scale: multiplies an array by another along a run of its axes (broadcasting the rest)."""

from chainer import variable
from chainer.functions.math.bias import ALONG_AXIS_DOC
from chainer.functions.math.bias import along_axis


def scale(x, y, axis=1):
    """Elementwise product of `x` and `y` broadcast along the axes of `x` from `axis` on.

    `y` must have the shape ``x.shape[axis:axis + y.ndim]``; every such slice of `x` is multiplied
    by it. Typical use: a per-channel scale, ``scale(x, gamma)`` with x of shape (N, C, H, W),
    gamma of (C,).
    """
    return variable.as_variable(x) * along_axis(x, y, axis)


scale.__doc__ += ALONG_AXIS_DOC.format(role='scale', result='product', x='ones')
