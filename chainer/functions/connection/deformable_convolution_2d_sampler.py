"""F.deformable_convolution_2d_sampler: a 2-d convolution whose kernel taps move by learnt offsets.

Note [Deformable sampling]: Dai et al., Deformable Convolutional Networks (ICCV 2017). For output
pixel (i, j) and kernel tap k = p kw + q (tap (p, q) of a kh x kw kernel), the input is read at

    column j sx + q - pw + offset[n, k, i, j],   row i sy + p - ph + offset[n, kh kw + k, i, j]

(the first kh kw channels of the offsets move the columns, the last kh kw the rows, as in the
original) by bilinear interpolation of the image surrounded by zeros, and the samples are
convolved with W: y[n, o, i, j] = b[o] + sum over c, p, q of W[o, c, p, q] times the sample of
tap (p, q) in channel c. The original pads x by (ph, pw), normalizes the coordinates to [-1, 1]
and calls F.spatial_transformer_sampler, which maps them back to pixels; zero padding and the
sampler's zeros outside the image are the same thing, so here the pixel coordinates go straight
to the sampler's `sample_pixels` (Note [Bilinear sampling]): the same values without the round
trip, which for an input one pixel wide (w + 2 pw = 1) divides by zero in the original. With
zero offsets every tap reads a pixel centre and the result is F.convolution_2d's. The samples
come out channel-last, (n, out_h, out_w, kh kw, c), so the convolution is one F.linear with the
rows of W in (p, q, c) order. All compositions of chainer functions: differentiable twice in x,
the offsets, W and b, and native on chainerx Variables.
"""

import numpy

from chainer import backend
from chainer.functions import _composition
from chainer.functions.array.reshape import reshape
from chainer.functions.array.spatial_transformer_sampler import sample_pixels
from chainer.functions.array.stack import separate
from chainer.functions.array.transpose import transpose
from chainer.functions.connection import _convolution
from chainer.functions.connection.linear import linear
from chainer.utils import _checks
from chainer.utils import type_check


class DeformableConvolution2DCheck(_composition.CompositionCheck):
    """The checks of (x, offset, W) or (x, offset, W, b) that the original's functions make."""

    names = ('x', 'offset', 'W', 'b')

    def check_type_forward(self, in_types):
        type_check._argname(in_types, self.names[:len(in_types)])
        x_type, offset_type, w_type = in_types[:3]
        type_check.expect(
            x_type.dtype.kind == 'f',
            offset_type.dtype == x_type.dtype,
            w_type.dtype == x_type.dtype,
            offset_type.shape[0] == x_type.shape[0],
            w_type.shape[1] == x_type.shape[1],
        )
        if len(in_types) == 4:
            b_type = in_types[3]
            type_check.expect(
                b_type.dtype == x_type.dtype,
                b_type.ndim == 1,
                b_type.shape[0] == w_type.shape[0],
            )


def _four_axes(array, name):
    shape = _checks.shape_of(array, name)
    if len(shape) != 4:
        raise ValueError('{} must have 4 axes, got the shape {}'.format(name, shape))
    return shape


def _sample_coordinates(offset, ksize, stride, pad, dtype, device):
    """The columns and the rows where the taps read (Note [Deformable sampling]).

    Returns:
        tuple of two ~chainer.Variable: u and v, (n, out_h out_w kh kw) each: the taps of an
        output pixel side by side, the pixels in row-major order.
    """
    n, _, out_h, out_w = offset.shape
    (kh, kw), (sy, sx), (ph, pw) = ksize, stride, pad
    taps, pixels = kh * kw, out_h * out_w
    shifts = transpose(reshape(offset, (n, 2, taps, pixels)), (0, 1, 3, 2))
    du, dv = separate(shifts, axis=1)
    rows, columns = numpy.meshgrid(numpy.arange(out_h), numpy.arange(out_w), indexing='ij')
    u0 = columns.reshape(pixels, 1) * sx + numpy.tile(numpy.arange(kw), kh) - pw
    v0 = rows.reshape(pixels, 1) * sy + numpy.repeat(numpy.arange(kh), kw) - ph
    u = du + device.send(u0.astype(dtype))
    v = dv + device.send(v0.astype(dtype))
    return reshape(u, (n, pixels * taps)), reshape(v, (n, pixels * taps))


def deformable_convolution_2d_sampler(x, offset, W, b=None, stride=1, pad=0):
    """Two-dimensional deformable convolution with given offsets.

    Dai et al., Deformable Convolutional Networks (ICCV 2017): the convolution of x with W in
    which each tap of the kernel reads the input at its usual place moved by an offset of its
    own, per output pixel, by bilinear interpolation (zero outside the image). See Note
    [Deformable sampling]; :class:`~chainer.links.DeformableConvolution2D` learns the offsets
    with a convolution of x.

    Args:
        x (~chainer.Variable or array): The input (n, c, h, w) of a float dtype.
        offset (~chainer.Variable or array): The offsets (n, 2 kh kw, out_h, out_w), of x's
            dtype, in pixels: channel k moves tap k (row-major over the kernel) along the
            width, channel kh kw + k along the height. Their spatial shape is the output's.
        W (~chainer.Variable or array): The kernel (out_c, c, kh, kw), of x's dtype.
        b (~chainer.Variable or array): The bias (out_c,), of x's dtype, or None.
        stride (int or pair of ints): The stride ``(sy, sx)`` of the taps' places.
        pad (int or pair of ints): The zero padding ``(ph, pw)`` of the input.

    Returns:
        ~chainer.Variable: The output (n, out_c, out_h, out_w), of x's dtype. x, the offsets,
        W and b all get gradients.

    Raises:
        ValueError: x, the offsets or W do not have 4 axes, the offsets do not have 2 kh kw
            channels, a stride is not positive or a padding negative.
        TypeError: An input is no array, or the stride or the padding is not ints.
        ~chainer.utils.type_check.InvalidType: The dtypes differ or are not float, the batch
            sizes or the channels of x and W differ, or b does not have W's out_c entries.

    Example:
        >>> x = numpy.ones((1, 2, 4, 4), numpy.float32)
        >>> W = numpy.ones((3, 2, 3, 3), numpy.float32)
        >>> offset = numpy.zeros((1, 18, 2, 2), numpy.float32)
        >>> F.deformable_convolution_2d_sampler(x, offset, W).array[0, :, 0, 0]
        array([18., 18., 18.], dtype=float32)
    """
    stride = _convolution.as_tuple(stride, 2, 'stride', 1)
    pad = _convolution.as_tuple(pad, 2, 'pad', 0)
    out_c, _, kh, kw = _four_axes(W, 'W')
    channels = _four_axes(x, 'x')[1]
    if _four_axes(offset, 'offset')[1] != 2 * kh * kw:
        raise ValueError('The shape of the offset does not match the kernel size')
    inputs = (x, offset, W) if b is None else (x, offset, W, b)
    x_array = DeformableConvolution2DCheck().run(*inputs)[0]
    n, _, out_h, out_w = offset.shape
    device = backend.get_device_from_array(x_array)
    u, v = _sample_coordinates(offset, (kh, kw), stride, pad, x_array.dtype, device)
    # Explicit sizes, not -1: any of them may be 0.
    taps = kh * kw * channels
    samples = reshape(sample_pixels(x, u, v), (n, out_h, out_w, taps))
    rows = reshape(transpose(W, (0, 2, 3, 1)), (out_c, taps))
    return transpose(linear(samples, rows, b, n_batch_axes=3), (0, 3, 1, 2))
