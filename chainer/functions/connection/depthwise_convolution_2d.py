"""Depthwise convolution: `depthwise_convolution_2d` (a convolution with a group per channel)."""

import chainer

from chainer.functions.connection.convolution_2d import convolution_2d
from chainer.utils import _checks
from chainer.utils import type_check


def depthwise_convolution_2d(x, W, b=None, stride=1, pad=0):
    """Two-dimensional depthwise convolution function.

    Each input channel c is convolved with its own `channel_multiplier` filters `W[:, c]`; output
    channel `c * channel_multiplier + m` is channel c convolved with `W[m, c]` (plus `b[c *
    channel_multiplier + m]`). It is :func:`~chainer.functions.convolution_2d` with one group per
    input channel, and runs as such (natively on chainerx).

    Args:
        x (~chainer.Variable or array): Input of shape `(n, c, h, w)`.
        W (~chainer.Variable or array): Kernel of shape `(channel_multiplier, c, kh, kw)`.
        b (~chainer.Variable or array): Bias of shape `(channel_multiplier * c,)`, or None.
        stride (int or pair of ints): Stride `(sy, sx)`.
        pad (int or pair of ints): Zero padding `(ph, pw)` on both sides.

    Returns:
        ~chainer.Variable: Output of shape `(n, channel_multiplier * c, h_O, w_O)`.

    Raises:
        ~chainer.utils.type_check.InvalidType: W is not 4-dimensional, or its channels differ from
        x's.
    """
    W_shape = _checks.shape_of(W, 'W')
    if len(W_shape) != 4:
        raise type_check.InvalidType('W.ndim == 4', 'W.ndim == {}'.format(len(W_shape)))
    multiplier, channels = W_shape[:2]
    F = chainer.functions
    # (m, c, kh, kw) -> (c, m, kh, kw) -> (c * m, 1, kh, kw): group c has the filters of channel c.
    W = F.reshape(F.transpose(W, (1, 0, 2, 3)), (channels * multiplier, 1) + tuple(W_shape[2:]))
    return convolution_2d(x, W, b, stride, pad, groups=max(channels, 1))
