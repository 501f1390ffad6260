"""N-dimensional transposed convolution: `deconvolution_nd`, `deconvolution_1d` and `_3d`."""

import chainer
import chainerx

from chainer.functions.connection import _convolution
from chainer.functions.connection import _product_nodes
from chainer.functions.connection import convolution_nd
from chainer.utils import conv
from chainer.utils import type_check


class DeconvolutionND(_product_nodes.Product):
    """N-dimensional transposed convolution of x `(n, c, *dims)` with W `(c, out / groups, *k)`.

    Inputs are `(x, W)` or `(x, W, b)`; the output has the dtype of x and the spatial shape
    `outsize` (by default the smallest whose convolution gives back the shape of x). Its gradients
    (Note [Product node triples]) are those of the convolution it transposes: that convolution of
    gy for x, and its kernel gradient with the roles of x and gy swapped for W.
    """

    def __init__(self, ndim, stride=1, pad=0, outsize=None, dilate=1, groups=1):
        self.ndim = ndim
        self.stride = _convolution.as_tuple(stride, ndim, 'stride', 1)
        self.pad = _convolution.as_tuple(pad, ndim, 'pad', 0)
        self.outsize = None if outsize is None else _convolution.as_tuple(outsize, ndim, 'outsize')
        self.dilate = _convolution.as_tuple(dilate, ndim, 'dilate', 1)
        self._dilated = any([d != 1 for d in self.dilate])
        self.groups = _convolution.check_groups(groups)

    def check_type_forward(self, in_types):
        _convolution.check_types(in_types, self.ndim, self.groups, transposed=True)
        if self.outsize is None:
            return
        x_type, w_type = in_types[:2]
        for i, (out, s, p, d) in enumerate(zip(self.outsize, self.stride, self.pad, self.dilate)):
            k = type_check.eval(w_type.shape[2 + i])
            lower = conv.get_conv_outsize(out, k, s, p, d=d)
            upper = conv.get_conv_outsize(out, k, s, p, cover_all=True, d=d)
            type_check.expect(lower <= x_type.shape[2 + i], x_type.shape[2 + i] <= upper)

    def _output_size(self, x_shape, W_shape):
        if self.outsize is not None:
            return self.outsize
        outsize = []
        for size, k, s, p, d in zip(x_shape[2:], W_shape[2:], self.stride, self.pad, self.dilate):
            out = conv.get_deconv_outsize(size, k, s, p, d=d)
            if out <= 0:
                raise ValueError('the output size of the deconvolution (input {}, kernel {}) must '
                                 'be positive, got {}'.format(x_shape, W_shape, out))
            outsize.append(out)
        return tuple(outsize)

    def forward_chainerx(self, inputs):
        x, W = inputs[0], inputs[1]
        if x.ndim != self.ndim + 2 or not _convolution.native_dtypes(inputs):
            return chainer.Fallback  # the type check raises the usual error
        try:
            # chainerx's default output size is ours, except with the kernel spread out by dilate.
            outsize = self.outsize
            if self._dilated:
                outsize = self._output_size(x.shape, W.shape)
                W = _convolution.chainerx_dilated_kernel(W, self.dilate)
            return chainerx.conv_transpose(x, W, inputs[2] if len(inputs) == 3 else None,
                                           self.stride, self.pad, outsize, self.groups),
        except chainerx.DimensionError:
            return chainer.Fallback  # the type check or the NumPy forward raises the usual error

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, W = inputs[:2]
        outsize = self._output_size(x.shape, W.shape)
        # The convolution of the output that gives back x's shape: the one of the backward.
        self.cover_all = any(
            conv.get_conv_outsize(out, k, s, p, d=d) != size for out, size, k, s, p, d in zip(
                outsize, x.shape[2:], W.shape[2:], self.stride, self.pad, self.dilate))
        y = _convolution.deconv_forward(
            x, W, self.stride, self.pad, outsize, self.dilate, self.groups)
        y = y.astype(x.dtype, copy=False)
        return _convolution.with_bias(y, inputs[2] if len(inputs) == 3 else None),

    def _forward_convolution(self):
        """The convolution whose input gradient this is (cover_all is known after forward)."""
        return convolution_nd.ConvolutionND(
            self.ndim, self.stride, self.pad, self.cover_all, self.dilate, self.groups)

    def grad_x(self, W, gy, x):
        return self._forward_convolution().apply((gy, W))[0]

    def grad_W(self, x, gy, W):
        grad_w = convolution_nd.ConvolutionNDGradW(self._forward_convolution(), W.shape, W.dtype)
        return grad_w.apply((gy, x))[0]

    def grad_b(self, gy):
        return convolution_nd.bias_grad(gy)


def deconvolution_nd(x, W, b=None, stride=1, pad=0, outsize=None, dilate=1, groups=1):
    """N-dimensional transposed convolution (deconvolution) function.

    The adjoint of :func:`~chainer.functions.convolution_nd` with respect to its input: each input
    element scatters `x[n, c, p] * W[c, o, k]` to the output position `p * stride + k * dilate -
    pad`.

    Args:
        x (~chainer.Variable or array): Input of shape `(n, c, d_1, ..., d_N)`.
        W (~chainer.Variable or array): Kernel of shape `(c, c_O / groups, k_1, ..., k_N)`.
        b (~chainer.Variable or array): Bias of shape `(c_O,)`, or None.
        stride (int or tuple of ints): Stride, for every axis or per axis.
        pad (int or tuple of ints): Padding removed from both sides of the output.
        outsize (None or tuple of ints): Spatial output shape; by default
            `stride * (d - 1) + dilate * (k - 1) + 1 - 2 * pad` per axis. A given outsize must be
            one whose convolution (with or without cover_all) gives back the shape of x.
        dilate (int or tuple of ints): Spacing between the kernel taps.
        groups (int): Number of channel groups.

    Returns:
        ~chainer.Variable: Output of shape `(n, c_O, *outsize)` and the dtype of x.
    """
    ndim = _convolution.spatial_ndim(x)
    return DeconvolutionND(ndim, stride, pad, outsize, dilate, groups).apply_to(x, W, b)


deconvolution_1d = _convolution.fixed_ndim(deconvolution_nd, 1)
deconvolution_3d = _convolution.fixed_ndim(deconvolution_nd, 3)
