"""N-dimensional convolution: `convolution_nd`, `convolution_1d`, `convolution_3d`.

The backward of a convolution is a transposed convolution of the output gradient (for the input) and
a weight-gradient node (for the kernel), both again differentiable, so gradients of any order exist.
"""

import chainer
import chainerx

from chainer.functions.connection import _convolution
from chainer.functions.connection import _product_nodes
# A module import (the two modules use each other); both load while the package's __init__ runs,
# before the package attributes of these names become the functions.
from chainer.functions.connection import deconvolution_nd


class _ConvolutionMaps:
    """The maps of Note [Product node triples] (_product_nodes.py) of a convolution.

    For the nodes with the attributes ndim, stride, pad, cover_all, dilate and groups.
    """

    def product(self, x, W):
        return ConvolutionND(self.ndim, self.stride, self.pad, self.cover_all, self.dilate,
                             self.groups).apply((x, W))[0]

    def grad_x(self, W, gy, x):
        deconv = deconvolution_nd.DeconvolutionND(
            self.ndim, self.stride, self.pad, x.shape[2:], self.dilate, self.groups)
        return deconv.apply((gy, W))[0]

    def grad_W(self, x, gy, W):
        return ConvolutionNDGradW(self, W.shape, W.dtype).apply((x, gy))[0]

    def grad_b(self, gy):
        return bias_grad(gy)


class ConvolutionND(_ConvolutionMaps, _product_nodes.Product):
    """N-dimensional convolution (cross-correlation) of x `(n, c, *dims)` with a kernel W.

    Inputs are `(x, W)` or `(x, W, b)` with W `(out, c / groups, *k)`; the output has the dtype of
    x.
    """

    def __init__(self, ndim, stride=1, pad=0, cover_all=False, dilate=1, groups=1):
        self.ndim = ndim
        self.stride = _convolution.as_tuple(stride, ndim, 'stride', 1)
        self.pad = _convolution.as_tuple(pad, ndim, 'pad', 0)
        self.cover_all = bool(cover_all)
        self.dilate = _convolution.as_tuple(dilate, ndim, 'dilate', 1)
        self._dilated = any([d != 1 for d in self.dilate])
        self.groups = _convolution.check_groups(groups)

    def check_type_forward(self, in_types):
        _convolution.check_types(in_types, self.ndim, self.groups, transposed=False)

    def forward_chainerx(self, inputs):
        x, W = inputs[0], inputs[1]
        if x.ndim != self.ndim + 2 or not _convolution.native_dtypes(inputs):
            return chainer.Fallback  # the type check raises the usual error
        try:
            if self._dilated:
                W = _convolution.chainerx_dilated_kernel(W, self.dilate)
            return chainerx.conv(x, W, inputs[2] if len(inputs) == 3 else None, self.stride,
                                 self.pad, self.cover_all, self.groups),
        except chainerx.DimensionError:
            return chainer.Fallback  # the type check or the NumPy forward raises the usual error

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, W = inputs[:2]
        y = _convolution.conv_forward(
            x, W, self.stride, self.pad, self.cover_all, self.dilate, self.groups)
        y = y.astype(x.dtype, copy=False)
        return _convolution.with_bias(y, inputs[2] if len(inputs) == 3 else None),


class ConvolutionNDGradW(_ConvolutionMaps, _product_nodes.GradW):
    """The kernel gradient of a convolution, from its input x and output gradient gy.

    Args:
        conv (ConvolutionND): The convolution (its stride, pad, cover_all, dilate and groups).
        W_shape (tuple of ints): The kernel's shape.
        W_dtype (numpy.dtype): The kernel's dtype (that of the gradient).
    """

    def __init__(self, conv, W_shape, W_dtype):
        self.ndim = conv.ndim
        self.stride = conv.stride
        self.pad = conv.pad
        self.cover_all = conv.cover_all
        self.dilate = conv.dilate
        self.groups = conv.groups
        self.ksize = tuple(W_shape[2:])
        self.grad_dtype = W_dtype

    def gradient(self, x, gy):
        return _convolution.conv_grad_weight(
            x, gy, self.ksize, self.stride, self.pad, self.cover_all, self.dilate, self.groups)


def bias_grad(gy):
    """The gradient of a channel bias: gy summed over every axis but the channel axis 1."""
    return chainer.functions.sum(gy, axis=(0,) + tuple(range(2, gy.ndim)))


def convolution_nd(x, W, b=None, stride=1, pad=0, cover_all=False, dilate=1, groups=1):
    """N-dimensional convolution function.

    Computes `y[n, o, p] = b[o] + sum_{c, k} W[o, c, k] * x_pad[n, c, p * stride + k * dilate]` for
    every output position p, where x_pad is x zero-padded by `pad` on both sides of each spatial
    axis.

    Args:
        x (~chainer.Variable or array): Input of shape `(n, c, d_1, ..., d_N)`.
        W (~chainer.Variable or array): Kernel of shape `(c_O, c / groups, k_1, ..., k_N)`.
        b (~chainer.Variable or array): Bias of shape `(c_O,)`, or None.
        stride (int or tuple of ints): Stride of the windows, for every axis or per axis.
        pad (int or tuple of ints): Zero padding on both sides.
        cover_all (bool): Add windows so that every input element is covered (the last one may reach
            beyond the padding).
        dilate (int or tuple of ints): Spacing between the kernel taps.
        groups (int): Number of channel groups: input and output channels are split into that many
            parts, and part g of the output sees part g of the input only.

    Returns:
        ~chainer.Variable: Output of shape `(n, c_O, l_1, ..., l_N)` and the dtype of x, where
        `l_i = (d_i + 2 * pad_i - dilate_i * (k_i - 1) - 1) // stride_i + 1` (rounded up with
        cover_all).

    Example:
        >>> x = numpy.ones((2, 3, 8, 8, 8), numpy.float32)
        >>> W = numpy.ones((4, 3, 3, 3, 3), numpy.float32)
        >>> F.convolution_nd(x, W, pad=1).shape
        (2, 4, 8, 8, 8)
    """
    ndim = _convolution.spatial_ndim(x)
    return ConvolutionND(ndim, stride, pad, cover_all, dilate, groups).apply_to(x, W, b)


convolution_1d = _convolution.fixed_ndim(convolution_nd, 1)
convolution_3d = _convolution.fixed_ndim(convolution_nd, 3)
