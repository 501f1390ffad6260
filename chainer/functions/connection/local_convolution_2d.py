"""Locally-connected convolution: `local_convolution_2d` (a separate kernel at every output pixel).

The output is bilinear in the input and the kernel, so the three nodes here (the function and the
gradients for x and for W) are each other's backward, and gradients of any order exist.

Note [Local convolution on chainerx]: on chainerx the function node computes its output with
chainerx routines that record their own backward, so the gradient nodes here never run there: the
windows of x are strided slices (one per kernel offset, stacked), and a matmul batched over the
output pixels multiplies each pixel's windows `(n, c kh kw)` with its kernel `(c kh kw, c_O)`.
"""

import chainer
import chainerx

from chainer import backend
from chainer import function_node
from chainer.functions.connection import _convolution
from chainer.functions.connection import _product_nodes


def _patches(x, ksize, stride):
    """The windows `(n, c, kh, kw, out_h, out_w)` of x (no padding)."""
    return _convolution.im2col(x, ksize, stride, (0, 0))


class _LocalConvolutionMaps:
    """The maps of Note [Product node triples] (_product_nodes.py) of `local_convolution_2d`.

    For the nodes with the attribute `stride`.
    """

    def product(self, x, W):
        return LocalConvolution2DFunction(self.stride).apply((x, W))[0]

    def grad_x(self, W, gy, x):
        return LocalConvolution2DGradData(self.stride, x.shape, x.dtype).apply((W, gy))[0]

    def grad_W(self, x, gy, W):
        return LocalConvolution2DGradW(self.stride, W.shape, W.dtype).apply((x, gy))[0]

    def grad_b(self, gy):
        return chainer.functions.sum(gy, axis=0)


