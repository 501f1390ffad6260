"""Float64 NumPy loop references of bilinear sampling: F.spatial_transformer_sampler and the
deformable convolution (F.deformable_convolution_2d_sampler, L.DeformableConvolution2D).

Written from the definitions, pixel by pixel: a point between pixels mixes its (up to) four
neighbours with the weights (1 - |distance|) along each axis, and pixels outside the image are 0.
Shared by functions_tests/array_tests/test_tier3_spatial_transformer.py,
functions_tests/connection_tests/test_deformable_convolution_2d_sampler.py and
links_tests/connection/test_deformable_convolution_2d_link.py.
"""

import math

import numpy


def bilinear(image, u, v):
    """image (C, H, W) read at column u and row v (pixels), zero outside, by the definition."""
    _, height, width = image.shape
    value = numpy.zeros(image.shape[0])
    for r in range(math.floor(v), math.floor(v) + 2):
        for c in range(math.floor(u), math.floor(u) + 2):
            if 0 <= r < height and 0 <= c < width:
                value += (1 - abs(v - r)) * (1 - abs(u - c)) * image[:, r, c].astype(numpy.float64)
    return value


def sampler(x, grid):
    """F.spatial_transformer_sampler: x (B, C, H, W) read at the normalized points of grid."""
    grid = grid.astype(numpy.float64)
    batch, channels, height, width = x.shape
    y = numpy.zeros((batch, channels) + grid.shape[2:])
    for b in range(batch):
        for i in range(grid.shape[2]):
            for j in range(grid.shape[3]):
                u = (grid[b, 0, i, j] + 1) * (width - 1) / 2
                v = (grid[b, 1, i, j] + 1) * (height - 1) / 2
                y[b, :, i, j] = bilinear(x[b], u, v)
    return y


def deformable_convolution(x, offset, W, b=None, stride=(1, 1), pad=(0, 0)):
    """The deformable convolution: tap (p, q) of output pixel (i, j) reads x at column
    j sx + q - pw + offset[k] and row i sy + p - ph + offset[kh kw + k] (k = p kw + q)."""
    (sy, sx), (ph, pw) = stride, pad
    offset, W = offset.astype(numpy.float64), W.astype(numpy.float64)
    out_c, _, kh, kw = W.shape
    n, _, out_h, out_w = offset.shape
    y = numpy.zeros((n, out_c, out_h, out_w))
    for m in range(n):
        for i in range(out_h):
            for j in range(out_w):
                for p in range(kh):
                    for q in range(kw):
                        k = p * kw + q
                        u = j * sx + q - pw + offset[m, k, i, j]
                        v = i * sy + p - ph + offset[m, kh * kw + k, i, j]
                        y[m, :, i, j] += W[:, :, p, q].dot(bilinear(x[m], u, v))
    if b is not None:
        y += b.astype(numpy.float64).reshape(1, -1, 1, 1)
    return y


def fractional(shape, low, high, rng=numpy.random):
    """Values in [low, high + 1) whose fractional parts lie in [0.2, 0.8].

    Bilinear sampling has kinks at integer coordinates (and its clip bounds are integers), so
    gradient checks sample at least 0.2 pixel away from them.
    """
    return rng.randint(low, high + 1, shape) + rng.uniform(0.2, 0.8, shape)
