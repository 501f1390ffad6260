"""Output sizes of convolutions and the im2col/col2im transforms that lower them to matrix products.

`im2col` turns an image batch `(n, c, *dims)` into patches `(n, c, *ksize, *outs)`: entry
`[:, :, k_1, ..., k_N, o_1, ..., o_N]` is the input pixel that kernel offset `k` sees at output
position `o` (pixel `o_i * stride_i + k_i * dilate_i - pad_i` of axis i, or the padding value).
`col2im` is its adjoint: it adds each patch entry back to the pixel it came from, which is the
backward of im2col and the forward of a transposed convolution.

The CPU and GPU versions share one body written against the array module (NumPy or CuPy); the
N-d versions live in `chainer.utils.conv_nd`.
"""

import itertools
from typing import Any, Optional

import numpy

from chainer.utils import _checks


def get_conv_outsize(size: int, k: int, s: int, p: int, cover_all: bool = False,
                     d: int = 1) -> int:
    """Returns the output length of a convolution along one axis.

    Args:
        size (int): Input length.
        k (int): Kernel length.
        s (int): Stride.
        p (int): Padding on each side.
        cover_all (bool): Add one more window when the last one would leave input pixels out.
        d (int): Dilation.

    Returns:
        int: The number of window positions; zero or negative when the kernel does not fit (the
        calling function reports that).
    """
    extent = d * (k - 1) + 1
    if cover_all:
        return (size + 2 * p - extent + s - 1) // s + 1
    return (size + 2 * p - extent) // s + 1


def get_deconv_outsize(size: int, k: int, s: int, p: int, cover_all: bool = False,
                       d: int = 1) -> int:
    """Returns the output length of a transposed convolution along one axis.

    It is the smallest input length whose convolution (with the same `cover_all`) has output
    length `size`. Arguments are as for `get_conv_outsize`.
    """
    extent = d * (k - 1) + 1
    if cover_all:
        return s * (size - 1) + extent - s + 1 - 2 * p
    return s * (size - 1) + extent - 2 * p


def _last_read(out, k, s, d):
    """Returns one past the last padded-input index that windows read along an axis."""
    return (out - 1) * s + (k - 1) * d + 1


def _window(offset, out, s, d):
    start = offset * d
    return slice(start, start + (out - 1) * s + 1, s)


def _im2col_xp(xp, img, ksize, stride, pad, dilate, outs, pval=0):
    """The im2col of every backend and dimensionality; all size arguments are N-tuples.

    Raises:
        ValueError: An output length is not positive, a tuple has the wrong length, or the
            padded image or the patches would be too big (Note [Checked sizes] in
            chainer/utils/_checks.py).
    """
    ndim = img.ndim - 2
    if any(len(t) != ndim for t in (ksize, stride, pad, dilate, outs)):
        raise ValueError('im2col of a {}-d image (shape {}) needs {}-tuples of ksize, stride, '
                         'pad and dilate'.format(ndim, img.shape, ndim))
    if any(out <= 0 for out in outs):
        raise ValueError('im2col: output size {} must be positive (image {}, kernel {}, stride '
                         '{}, pad {}, dilate {})'.format(tuple(outs), img.shape, tuple(ksize),
                                                         tuple(stride), tuple(pad),
                                                         tuple(dilate)))
    widths = [(0, 0), (0, 0)] + [
        (p, max(0, _last_read(out, k, s, d) - (size + p)))
        for size, k, s, p, d, out in zip(img.shape[2:], ksize, stride, pad, dilate, outs)]
    itemsize = img.dtype.itemsize
    _checks.check_size([n + b + a for n, (b, a) in zip(img.shape, widths)], itemsize,
                       'the padded image')
    _checks.check_size(img.shape[:2] + tuple(ksize) + tuple(outs), itemsize, 'the patches')
    if any(before or after for before, after in widths):
        img = xp.pad(img, widths, mode='constant', constant_values=pval)
    col = xp.empty(img.shape[:2] + tuple(ksize) + tuple(outs), dtype=img.dtype)
    every = (slice(None), slice(None))
    for offsets in itertools.product(*[range(k) for k in ksize]):
        col[every + offsets] = img[every + tuple(
            _window(offset, out, s, d) for offset, out, s, d in zip(offsets, outs, stride, dilate))]
    return col


