"""linear: forward against NumPy, gradients (native and fallback paths), n_batch_axes, errors."""

import numpy
import pytest

import chainer
import chainerx
from chainer import testing
from chainer.utils import type_check
import chainer.functions as F
from chainer.functions.connection.linear import LinearFunction

import conv_reference
import function_test_utils
from function_test_utils import seeded_arrays
from mode_utils import mode  # NOQA: F401 (fixture)


@testing.parameterize(*testing.product_dict(
    [{'x_shape': (3, 4), 'n_batch_axes': 1}, {'x_shape': (3, 2, 2), 'n_batch_axes': 1},
     {'x_shape': (2, 3, 4), 'n_batch_axes': 2}, {'x_shape': (2, 1, 3, 2), 'n_batch_axes': 3},
     {'x_shape': (0, 4), 'n_batch_axes': 1}],
    [{'x_dtype': x, 'W_dtype': w} for x, w in [
        (numpy.float16, numpy.float16), (numpy.float32, numpy.float32),
        (numpy.float64, numpy.float64), (numpy.float32, numpy.float64)]],
    [{'nobias': False, 'fallback': False}, {'nobias': True, 'fallback': False},
     {'nobias': False, 'fallback': True}],
))
@testing.inject_backend_tests(None, function_test_utils.BACKENDS)
class TestLinear(conv_reference.Case, testing.FunctionTestCase):

    fallback_nodes = (LinearFunction,)

    @property
    def dtype(self):
        """The dtype of x (and of b and of the output), which the tolerances follow."""
        return self.x_dtype

    def generate_inputs(self):
        x, = function_test_utils.uniform(self.x_dtype, self.x_shape)
        in_size = int(numpy.prod(self.x_shape[self.n_batch_axes:]))
        W, = function_test_utils.uniform(self.W_dtype, (5, in_size))
        return (x, W) + function_test_utils.uniform(self.x_dtype, None if self.nobias else (5,))

    def forward(self, inputs, device):
        return F.linear(*inputs, n_batch_axes=self.n_batch_axes),

    def forward_expected(self, inputs):
        x, W = inputs[:2]
        n = self.n_batch_axes
        x2 = x.reshape(int(numpy.prod(x.shape[:n])), W.shape[1]).astype(numpy.float64)
        y = x2.dot(W.T.astype(numpy.float64))
        if len(inputs) == 3:
            y += inputs[2]
        return y.reshape(x.shape[:n] + (5,)).astype(self.x_dtype),


def test_gradient_dtypes_follow_the_inputs(mode):
    x, = seeded_arrays(mode, (3, 4), dtype=numpy.float32)
    W, = seeded_arrays(mode, (2, 4), dtype=numpy.float64)
    xv, Wv = chainer.Variable(x), chainer.Variable(W)
    y = F.linear(xv, Wv)
    assert y.dtype == numpy.float32
    gx, gW = chainer.grad([F.sum(y * y)], [xv, Wv])
    assert gx.dtype == numpy.float32 and gW.dtype == numpy.float64


@pytest.mark.parametrize('make_call, error', [
    (lambda a: F.linear(a((3, 4)), a((2, 5))), type_check.InvalidType),
    (lambda a: F.linear(a((4,)), a((2, 1))), type_check.InvalidType),
    (lambda a: F.linear(a((3, 4)), a((2, 4, 1))), type_check.InvalidType),
    (lambda a: F.linear(a((3, 4)).astype(numpy.int32), a((2, 4)).astype(numpy.int32)),
     type_check.InvalidType),
    (lambda a: F.linear(a((3, 4)), a((2, 4)), a((3,))), type_check.InvalidType),
    (lambda a: F.linear(a((3, 4)), a((2, 4)), a((2,)).astype(numpy.float32)),
     type_check.InvalidType),
    (lambda a: F.linear(a((3, 4)), a((2, 4)), a((2,)), n_batch_axes=0), ValueError),
    (lambda a: F.linear(a((3, 4, 2)), a((2, 2)), n_batch_axes=3), type_check.InvalidType),
])
def test_errors(mode, make_call, error):
    with pytest.raises(error):
        make_call(lambda shape: seeded_arrays(mode, shape)[0])


def test_native_path_takes_no_fallback():
    y = function_test_utils.check_stays_native(F.linear, (2, 3, 4), (5, 12), (5,))
    assert isinstance(y.array, chainerx.ndarray) and y.shape == (2, 5)


testing.run_module(__name__, __file__)
