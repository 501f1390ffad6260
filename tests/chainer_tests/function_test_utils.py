"""Helpers shared by the function tests of every family (tests/chainer_tests is on sys.path)."""

from unittest import mock

import numpy

import chainer
import chainer.functions as F
from chainer import utils

from mode_utils import make_array

# The backend configurations of chainer.testing.inject_backend_tests: NumPy, and chainerx native.
BACKENDS = [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}]

# The float dtypes of the function tests, as values and as parameter dicts of testing.product_dict.
FLOAT_DTYPES = [numpy.float16, numpy.float32, numpy.float64]
DTYPE_PARAMETERS = [{'dtype': dtype} for dtype in FLOAT_DTYPES]

# (atol, rtol) of the numerical gradient checks, first and second order, per dtype.
GRADIENT_TOLERANCES = {
    numpy.float16: (5e-2, 5e-2),
    numpy.float32: (1e-3, 1e-3),
    numpy.float64: (1e-7, 1e-6),
}


def tolerances(dtype, forward):
    """The forward, backward and double backward options of FunctionTestCase for a dtype.

    Args:
        dtype: The dtype of the test.
        forward (dict): `(atol, rtol)` of the forward comparison per dtype type.
    """
    dtype = numpy.dtype(dtype).type
    (forward_atol, forward_rtol), (atol, rtol) = forward[dtype], GRADIENT_TOLERANCES[dtype]
    return ({'atol': forward_atol, 'rtol': forward_rtol}, {'atol': atol, 'rtol': rtol},
            {'atol': atol, 'rtol': rtol})


def force_fallback(testcase, *classes):
    """Makes the nodes of `classes` take the NumPy fallback on chainerx until the test ends.

    Their Python backward then runs on chainerx Variables, which the native path never does.
    """
    for cls in classes:
        patcher = mock.patch.object(cls, 'forward_chainerx', lambda self, inputs: chainer.Fallback)
        patcher.start()
        testcase.addCleanup(patcher.stop)


class FunctionCase:
    """Mixin of a chainer.testing.FunctionTestCase (before it in the bases): setUp by attributes.

    setUp sets the check options from `tolerances(self.dtype, self.forward_tolerances)` and, where
    `self.fallback` is true, forces the nodes of `fallback_nodes` onto the NumPy fallback.
    """

    fallback = False
    fallback_nodes = ()
    forward_tolerances = None

    def setUp(self):
        super().setUp()
        if self.fallback:
            force_fallback(self, *self.fallback_nodes)
        (self.check_forward_options, self.check_backward_options,
         self.check_double_backward_options) = tolerances(self.dtype, self.forward_tolerances)


def uniform(dtype, *shapes):
    """Arrays of dtype uniform in [-1, 1), one per shape (None shapes are left out)."""
    return tuple(numpy.random.uniform(-1, 1, shape).astype(dtype)
                 for shape in shapes if shape is not None)


def seeded_arrays(mode, *shapes, dtype=numpy.float64):
    """Arrays uniform in [-1, 1) in `mode` (mode_utils), one per shape, from a fixed seed."""
    rng = numpy.random.RandomState(0)
    return [make_array(mode, rng.uniform(-1, 1, shape), dtype) for shape in shapes]


def distinct_values(shape, dtype):
    """Shuffled values at least 2 / size apart (no ties, even after a numerical-gradient step)."""
    size = int(numpy.prod(shape))
    values = numpy.linspace(-1, 1, max(size, 2))[:size]
    return numpy.random.permutation(values).reshape(shape).astype(dtype)


def nd_function(prefix, api, ndim):
    """The function `F.<prefix>_nd` for api 'nd', else the one for ndim (e.g. `<prefix>_2d`)."""
    return getattr(F, '{}_{}'.format(prefix, 'nd' if api == 'nd' else '{}d'.format(ndim)))


def check_zero_size_batch(mode, function, shapes, y_shape):
    """`function` on Variables of `shapes` (in `mode`; x has a zero-size batch) gives y_shape.

    Backward from a zero output gradient gives every input a zero gradient of its shape.
    """
    xs = [chainer.Variable(a) for a in seeded_arrays(mode, *shapes)]
    y = function(*xs)
    assert y.shape == y_shape
    y.grad = y.array * 0
    y.backward()
    for x in xs:
        assert x.grad.shape == x.shape
        assert not chainer.backend.CpuDevice().send(x.grad).any()


def check_stays_native(function, *shapes):
    """`function` on chainerx Variables of `shapes`, with two orders of gradients, stays native.

    Returns:
        ~chainer.Variable: The output of the function.
    """
    xs = [chainer.Variable(a) for a in seeded_arrays('chainerx', *shapes)]
    before = chainer.function_node.fallback_count
    y = function(*xs)
    grads = chainer.grad([F.sum(y * y)], xs, enable_double_backprop=True)
    chainer.grad([F.sum(g * g) for g in grads if g is not None], xs)
    assert chainer.function_node.fallback_count == before
    return y


class Square(chainer.FunctionNode):
    """`x * x` with a backward that is right by default or broken on purpose (tests of the checks).

    Args:
        factor: The backward is `gy * x * factor` (2 is right).
        offset (callable): Adds `offset(x)` (an array) to the gradient, if given.
        cut_graph (bool): The gradient does not depend on x any more (right first order only).
    """

    def __init__(self, factor=2, offset=None, cut_graph=False):
        self.factor = factor
        self.offset = offset
        self.cut_graph = cut_graph

    def forward(self, inputs):
        self.retain_inputs((0,))
        x, = inputs
        return utils.force_array(x * x),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        gy, = grad_outputs
        if self.cut_graph:
            x = chainer.Variable(x.array, requires_grad=False)
        gx = gy * x * self.factor
        if self.offset is not None:
            gx = gx + chainer.Variable(self.offset(x.array), requires_grad=False)
        return gx,