class LocalConvolution2DFunction(_LocalConvolutionMaps, _product_nodes.Product):
    """`y[n, o, i, j] = b[o, i, j] + sum_{c, p, q} W[o, i, j, c, p, q] x[n, c, i sy + p, j sx + q]`.

    Inputs are `(x, W)` or `(x, W, b)`; the output has the dtype of x.
    """

    def __init__(self, stride=1):
        self.stride = _convolution.as_tuple(stride, 2, 'stride', 1)

    def check_type_forward(self, in_types):
        sy, sx = self.stride
        _product_nodes.check_types(in_types, lambda x_type, w_type: (
            x_type.ndim == 4,
            w_type.ndim == 6,
            x_type.shape[1] == w_type.shape[3],
            x_type.shape[2] >= w_type.shape[4],
            x_type.shape[3] >= w_type.shape[5],
            w_type.shape[1] == (x_type.shape[2] - w_type.shape[4]) // sy + 1,
            w_type.shape[2] == (x_type.shape[3] - w_type.shape[5]) // sx + 1,
        ), lambda b_type, x_type, w_type: (
            b_type.ndim == 3,
            b_type.shape[0] == w_type.shape[0],
            b_type.shape[1] == w_type.shape[1],
            b_type.shape[2] == w_type.shape[2],
        ))

    def _fits_chainerx(self, inputs):
        """check_type_forward's conditions on the arrays (for the others the fallback raises)."""
        if len(inputs) not in (2, 3):
            return False
        x, W = inputs[:2]
        if x.dtype.kind != 'f' or W.dtype.kind != 'f' or x.ndim != 4 or W.ndim != 6:
            return False
        (sy, sx), (_, c, h, w), (out_c, out_h, out_w, w_c, kh, kw) = self.stride, x.shape, W.shape
        if c != w_c or h < kh or w < kw or (out_h, out_w) != ((h - kh) // sy + 1,
                                                              (w - kw) // sx + 1):
            return False
        return len(inputs) == 2 or (inputs[2].dtype == x.dtype and
                                    inputs[2].shape == (out_c, out_h, out_w))

    def forward_chainerx(self, inputs):
        if not self._fits_chainerx(inputs):
            return function_node.Fallback
        x, W = inputs[:2]
        (sy, sx), (n, c, _, _), (out_c, out_h, out_w, _, kh, kw) = self.stride, x.shape, W.shape
        windows = chainerx.stack([
            x[:, :, p:p + sy * (out_h - 1) + 1:sy, q:q + sx * (out_w - 1) + 1:sx]
            for p in range(kh) for q in range(kw)], axis=2)  # (n, c, kh kw, out_h, out_w)
        pixels = out_h * out_w
        windows = chainerx.transpose(windows.reshape((n, c * kh * kw, pixels)), (2, 0, 1))
        kernels = chainerx.transpose(W.reshape((out_c, pixels, c * kh * kw)), (1, 2, 0))
        y = chainerx.matmul(windows, kernels)  # (pixels, n, out_c), NumPy's promotion of dtypes
        y = chainerx.transpose(y.reshape((out_h, out_w, n, out_c)), (2, 3, 0, 1))
        if y.dtype != x.dtype:
            y = y.astype(x.dtype)
        if len(inputs) == 3:
            y = y + inputs[2]
        return y,

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, W = inputs[:2]
        xp = backend.get_array_module(x)
        col = _patches(x, W.shape[4:], self.stride)
        y = xp.einsum('ncpqij,oijcpq->noij', col, W).astype(x.dtype, copy=False)
        if len(inputs) == 3:
            y += inputs[2]
        return y,


class _LocalConvolutionGrad(_LocalConvolutionMaps):
    """Base of the gradient nodes of `local_convolution_2d`: the gradient of an input of `shape`.

    Args:
        stride (pair of ints): The stride of the convolution.
        shape (tuple of ints): The shape of the input (x or W) whose gradient the node computes.
        dtype (numpy.dtype): Its dtype.
    """

    def __init__(self, stride, shape, dtype):
        self.stride = stride
        self.grad_shape = tuple(shape)
        self.grad_dtype = dtype


class LocalConvolution2DGradData(_LocalConvolutionGrad, _product_nodes.GradX):
    """The gradient of `local_convolution_2d` for x, from W and gy."""

    def gradient(self, W, gy):
        xp = backend.get_array_module(gy)
        gcol = xp.einsum('noij,oijcpq->ncpqij', gy, W)
        return _convolution.col2im(gcol, self.stride, (0, 0), self.grad_shape[2:])


class LocalConvolution2DGradW(_LocalConvolutionGrad, _product_nodes.GradW):
    """The gradient of `local_convolution_2d` for W, from x and gy."""

    def gradient(self, x, gy):
        xp = backend.get_array_module(x)
        col = _patches(x, self.grad_shape[4:], self.stride)
        return xp.einsum('noij,ncpqij->oijcpq', gy, col)


def local_convolution_2d(x, W, b=None, stride=1):
    """Two-dimensional locally-connected (unshared) convolution function.

    Like :func:`~chainer.functions.convolution_2d` without padding, but every output pixel `(i, j)`
    has its own kernel `W[:, i, j]`: `y[n, o, i, j] = b[o, i, j] + sum_{c, p, q} W[o, i, j, c, p, q]
    * x[n, c, i * sy + p, j * sx + q]`.

    Args:
        x (~chainer.Variable or array): Input of shape `(n, c, h, w)`.
        W (~chainer.Variable or array): Kernels of shape `(c_O, h_O, w_O, c, kh, kw)`, where
            `h_O = (h - kh) // sy + 1` and `w_O = (w - kw) // sx + 1` (the output size).
        b (~chainer.Variable or array): Bias of shape `(c_O, h_O, w_O)`, or None.
        stride (int or pair of ints): Stride `(sy, sx)`.

    Returns:
        ~chainer.Variable: Output of shape `(n, c_O, h_O, w_O)` and the dtype of x.

    Raises:
        chainer.utils.type_check.InvalidType: If the dtypes are not floats (b: x's dtype), or the
            shapes do not match as described (a kernel larger than the input included).

    Example:
        >>> x = numpy.ones((2, 3, 5, 4), numpy.float32)
        >>> W = numpy.ones((6, 4, 3, 3, 2, 2), numpy.float32)
        >>> F.local_convolution_2d(x, W).shape
        (2, 6, 4, 3)
    """
    return LocalConvolution2DFunction(stride).apply_to(x, W, b)
