"""F.spatial_transformer_sampler: bilinear sampling of images at a grid of normalized points.

Note [Bilinear sampling]: as in the original, a grid point (gx, gy) in [-1, 1] maps to the pixel
coordinates u = (gx + 1) (W - 1) / 2 and v = (gy + 1) (H - 1) / 2, so -1 and 1 are the centres of
the first and the last pixels (the corners align). The image is read as if surrounded by zeros:
the value at (u, v) is

    sum over the pixels (i, j) of max(0, 1 - |v - i|) max(0, 1 - |u - j|) x[i, j],

the bilinear interpolation of the zero-padded image, which fades to 0 over the one pixel around
the image and is 0 beyond. The original computes it in the image padded by one zero pixel on each
side, with u + 1 clipped to [0, W + 1] and its floor to [0, W] (v likewise), and so does
`sample_pixels`: it gathers the four neighbours of each point from the padded image (one gather,
channel-last, of a flat row index), and mixes them with the products of the fractional parts. The
floors are constants; the fractional parts are the clipped coordinates minus the floors, so the
gradient of a coordinate is the slope of the interpolation (the right slope at an integer), and 0
where the coordinate was clipped, as the original's mask makes it (the clip is a `where`, which
passes no gradient at the clip bounds themselves, as the original's strict comparisons).
Everything is a chainer function (pad, get_item, where, products, sum), so the sampling is
differentiable twice in both x and the coordinates, and native on chainerx Variables.
"""

import numpy

from chainer import backend
from chainer.functions import _composition
from chainer.functions.array.expand_dims import expand_dims
from chainer.functions.array.get_item import get_item
from chainer.functions.array.pad import pad
from chainer.functions.array.reshape import reshape
from chainer.functions.array.stack import separate
from chainer.functions.array.stack import stack
from chainer.functions.array.transpose import transpose
from chainer.functions.array.where import where
from chainer.functions.math.sum import sum as sum_
from chainer.utils import argument
from chainer.utils import type_check

# The retired argument of the spatial transformer functions, with the original's message.
RETIRED_KWARGS = {
    'use_cudnn': 'The argument "use_cudnn" is not supported anymore. '
                 "Use chainer.using_config('use_cudnn', value) context where value can be "
                 '`always`, `never`, or `auto`.',
}


class SpatialTransformerSampler(_composition.CompositionCheck):
    """The original's checks of (x, grid): float images (B, C, H, W), a grid (B, 2, H_O, W_O)."""

    names = ('x', 'grid')

    def check_type_forward(self, in_types):
        type_check._argname(in_types, self.names)
        x_type, grid_type = in_types
        type_check.expect(
            x_type.dtype.kind == 'f',
            grid_type.dtype == x_type.dtype,
            x_type.ndim == 4,
            grid_type.ndim == 4,
            grid_type.shape[1] == 2,
            x_type.shape[0] == grid_type.shape[0],
        )


def _clip_with_floor(coordinate, size):
    """(`coordinate` clipped to [0, size + 1], its floor capped at `size`): Note [Bilinear
    sampling], in the coordinates of the padded image. The floor is a constant array."""
    xp = backend.get_array_module(coordinate.array)
    array = coordinate.array
    inside = xp.logical_and(array > 0, array < size + 1)
    clipped = where(inside, coordinate, xp.clip(array, 0, size + 1))
    return clipped, xp.minimum(xp.floor(clipped.array), size)


def sample_pixels(x, u, v):
    """Bilinear samples of the zero-padded images x at pixel coordinates (Note [Bilinear sampling]).

    Args:
        x (~chainer.Variable or array): Images (B, C, H, W) of a float dtype.
        u (~chainer.Variable): The column coordinates (B, Q), in pixels (0 is the first column's
            centre), of x's dtype.
        v (~chainer.Variable): The row coordinates (B, Q), likewise.

    Returns:
        ~chainer.Variable: The samples, channel-last: (B, Q, C).
    """
    batch, channels, height, width = x.shape
    device = backend.get_device_from_array(u.array)
    u, u_low = _clip_with_floor(u + 1, width)
    v, v_low = _clip_with_floor(v + 1, height)
    du = u - u_low
    dv = v - v_low
    padded = pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)), 'constant')
    rows = reshape(transpose(padded, (0, 2, 3, 1)),
                   (batch * (height + 2) * (width + 2), channels))
    # The row of pixel (i, j) of image b of the padded images is (b (H + 2) + i) (W + 2) + j.
    first = device.send(numpy.arange(batch).reshape(batch, 1) * (height + 2))
    first = (first + v_low.astype(numpy.int64)) * (width + 2) + u_low.astype(numpy.int64)
    xp = device.xp
    corners = xp.stack([first, first + 1, first + width + 2, first + width + 3], axis=2)
    weights = stack([(1 - du) * (1 - dv), du * (1 - dv), (1 - du) * dv, du * dv], axis=2)
    return sum_(get_item(rows, corners) * expand_dims(weights, 3), axis=2)


def spatial_transformer_sampler(x, grid, **kwargs):
    """Samples images at the points of a grid by bilinear interpolation (spatial transformers).

    The sampler of the spatial transformer networks of Jaderberg et al., Spatial Transformer
    Networks (NIPS 2015): output pixel (i, j) of image b is x[b] read at the point
    ``grid[b, :, i, j]`` = (x, y) in normalized coordinates, where (-1, -1) is the centre of
    the top-left pixel and (1, 1) that of the bottom-right one. Points between pixels mix their
    four neighbours bilinearly; the image is surrounded by zeros (Note [Bilinear sampling]).
    The grid usually comes from :func:`~chainer.functions.spatial_transformer_grid`.

    Args:
        x (~chainer.Variable or array): Images (B, C, H, W) of a float dtype.
        grid (~chainer.Variable or array): The points (B, 2, H_O, W_O), of x's dtype: the x
            coordinates in ``grid[:, 0]``, the y coordinates in ``grid[:, 1]``.
        use_cudnn: Retired (ValueError); use ``chainer.using_config('use_cudnn', ...)``.

    Returns:
        ~chainer.Variable: The samples (B, C, H_O, W_O), of x's dtype. Both x and the grid get
        gradients (the grid's is 0 at points whose interpolation is constant, far outside).

    Raises:
        ValueError: The retired argument `use_cudnn` is given.
        TypeError: Another keyword argument is given, or an input is no array.
        ~chainer.utils.type_check.InvalidType: The dtypes or shapes do not fit.

    Example:
        >>> x = numpy.arange(4.).reshape(1, 1, 2, 2)
        >>> grid = numpy.array([0., 0.]).reshape(1, 2, 1, 1)   # the centre of the image
        >>> F.spatial_transformer_sampler(x, grid).array
        array([[[[1.5]]]])
    """
    if kwargs:
        argument.parse_kwargs(kwargs, **RETIRED_KWARGS)
    _, grid_array = SpatialTransformerSampler().run(x, grid)
    batch, channels, height, width = x.shape
    out_shape = grid_array.shape[2:]
    points = reshape(grid, (batch, 2, out_shape[0] * out_shape[1]))
    gx, gy = separate(points, axis=1)
    u = (gx + 1) * ((width - 1) / 2)
    v = (gy + 1) * ((height - 1) / 2)
    samples = sample_pixels(x, u, v)
    return reshape(transpose(samples, (0, 2, 1)), (batch, channels) + out_shape)