def _col2im_xp(xp, col, stride, pad, dims, dilate):
    """The col2im of every backend and dimensionality; all size arguments are N-tuples.

    Raises:
        ValueError: `col` does not have `2 + 2 * N` axes, a tuple has the wrong length, or the
            padded image would be too big.
    """
    ndim = len(dims)
    if col.ndim != 2 + 2 * ndim or any(len(t) != ndim for t in (stride, pad, dilate)):
        raise ValueError('col2im into {}-d images needs a {}-d col (got shape {}) and {}-tuples of '
                         'stride, pad and dilate'.format(ndim, 2 + 2 * ndim, col.shape, ndim))
    ksize = col.shape[2:2 + ndim]
    outs = col.shape[2 + ndim:]
    padded = tuple(max(size + p, _last_read(out, k, s, d))
                   for size, k, s, p, d, out in zip(dims, ksize, stride, pad, dilate, outs))
    _checks.check_size(col.shape[:2] + padded, col.dtype.itemsize, 'the padded image')
    img = xp.zeros(col.shape[:2] + padded, dtype=col.dtype)
    every = (slice(None), slice(None))
    for offsets in itertools.product(*[range(k) for k in ksize]):
        img[every + tuple(_window(offset, out, s, d) for offset, out, s, d
                          in zip(offsets, outs, stride, dilate))] += col[every + offsets]
    return img[every + tuple(slice(p, p + size) for p, size in zip(pad, dims))]


def _im2col_2d(xp, img, kh, kw, sy, sx, ph, pw, pval, cover_all, dy, dx, out_h, out_w):
    if img.ndim != 4:
        raise ValueError('im2col takes a 4-d image batch (n, c, h, w), got shape {}'.format(
            img.shape))
    h, w = img.shape[2:]
    if out_h is None:
        out_h = get_conv_outsize(h, kh, sy, ph, cover_all, dy)
    if out_w is None:
        out_w = get_conv_outsize(w, kw, sx, pw, cover_all, dx)
    return _im2col_xp(xp, img, (kh, kw), (sy, sx), (ph, pw), (dy, dx), (out_h, out_w), pval)


def im2col_cpu(img: Any, kh: int, kw: int, sy: int, sx: int, ph: int, pw: int, pval: Any = 0,
               cover_all: bool = False, dy: int = 1, dx: int = 1, out_h: Optional[int] = None,
               out_w: Optional[int] = None) -> Any:
    """Extracts the convolution patches of a NumPy image batch.

    Args:
        img (numpy.ndarray): Images of shape `(n, c, h, w)`.
        kh, kw (int): Kernel height and width.
        sy, sx (int): Strides.
        ph, pw (int): Padding on each side.
        pval: Value of the padding.
        cover_all (bool): As in `get_conv_outsize`.
        dy, dx (int): Dilations.
        out_h, out_w (int): Output size, when the caller has it (default: from
            `get_conv_outsize`).

    Returns:
        numpy.ndarray: Patches of shape `(n, c, kh, kw, out_h, out_w)`, dtype of `img`.

    Raises:
        ValueError: `img` is not 4-d, or the output size is not positive.
    """
    return _im2col_2d(numpy, img, kh, kw, sy, sx, ph, pw, pval, cover_all, dy, dx, out_h, out_w)


def im2col_gpu(img: Any, kh: int, kw: int, sy: int, sx: int, ph: int, pw: int,
               cover_all: bool = False, dy: int = 1, dx: int = 1, out_h: Optional[int] = None,
               out_w: Optional[int] = None) -> Any:
    """`im2col_cpu` for a CuPy image batch (padding value 0).

    Raises:
        RuntimeError: CuPy is not installed.
    """
    return _im2col_2d(_cupy(), img, kh, kw, sy, sx, ph, pw, 0, cover_all, dy, dx, out_h,
                      out_w)


def col2im_cpu(col: Any, sy: int, sx: int, ph: int, pw: int, h: int, w: int, dy: int = 1,
               dx: int = 1) -> Any:
    """Sums NumPy patches back into images: the adjoint of `im2col_cpu`.

    Args:
        col (numpy.ndarray): Patches of shape `(n, c, kh, kw, out_h, out_w)`.
        sy, sx (int): Strides.
        ph, pw (int): Padding on each side (patch entries in the padding are dropped).
        h, w (int): Image size.
        dy, dx (int): Dilations.

    Returns:
        numpy.ndarray: Images of shape `(n, c, h, w)`, dtype of `col`.
    """
    return _col2im_xp(numpy, col, (sy, sx), (ph, pw), (h, w), (dy, dx))


def col2im_gpu(col: Any, sy: int, sx: int, ph: int, pw: int, h: int, w: int, dy: int = 1,
               dx: int = 1) -> Any:
    """`col2im_cpu` for CuPy patches.

    Raises:
        RuntimeError: CuPy is not installed.
    """
    return _col2im_xp(_cupy(), col, (sy, sx), (ph, pw), (h, w), (dy, dx))


def _cupy():
    """Returns the `cupy` module; RuntimeError if it is not installed."""
    try:
        import cupy
    except ImportError:
        raise RuntimeError('this operation needs CuPy, which is not installed') from None
    return cupy
