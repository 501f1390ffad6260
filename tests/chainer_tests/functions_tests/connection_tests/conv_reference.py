"""Float64 NumPy references of N-d convolutions, written from the definitions (no im2col).

Both loop over the kernel offsets: a convolution reads, for offset k, the strided slice of the
padded input that offset k of every window sees; a transposed convolution adds each input element
times the kernel tap to that same slice of a padded output, then cuts the padding off. The test-case
bases at the end compare the connection functions with them.
"""

import itertools

import numpy

import chainer
from chainer import testing
from chainer.functions.connection.convolution_nd import ConvolutionND
from chainer.functions.connection.deconvolution_nd import DeconvolutionND

import function_test_utils
from mode_utils import to_numpy


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


# (atol, rtol) of the forward comparison with the references, per dtype.
FORWARD_TOLERANCES = {
    numpy.float16: (1e-2, 1e-2),
    numpy.float32: (1e-5, 1e-4),
    numpy.float64: (1e-12, 1e-10),
}


class Case(function_test_utils.FunctionCase):
    """FunctionCase with the tolerances of these references; the fallback for the N-d nodes."""

    forward_tolerances = FORWARD_TOLERANCES
    fallback_nodes = (ConvolutionND, DeconvolutionND)


class NdCase(Case):
    """The tests of convolution_1d/2d/3d/nd or, with `transposed`, of the deconvolutions.

    Parameters (see `nd_cases`): dims, ksize, dtype, nobias, api ('nd' for the N-d function, else
    the one for len(dims)), stride, pad, dilate, groups, and cover_all or, transposed, outsize.
    x has 4 channels and the output 6.
    """

    transposed = False

    def options(self):
        size_option = 'outsize' if self.transposed else 'cover_all'
        return {'stride': self.stride, 'pad': self.pad, 'dilate': self.dilate,
                'groups': self.groups, size_option: getattr(self, size_option)}

    def generate_inputs(self):
        channels = (4, 6 // self.groups) if self.transposed else (6, 4 // self.groups)
        return function_test_utils.uniform(
            self.dtype, (2, 4) + self.dims, channels + (self.ksize,) * len(self.dims),
            None if self.nobias else (6,))

    def forward(self, inputs, device):
        function = function_test_utils.nd_function(
            'deconvolution' if self.transposed else 'convolution', self.api, len(self.dims))
        return function(*inputs, **self.options()),

    def forward_expected(self, inputs):
        reference = deconv if self.transposed else conv
        return reference(*inputs, **self.options()).astype(self.dtype),


def nd_cases(dims, options):
    """The decorator of an NdCase: parameters `dims x dtypes x options`, on both backends."""
    def decorate(cls):
        cls = testing.inject_backend_tests(None, function_test_utils.BACKENDS)(cls)
        return testing.parameterize(*testing.product_dict(
            dims, function_test_utils.DTYPE_PARAMETERS, options))(cls)
    return decorate


def check_mixed_dtypes(function, reference, arrays, y_shape, tolerance, **options):
    """`function(*arrays, **options)` of arrays of several dtypes: the output has x's dtype.

    The output has y_shape and the values of `reference`; every input gets a gradient of its own
    dtype.
    """
    variables = [chainer.Variable(a) for a in arrays]
    y = function(*variables, **options)
    assert y.dtype == variables[0].dtype and y.shape == y_shape
    y.grad = y.array * 0 + 1
    y.backward()
    for v in variables:
        assert v.grad.dtype == v.dtype
    expected = reference(*[to_numpy(a) for a in arrays], **options)
    testing.assert_allclose(to_numpy(y.array), expected, atol=tolerance, rtol=tolerance)
