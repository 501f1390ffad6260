"""Locally-connected convolution: `local_convolution_2d` (a separate kernel at every output pixel).

The output is bilinear in the input and the kernel, so the three nodes here (the function and the
gradients for x and for W) are each other's backward, and gradients of any order exist. chainerx has
no batched product to express it, so on chainerx it takes the NumPy fallback.
"""

import chainer

from chainer import backend
from chainer import function_node
from chainer.functions.connection import _convolution
from chainer.utils import type_check


def _patches(x, ksize, stride):
    """The windows `(n, c, kh, kw, out_h, out_w)` of x (no padding)."""
    return _convolution.im2col(x, ksize, stride, (0, 0))


class LocalConvolution2DFunction(function_node.FunctionNode):
    """`y[n, o, i, j] = b[o, i, j] + sum_{c, p, q} W[i, j, o, c, p, q] x[n, c, i sy + p, j sx + q]`.

    Inputs are `(x, W)` or `(x, W, b)`; the output has the dtype of x.
    """

    def __init__(self, stride=1):
        self.stride = _convolution.as_tuple(stride, 2, 'stride')

    def check_type_forward(self, in_types):
        n_in = in_types.size()
        type_check.expect(2 <= n_in, n_in <= 3)
        type_check.argname(in_types, ('x', 'W', 'b')[:len(in_types)])
        x_type, w_type = in_types[:2]
        type_check.expect(
            x_type.dtype.kind == 'f',
            w_type.dtype.kind == 'f',
            x_type.ndim == 4,
            w_type.ndim == 6,
            x_type.shape[1] == w_type.shape[3],
        )
        sy, sx = self.stride
        type_check.expect(
            w_type.shape[0] == (x_type.shape[2] - w_type.shape[4]) // sy + 1,
            w_type.shape[1] == (x_type.shape[3] - w_type.shape[5]) // sx + 1,
        )
        if type_check.eval(n_in) == 3:
            b_type = in_types[2]
            type_check.expect(
                b_type.dtype == x_type.dtype,
                b_type.ndim == 3,
                b_type.shape[0] == w_type.shape[2],
                b_type.shape[1] == w_type.shape[0],
                b_type.shape[2] == w_type.shape[1],
            )

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, W = inputs[:2]
        xp = backend.get_array_module(x)
        col = _patches(x, W.shape[4:], self.stride)
        y = xp.einsum('ncpqij,ijocpq->noij', col, W).astype(x.dtype, copy=False)
        if len(inputs) == 3:
            y += inputs[2]
        return y,

    def backward(self, indexes, grad_outputs):
        x, W = self.get_retained_inputs()
        gy, = grad_outputs
        ret = []
        if 0 in indexes:
            ret.append(LocalConvolution2DGradData(self.stride, x.shape, x.dtype).apply((W, gy))[0])
        if 1 in indexes:
            ret.append(LocalConvolution2DGradW(self.stride, W.shape, W.dtype).apply((x, gy))[0])
        if 2 in indexes:
            ret.append(chainer.functions.sum(gy, axis=0))
        return ret


class LocalConvolution2DGradData(function_node.FunctionNode):
    """The gradient of `local_convolution_2d` for x, from W and gy."""

    def __init__(self, stride, x_shape, x_dtype):
        self.stride = stride
        self.x_shape = tuple(x_shape)
        self.x_dtype = x_dtype

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        W, gy = inputs
        xp = backend.get_array_module(gy)
        gcol = xp.einsum('noij,ijocpq->ncpqij', gy, W)
        gx = _convolution.col2im(gcol, self.stride, (0, 0), self.x_shape[2:])
        return gx.astype(self.x_dtype, copy=False),

    def backward(self, indexes, grad_outputs):
        W, gy = self.get_retained_inputs()
        ggx, = grad_outputs
        ret = []
        if 0 in indexes:
            ret.append(LocalConvolution2DGradW(self.stride, W.shape, W.dtype).apply((ggx, gy))[0])
        if 1 in indexes:
            ret.append(local_convolution_2d(ggx, W, stride=self.stride))
        return ret


class LocalConvolution2DGradW(function_node.FunctionNode):
    """The gradient of `local_convolution_2d` for W, from x and gy."""

    def __init__(self, stride, W_shape, W_dtype):
        self.stride = stride
        self.W_shape = tuple(W_shape)
        self.W_dtype = W_dtype

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, gy = inputs
        xp = backend.get_array_module(x)
        col = _patches(x, self.W_shape[4:], self.stride)
        gW = xp.einsum('noij,ncpqij->ijocpq', gy, col)
        return gW.astype(self.W_dtype, copy=False),

    def backward(self, indexes, grad_outputs):
        x, gy = self.get_retained_inputs()
        ggW, = grad_outputs
        ret = []
        if 0 in indexes:
            grad_data = LocalConvolution2DGradData(self.stride, x.shape, x.dtype)
            ret.append(grad_data.apply((ggW, gy))[0])
        if 1 in indexes:
            ret.append(local_convolution_2d(x, ggW, stride=self.stride))
        return ret


def local_convolution_2d(x, W, b=None, stride=1):
    """Two-dimensional locally-connected (unshared) convolution function.

    Like :func:`~chainer.functions.convolution_2d` without padding, but every output pixel `(i, j)`
    has its own kernel `W[i, j]`: `y[n, o, i, j] = b[o, i, j] + sum_{c, p, q} W[i, j, o, c, p, q] *
    x[n, c, i * sy + p, j * sx + q]`.

    Args:
        x (~chainer.Variable or array): Input of shape `(n, c, h, w)`.
        W (~chainer.Variable or array): Kernels of shape `(h_O, w_O, c_O, c, kh, kw)`, where
            `h_O = (h - kh) // sy + 1` and `w_O = (w - kw) // sx + 1`.
        b (~chainer.Variable or array): Bias of shape `(c_O, h_O, w_O)`, or None.
        stride (int or pair of ints): Stride `(sy, sx)`.

    Returns:
        ~chainer.Variable: Output of shape `(n, c_O, h_O, w_O)` and the dtype of x.

    Example:
        >>> x = numpy.ones((2, 3, 5, 4), numpy.float32)
        >>> W = numpy.ones((4, 3, 6, 3, 2, 2), numpy.float32)
        >>> F.local_convolution_2d(x, W).shape
        (2, 6, 4, 3)
    """
    args = (x, W) if b is None else (x, W, b)
    return LocalConvolution2DFunction(stride).apply(args)[0]
