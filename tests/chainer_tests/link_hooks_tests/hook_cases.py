"""The links that the weight hooks' tests run on, with their inputs and plain-function references.

Each case is a link whose weight a hook may replace: its factory (float64 parameters), the shape
of its input, the output axis of its weight, and the function computing its output from
`(x, W, b)`, so that a test compares the hooked link with the function on the weight the hook
should have used.
"""

import numpy

import chainer
import chainer.functions as F
import chainer.links as L

from mode_utils import make_array, to_numpy

# name -> (make the link, input shape, output axis of W, function of (x, W, b))
CASES = {
    'linear': (lambda: L.Linear(4, 5), (2, 4), 0, F.linear),
    'convolution': (lambda: L.Convolution2D(2, 3, 2), (2, 2, 4, 4), 0, F.convolution_2d),
    'deconvolution': (lambda: L.Deconvolution2D(2, 3, 2), (2, 2, 3, 3), 1, F.deconvolution_2d),
    'local_convolution': (lambda: L.LocalConvolution2D(2, 3, 4, 2), (2, 2, 4, 4), 0,
                          F.local_convolution_2d),
}


def device_name(mode):
    """The device of a `mode` fixture value ('numpy' or 'chainerx')."""
    return '@numpy' if mode == 'numpy' else 'native:0'


def make_link(mode, make, seed=0):
    """``make()`` with float64 parameters from a fixed seed, on the device of `mode`."""
    numpy.random.seed(seed)
    with chainer.using_config('dtype', numpy.float64):
        link = make()
    link.to_device(device_name(mode))
    return link


def make_case(mode, name, seed=0):
    """``(link, x, axis, function)`` of case `name`: the link on `mode`'s device, x in [-1, 1)."""
    make, x_shape, axis, function = CASES[name]
    link = make_link(mode, make, seed)
    x = make_array(mode, numpy.random.RandomState(seed + 1).uniform(-1, 1, x_shape))
    return link, x, axis, function


def as_matrix(W, axis):
    """A NumPy float64 copy of `W` with `axis` first and the other axes flattened."""
    W = numpy.moveaxis(to_numpy(W).astype(numpy.float64), axis, 0)
    return W.reshape(W.shape[0], -1)


def expected_output(function, x, W, b):
    """`function` applied to NumPy copies of x, W (a NumPy array) and b (None allowed)."""
    b = None if b is None else to_numpy(b.array)
    return function(to_numpy(x), W, b).array
