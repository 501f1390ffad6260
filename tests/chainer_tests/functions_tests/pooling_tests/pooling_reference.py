"""Float64 NumPy references of the pooling functions, written with explicit loops.

Window o (a tuple of output positions) with kernel offset k reads input position `o * stride + k -
pad` per axis; positions outside the input are padding.
"""

import itertools

import numpy

from chainer.utils import type_check

import function_test_utils


def _tuple(value, ndim):
    return tuple(value) if hasattr(value, '__len__') else (value,) * ndim


def _geometry(x, ksize, stride, pad):
    ndim = x.ndim - 2
    ksize = _tuple(ksize, ndim)
    stride = ksize if stride is None else _tuple(stride, ndim)
    return ksize, stride, _tuple(pad, ndim)


def out_size(size, k, s, p, cover_all):
    """The number of windows along an axis."""
    if cover_all:
        return (size + 2 * p - k + s - 1) // s + 1
    return (size + 2 * p - k) // s + 1


def _taps(out, ksize, stride, pad, dims):
    """(flat kernel index, input position or None for padding) of each tap of window `out`."""
    for flat, offsets in enumerate(itertools.product(*[range(k) for k in ksize])):
        position = tuple(o * s + k - p for o, s, k, p in zip(out, stride, offsets, pad))
        inside = all(0 <= q < n for q, n in zip(position, dims))
        yield flat, (position if inside else None)


def _windows(outs):
    return itertools.product(*[range(o) for o in outs])


def _every(index):
    return (slice(None), slice(None)) + tuple(index)


def max_pool(x, ksize, stride=None, pad=0, cover_all=True):
    """(y, indexes): the window maxima (padding is -inf) and the first flat index of each."""
    x = numpy.asarray(x, numpy.float64)
    ksize, stride, pad = _geometry(x, ksize, stride, pad)
    outs = tuple(out_size(n, k, s, p, cover_all)
                 for n, k, s, p in zip(x.shape[2:], ksize, stride, pad))
    y = numpy.full(x.shape[:2] + outs, -numpy.inf)
    indexes = numpy.zeros(x.shape[:2] + outs, numpy.int64)
    for out in _windows(outs):
        for flat, position in _taps(out, ksize, stride, pad, x.shape[2:]):
            if position is None:
                continue
            value = x[_every(position)]
            better = value > y[_every(out)]
            y[_every(out)] = numpy.where(better, value, y[_every(out)])
            indexes[_every(out)] = numpy.where(better, flat, indexes[_every(out)])
    return y, indexes


def average_pool(x, ksize, stride=None, pad=0, pad_value=0):
    """Window means; padding counts as zeros (pad_value 0) or not at all (None)."""
    x = numpy.asarray(x, numpy.float64)
    ksize, stride, pad = _geometry(x, ksize, stride, pad)
    outs = tuple(out_size(n, k, s, p, False) for n, k, s, p in zip(x.shape[2:], ksize, stride, pad))
    y = numpy.zeros(x.shape[:2] + outs)
    for out in _windows(outs):
        count = 0
        for _, position in _taps(out, ksize, stride, pad, x.shape[2:]):
            if position is not None:
                y[_every(out)] += x[_every(position)]
                count += 1
        y[_every(out)] /= numpy.prod(ksize) if pad_value == 0 else count
    return y


def spread(x, ksize, stride=None, pad=0, outsize=None, cover_all=True, indexes=None):
    """Unpooling (every tap gets the window's value) or, with indexes, upsampling (one tap)."""
    x = numpy.asarray(x, numpy.float64)
    ksize, stride, pad = _geometry(x, ksize, stride, pad)
    if outsize is None:
        outsize = tuple(s * (n - 1) + k - 2 * p - (s - 1 if cover_all else 0)
                        for n, k, s, p in zip(x.shape[2:], ksize, stride, pad))
    y = numpy.zeros(x.shape[:2] + tuple(outsize))
    for out in _windows(x.shape[2:]):
        for flat, position in _taps(out, ksize, stride, pad, outsize):
            if position is None:
                continue
            value = x[_every(out)]
            if indexes is not None:
                value = numpy.where(indexes[_every(out)] == flat, value, 0)
            y[_every(position)] += value
    return y


# (atol, rtol) of the forward comparison with the references, per dtype.
FORWARD_TOLERANCES = {
    numpy.float16: (5e-3, 5e-3),
    numpy.float32: (1e-6, 1e-5),
    numpy.float64: (1e-12, 1e-10),
}


class Case(function_test_utils.FunctionCase):
    """The tests of the pooling functions against these references.

    Parameters: dims, ksize, stride, pad, dtype, fallback and api ('nd' for `<function_prefix>_nd`,
    else the function for len(dims)). `function(x)` is the tested function of x with the windows of
    the parameters and `options()` (keyword arguments; none by default).
    """

    forward_tolerances = FORWARD_TOLERANCES

    def options(self):
        return {}

    def generate_inputs(self):
        return function_test_utils.uniform(self.dtype, (2, 3) + self.dims)

    def function(self, x):
        function = function_test_utils.nd_function(self.function_prefix, self.api, len(self.dims))
        return function(x, self.ksize, self.stride, self.pad, **self.options())

    def forward(self, inputs, device):
        return self.function(inputs[0]),


def input_type_errors(function):
    """Error cases `(make_call, error)` shared by the 2-d pooling functions (`function(x, 2)`).

    The input must be 4-dimensional and of a float dtype.
    """
    return [
        (lambda a: function(a((2, 3, 4)), 2), type_check.InvalidType),
        (lambda a: function(a((2, 3, 4, 4)).astype(numpy.int32), 2), type_check.InvalidType),
    ]
