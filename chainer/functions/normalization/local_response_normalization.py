"""F.local_response_normalization: divides each channel by a power of its neighbours' energy."""

import chainerx

from chainer import backend
from chainer.functions.loss import _util
from chainer.utils import type_check


def _window_sum(a, half):
    """sum of a[:, c - half:c + half + 1] along axis 1 (zeros beyond the edges), for each c."""
    # Channels further than C - 1 away are all beyond the edges: a larger half adds only zeros
    # (and would take as many steps, and memory).
    half = min(half, a.shape[1] - 1)
    if half <= 0:
        return a
    xp = backend.get_array_module(a)
    if xp is chainerx:
        return _window_sum_chainerx(a, half)
    pad_shape = a.shape[:1] + (half,) + a.shape[2:]
    zeros = xp.zeros(pad_shape, a.dtype)
    padded = xp.concatenate((zeros, a, zeros), axis=1)
    channels = a.shape[1]
    total = padded[:, :channels]
    for offset in range(1, 2 * half + 1):
        total = total + padded[:, offset:offset + channels]
    return total


def _window_sum_chainerx(a, half):
    """_window_sum on chainerx: the channels as the rows of one image per sample, summed by a
    convolution with a column of 2 half + 1 ones padded by `half` rows (a fill and one convolution,
    where the zero padding, a concatenation and 2 half additions took 2 half + 2 kernels)."""
    if a.size == 0:
        return a
    n, channels = a.shape[:2]
    rows = a.reshape((n, 1, channels, a.size // (n * channels)))
    ones = chainerx.ones((1, 1, 2 * half + 1, 1), a.dtype, device=a.device)
    return chainerx.conv(rows, ones, None, 1, (half, 0)).reshape(a.shape)


class ChannelWindowSum(_util.ArrayComposition):
    """_window_sum as a node: linear and symmetric, so its backward is itself."""

    retained = ()

    def __init__(self, half):
        self.half = half

    def fits(self, a):
        return True

    def compute(self, a):
        return _window_sum(a, self.half)

    def backward(self, indexes, grad_outputs):
        return ChannelWindowSum(self.half).apply(grad_outputs)


class LocalResponseNormalization(_util.ArrayComposition):
    """y = x * (k + alpha * sum of x ** 2 over the n nearest channels) ** -beta."""

    def __init__(self, n=5, k=2, alpha=1e-4, beta=.75):
        self.half = int(n) // 2
        self.k = k
        self.alpha = alpha
        self.beta = beta

    def check_type_forward(self, in_types):
        x_type, = _util.expect_floats(in_types, ('x',))
        type_check.expect(x_type.ndim >= 2)

    def fits(self, x):
        return x.dtype.kind == 'f' and x.ndim >= 2

    def compute(self, x):
        return x * (self.k + self.alpha * _window_sum(x * x, self.half)) ** -self.beta

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        gy, = grad_outputs
        window = ChannelWindowSum(self.half)
        unit_scale = self.k + self.alpha * window.apply((x * x,))[0]
        scale = unit_scale ** -self.beta
        summand = gy * x * scale / unit_scale
        window_summand = ChannelWindowSum(self.half).apply((summand,))[0]
        return gy * scale - (2 * self.alpha * self.beta) * x * window_summand,


def local_response_normalization(x, n=5, k=2, alpha=1e-4, beta=.75):
    """Local response normalization across channels (axis 1).

    y[:, i] = x[:, i] / (k + alpha * sum_{|j - i| <= n // 2} x[:, j] ** 2) ** beta.

    Args:
        x (~chainer.Variable or array): Float input of shape (N, C, ...).
        n (int): The width of the channel window (its half-width is n // 2).
        k (float): Constant added to the sum.
        alpha (float): Multiplier of the sum.
        beta (float): Exponent.

    Returns:
        ~chainer.Variable: The normalized input.
    """
    return LocalResponseNormalization(n, k, alpha, beta).apply((x,))[0]
