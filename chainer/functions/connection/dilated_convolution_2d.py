"""Two-dimensional dilated convolution: `dilated_convolution_2d` (convolution_2d with `dilate`)."""

from chainer.functions.connection.convolution_2d import convolution_2d


def dilated_convolution_2d(x, W, b=None, stride=1, pad=0, dilate=1, cover_all=False):
    """Two-dimensional dilated convolution function.

    :func:`~chainer.functions.convolution_2d` whose kernel taps are `dilate` pixels apart, so that a
    `k x k` kernel covers `dilate * (k - 1) + 1` pixels per axis.

    Args:
        x (~chainer.Variable or array): Input of shape `(n, c, h, w)`.
        W (~chainer.Variable or array): Kernel of shape `(c_O, c, kh, kw)`.
        b (~chainer.Variable or array): Bias of shape `(c_O,)`, or None.
        stride (int or pair of ints): Stride `(sy, sx)`.
        pad (int or pair of ints): Zero padding `(ph, pw)` on both sides.
        dilate (int or pair of ints): Dilation `(dy, dx)`.
        cover_all (bool): Add windows so that every input pixel is covered.

    Returns:
        ~chainer.Variable: Output of shape `(n, c_O, h_O, w_O)` with
        `h_O = (h + 2 * ph - dy * (kh - 1) - 1) // sy + 1` (likewise w_O).
    """
    return convolution_2d(x, W, b, stride, pad, cover_all, dilate=dilate)
