"""F.spatial_transformer_grid: the sampling grid of a batch of 2-d affine transformations.

The grid of output shape (H, W) applies each theta (2, 3) to the homogeneous coordinates
(x, y, 1) of the H x W points spaced evenly over [-1, 1] (x along the width, y along the
height), as the original: grid[b, :, i, j] = theta[b] (x_j, y_i, 1). So it is one product of
theta (as 2B rows of 3) with the constant (H W, 3) matrix of the points, F.linear: linear in
theta, differentiable to any order and native on chainerx Variables.
"""

import numpy

from chainer import backend
from chainer.functions import _composition
from chainer.functions.array.reshape import reshape
from chainer.functions.array.spatial_transformer_sampler import RETIRED_KWARGS
from chainer.functions.connection.linear import linear
from chainer.utils import _checks
from chainer.utils import argument
from chainer.utils import type_check


class SpatialTransformerGrid(_composition.CompositionCheck):
    """The original's check of theta: a float array (B, 2, 3)."""

    names = ('theta',)

    def check_type_forward(self, in_types):
        type_check._argname(in_types, self.names)
        theta_type, = in_types
        type_check.expect(
            theta_type.dtype.kind == 'f',
            theta_type.ndim == 3,
            theta_type.shape[1] == 2,
            theta_type.shape[2] == 3,
        )


def _points(height, width):
    """The homogeneous coordinates (x, y, 1) of the grid's points, row-major: (H W, 3)."""
    ys, xs = numpy.meshgrid(numpy.linspace(-1, 1, height), numpy.linspace(-1, 1, width),
                            indexing='ij')
    return numpy.stack([xs.ravel(), ys.ravel(), numpy.ones(height * width)], axis=1)


def spatial_transformer_grid(theta, output_shape, **kwargs):
    """The sampling grid of 2-d affine transformations (spatial transformer networks).

    Jaderberg et al., Spatial Transformer Networks (NIPS 2015). The points of an ``(H, W)``
    grid are spaced evenly over [-1, 1] in both directions (x along the width, y along the
    height, the corners at -1 and 1); each theta maps them: ``grid[b, :, i, j] = theta[b] .
    (x_j, y_i, 1)``. The result is what :func:`~chainer.functions.spatial_transformer_sampler`
    samples images at.

    Args:
        theta (~chainer.Variable or array): The affine parameters (B, 2, 3), of a float dtype.
        output_shape (tuple of two ints): The grid's ``(H, W)``.
        use_cudnn: Retired (ValueError); use ``chainer.using_config('use_cudnn', ...)``.

    Returns:
        ~chainer.Variable: The grid (B, 2, H, W) of theta's dtype: the x coordinates in
        ``grid[:, 0]``, the y coordinates in ``grid[:, 1]``.

    Raises:
        ValueError: The retired argument `use_cudnn` is given, `output_shape` is not two
            non-negative ints, or the grid is too big to allocate.
        TypeError: Another keyword argument is given, theta is no array, or an entry of
            `output_shape` is not an int.
        ~chainer.utils.type_check.InvalidType: theta's dtype or shape does not fit.

    Example:
        >>> theta = numpy.array([[[1., 0., 0.], [0., 1., 0.]]])    # the identity
        >>> F.spatial_transformer_grid(theta, (2, 3)).array
        array([[[[-1.,  0.,  1.],
                 [-1.,  0.,  1.]],
        <BLANKLINE>
                [[-1., -1., -1.],
                 [ 1.,  1.,  1.]]]])
    """
    if kwargs:
        argument.parse_kwargs(kwargs, **RETIRED_KWARGS)
    output_shape = _checks.as_shape(output_shape, 'output_shape')
    if len(output_shape) != 2 or min(output_shape) < 0:
        raise ValueError('output_shape must be two non-negative ints, got {!r}'.format(
            output_shape))
    theta_array, = SpatialTransformerGrid().run(theta)
    batch = theta_array.shape[0]
    _checks.check_size((batch, 2) + output_shape, theta_array.dtype.itemsize)
    device = backend.get_device_from_array(theta_array)
    points = device.send(_points(*output_shape).astype(theta_array.dtype))
    grid = linear(reshape(theta, (batch * 2, 3)), points)
    return reshape(grid, (batch, 2) + output_shape)
