"""Float64 NumPy references of N-d convolutions, written from the definitions (no im2col).

Both loop over the kernel offsets: a convolution reads, for offset k, the strided slice of the
    padded input
that offset k of every window sees; a transposed convolution adds each input element times the
kernel tap to that same slice of a padded output, then cuts the padding off.
"""

import itertools
from unittest import mock

import numpy

import chainer


def _window_slices(offsets, outs, stride, dilate):
    return tuple(slice(k * d, k * d + (o - 1) * s + 1, s)
                 for k, o, s, d in zip(offsets, outs, stride, dilate))


def _out_size(size, k, s, p, d, cover_all):
    extent = d * (k - 1) + 1
    if cover_all:
        return (size + 2 * p - extent + s - 1) // s + 1
    return (size + 2 * p - extent) // s + 1


def _groups(n, groups):
    step = n // groups
    return [slice(g * step, (g + 1) * step) for g in range(groups)]


def conv(x, W, b=None, stride=1, pad=0, cover_all=False, dilate=1, groups=1):
    """`y[n, o, p] = b[o] + sum_{c, k} W[o, c, k] x_pad[n, c, p * stride + k * dilate]`."""
    x, W = numpy.asarray(x, numpy.float64), numpy.asarray(W, numpy.float64)
    ndim = x.ndim - 2
    stride, pad, dilate = (_tuple(v, ndim) for v in (stride, pad, dilate))
    ksize = W.shape[2:]
    outs = tuple(_out_size(size, k, s, p, d, cover_all)
                 for size, k, s, p, d in zip(x.shape[2:], ksize, stride, pad, dilate))
    padded = tuple(max(size + 2 * p, (o - 1) * s + (k - 1) * d + 1)
                   for size, p, o, s, k, d in zip(x.shape[2:], pad, outs, stride, ksize, dilate))
    x_pad = numpy.zeros(x.shape[:2] + padded)
    inside = tuple(slice(p, p + size) for p, size in zip(pad, x.shape[2:]))
    x_pad[(slice(None), slice(None)) + inside] = x
    y = numpy.zeros((x.shape[0], W.shape[0]) + outs)
    for cs, os in zip(_groups(x.shape[1], groups), _groups(W.shape[0], groups)):
        for offsets in itertools.product(*[range(k) for k in ksize]):
            window = x_pad[(slice(None), cs) + _window_slices(offsets, outs, stride, dilate)]
            y[:, os] += numpy.moveaxis(
                numpy.tensordot(window, W[(os, slice(None)) + offsets], ((1,), (1,))), -1, 1)
    if b is not None:
        y += numpy.asarray(b, numpy.float64).reshape((1, -1) + (1,) * ndim)
    return y


def deconv(x, W, b=None, stride=1, pad=0, outsize=None, dilate=1, groups=1):
    """The transposed convolution (x `(n, c, *dims)`, W `(c, out / groups, *k)`) in float64."""
    x, W = numpy.asarray(x, numpy.float64), numpy.asarray(W, numpy.float64)
    ndim = x.ndim - 2
    stride, pad, dilate = (_tuple(v, ndim) for v in (stride, pad, dilate))
    ksize = W.shape[2:]
    dims = x.shape[2:]
    if outsize is None:
        outsize = tuple(s * (n - 1) + d * (k - 1) + 1 - 2 * p
                        for n, k, s, p, d in zip(dims, ksize, stride, pad, dilate))
    full = tuple(max(o + 2 * p, (n - 1) * s + (k - 1) * d + 1)
                 for o, p, n, s, k, d in zip(outsize, pad, dims, stride, ksize, dilate))
    out_channels = W.shape[1] * groups
    y = numpy.zeros((x.shape[0], out_channels) + full)
    for cs, os in zip(_groups(x.shape[1], groups), _groups(out_channels, groups)):
        for offsets in itertools.product(*[range(k) for k in ksize]):
            contribution = numpy.tensordot(x[:, cs], W[(cs, slice(None)) + offsets], ((1,), (0,)))
            y[(slice(None), os) + _window_slices(offsets, dims, stride, dilate)] += numpy.moveaxis(
                contribution, -1, 1)
    y = y[(slice(None), slice(None)) + tuple(slice(p, p + o) for p, o in zip(pad, outsize))]
    if b is not None:
        y = y + numpy.asarray(b, numpy.float64).reshape((1, -1) + (1,) * ndim)
    return y


def _tuple(value, ndim):
    return tuple(value) if hasattr(value, '__len__') else (value,) * ndim


def tolerances(dtype):
    """Forward, backward and double backward options for a dtype (loose for float16)."""
    forward, gradients = {
        numpy.float16: ((1e-2, 1e-2), (5e-2, 5e-2)),
        numpy.float32: ((1e-5, 1e-4), (1e-3, 1e-3)),
        numpy.float64: ((1e-12, 1e-10), (1e-7, 1e-6)),
    }[numpy.dtype(dtype).type]
    return ({'atol': forward[0], 'rtol': forward[1]}, {'atol': gradients[0], 'rtol': gradients[1]},
            {'atol': gradients[0], 'rtol': gradients[1]})


BACKENDS = [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}]


def force_fallback(testcase, *classes):
    """Makes the nodes of `classes` take the NumPy fallback on chainerx until the test ends.

    Their Python backward then runs on chainerx Variables, which the native path never does.
    """
    for cls in classes:
        patcher = mock.patch.object(cls, 'forward_chainerx', lambda self, inputs: chainer.Fallback)
        patcher.start()
        testcase.addCleanup(patcher.stop)
