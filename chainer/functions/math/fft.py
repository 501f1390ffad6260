"""F.fft and F.ifft: the discrete Fourier transform (and its inverse) along the last axis.

A complex array is passed as the pair (real part, imaginary part) of float arrays, as the
original's interface has it.

Note [FFT gradient]: the transform y = F x is linear, so the gradient of x is F^H g for the
output gradient g = gr + i gi (F^H = conj(F)^T, and the DFT matrices are symmetric). With
h = F^H g, transforming (gi, gr) gives F(gi + i gr) = F(i conj(g)) = i conj(F^H g) = hi + i hr:
the gradient is the same transform of the swapped gradients, with its outputs swapped back. The
same holds for ifft (matrix conj(F) / n). The backward is thus another FFT node, differentiable
again, to any order.

Note [FFT on chainerx]: chainerx has no FFT routine. For a last axis of at most
`_MAX_NATIVE_LENGTH` points the transform runs as products with the cosine and sine matrices
(a DFT in O(n^2) per row, where the FFT takes O(n log n)): matmul records its backward in C++,
so forward, backward and double backward stay on chainerx. Longer axes take the NumPy/CuPy
fallback (numpy.fft on a zero-copy view), where the quadratic cost and the 2 n^2 matrix elements
would outweigh the conversion. The matrices are computed in float64 from the exact angles
2 pi (j k mod n) / n and multiply in the input's dtype (float32 for float16 inputs, whose
rounding over n terms would otherwise dominate).
"""

import functools

import numpy

import chainerx

from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.utils import type_check

_MAX_NATIVE_LENGTH = 1024  # Note [FFT on chainerx]


@functools.lru_cache(maxsize=4)
def _dft_matrices(n):
    """The float64 (n, n) matrices cos and sin of the angles 2 pi j k / n (read-only).

    The product of a row vector x with cos - i sin is the DFT of x; with (cos + i sin) / n, the
    inverse DFT.
    """
    jk = numpy.outer(numpy.arange(n), numpy.arange(n)) % n  # exact: avoids huge angles
    angle = jk * (2 * numpy.pi / n)
    cos, sin = numpy.cos(angle), numpy.sin(angle)
    cos.setflags(write=False)
    sin.setflags(write=False)
    return cos, sin


class FFT(function_node.FunctionNode):
    """The DFT ('fft') or inverse DFT ('ifft') of (real, imag) along the last axis."""

    def __init__(self, method):
        self._method = method

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('real', 'imag'))
        real_type, imag_type = in_types
        type_check.expect(
            real_type.dtype.kind == 'f',
            real_type.ndim > 0,
            real_type.shape == imag_type.shape,
            real_type.dtype == imag_type.dtype,
        )

    def forward_chainerx(self, inputs):
        real, imag = inputs
        if not (real.dtype == imag.dtype and real.dtype.kind == 'f' and real.shape == imag.shape
                and real.ndim > 0 and 0 < real.shape[-1] <= _MAX_NATIVE_LENGTH):
            return function_node.Fallback  # Note [FFT on chainerx]; the type check raises
        n = real.shape[-1]
        dtype = real.dtype
        compute_dtype = numpy.float32 if dtype == numpy.float16 else dtype
        cos, sin = [chainerx.array(m, compute_dtype, device=real.device) for m in _dft_matrices(n)]
        rows = real.size // n
        xr = real.reshape(rows, n).astype(compute_dtype, copy=False)
        xi = imag.reshape(rows, n).astype(compute_dtype, copy=False)
        xr_cos, xi_cos = chainerx.matmul(xr, cos), chainerx.matmul(xi, cos)
        xr_sin, xi_sin = chainerx.matmul(xr, sin), chainerx.matmul(xi, sin)
        if self._method == 'fft':  # (xr + i xi)(cos - i sin)
            yr, yi = xr_cos + xi_sin, xi_cos - xr_sin
        else:  # (xr + i xi)(cos + i sin) / n
            yr, yi = (xr_cos - xi_sin) * (1. / n), (xi_cos + xr_sin) * (1. / n)
        return tuple([y.astype(dtype, copy=False).reshape(real.shape) for y in (yr, yi)])

    def forward(self, inputs):
        real, imag = inputs
        if real.shape[-1] == 0:
            raise ValueError('Invalid number of FFT data points (0) specified.')
        xp = backend.get_array_module(real)
        y = getattr(xp.fft, self._method)(real + imag * 1j)
        return (utils.force_array(y.real, real.dtype), utils.force_array(y.imag, real.dtype))

    def backward(self, indexes, grad_outputs):
        gr, gi = grad_outputs
        if gr is None:
            gr = backend.get_array_module(gi.array).zeros_like(gi.array)
        if gi is None:
            gi = backend.get_array_module(gr.array).zeros_like(gr.array)
        # Note [FFT gradient]: the transform of the swapped gradients, swapped back.
        gxi, gxr = FFT(self._method).apply((gi, gr))
        return gxr, gxi


def _transform(method, x):
    real, imag = x
    return FFT(method).apply((real, imag))


def fft(x):
    """Fast Fourier transform along the last axis.

    ``y[..., k] = sum_j x[..., j] exp(-2 pi i j k / n)`` for the complex array x given as its real
    and imaginary parts.

    Args:
        x (tuple): ``(real, imag)``: two float :class:`~chainer.Variable` or arrays of one shape
            (at least one axis) and dtype, the real and imaginary parts of the input.

    Returns:
        tuple: ``(real, imag)``, two :class:`~chainer.Variable` of x's shape and dtype: the parts
        of the transform. Both are differentiable to any order (Note [FFT gradient]).

    Raises:
        ~chainer.utils.type_check.InvalidType: The parts are not float arrays of one dtype and
            shape, or are 0-d.
        ValueError: The last axis is empty.

    .. note::
        On chainerx Variables a last axis of at most 1024 points is transformed natively (as a
        matrix product, O(n^2) per row); longer ones take the NumPy/CuPy fallback.

    Example:
        >>> real, imag = F.fft((numpy.array([1., 2., 3., 4.]), numpy.zeros(4)))
        >>> real.array, imag.array
        (array([10., -2., -2., -2.]), array([ 0.,  2.,  0., -2.]))
    """
    return _transform('fft', x)


def ifft(x):
    """Inverse fast Fourier transform along the last axis.

    ``y[..., j] = sum_k x[..., k] exp(2 pi i j k / n) / n``, the inverse of :func:`fft`.

    Args:
        x (tuple): ``(real, imag)``: two float :class:`~chainer.Variable` or arrays of one shape
            (at least one axis) and dtype, the real and imaginary parts of the input.

    Returns:
        tuple: ``(real, imag)``, two :class:`~chainer.Variable` of x's shape and dtype.

    Raises:
        ~chainer.utils.type_check.InvalidType: The parts are not float arrays of one dtype and
            shape, or are 0-d.
        ValueError: The last axis is empty.

    .. note::
        Native on chainerx up to 1024 points along the last axis, as :func:`fft`.

    Example:
        >>> real, imag = F.ifft((numpy.array([10., -2., -2., -2.]), numpy.array([0., 2., 0., -2.])))
        >>> real.array
        array([1., 2., 3., 4.])
    """
    return _transform('ifft', x)
