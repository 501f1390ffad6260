"""embed_id: forward against NumPy indexing, gradients of W, ignore_label, errors."""

import numpy
import pytest

import chainer
from chainer import backend
from chainer import testing
from chainer.utils import type_check
import chainer.functions as F
from chainer.functions.connection.embed_id import EmbedIDFunction

import conv_reference
import function_test_utils
from mode_utils import make_array, mode, to_numpy  # NOQA: F401 (fixture)


@testing.parameterize(*testing.product({
    'x_data': [[0, 1, 0], [[2, 0, 1], [1, 2, 2]], [], 1],
    'ignore_label': [None, 1],
    'dtype': function_test_utils.FLOAT_DTYPES,
    'fallback': [False, True],
}))
@testing.inject_backend_tests(None, function_test_utils.BACKENDS)
class TestEmbedID(conv_reference.Case, testing.FunctionTestCase):

    fallback_nodes = (EmbedIDFunction,)

    def generate_inputs(self):
        x = numpy.array(self.x_data, numpy.int32)
        W = numpy.random.uniform(-1, 1, (3, 2)).astype(self.dtype)
        return x, W

    def forward(self, inputs, device):
        x, W = inputs
        return F.embed_id(x, W, ignore_label=self.ignore_label),

    def forward_expected(self, inputs):
        x, W = inputs
        y = W[x].copy()
        if self.ignore_label is not None:
            y[x == self.ignore_label] = 0
        return y,


def test_repeated_ids_add_up_their_gradients(mode):
    W = chainer.Variable(make_array(mode, numpy.arange(6).reshape(3, 2)))
    x = make_array(mode, [[0, 2, 0], [-1, 0, 2]], numpy.int32)
    y = F.embed_id(x, W, ignore_label=-1)
    y.grad = y.array * 0 + 1
    y.backward()
    numpy.testing.assert_array_equal(to_numpy(W.grad), [[3, 3], [0, 0], [2, 2]])


@pytest.mark.parametrize('x_values, W_shape, ignore_label, error', [
    ([0, 3], (3, 2), None, ValueError),
    ([-1, 0], (3, 2), None, ValueError),
    ([-2, 0], (3, 2), -1, ValueError),
    ([0.0, 1.0], (3, 2), None, type_check.InvalidType),
    ([0, 1], (3, 2, 1), None, type_check.InvalidType),
])
def test_errors(mode, x_values, W_shape, ignore_label, error):
    x = make_array(mode, x_values, numpy.int32 if isinstance(x_values[0], int) else numpy.float32)
    W = make_array(mode, numpy.zeros(W_shape))
    with chainer.using_config('debug', True), pytest.raises(error):
        F.embed_id(x, W, ignore_label=ignore_label)
    if error is ValueError and not backend._reads_without_waiting(x):
        # On a GPU, ids are range-checked in debug mode only (a check waits for the device); out of range they wrap.
        assert F.embed_id(x, W, ignore_label=ignore_label).shape == (2, W_shape[1])
    else:
        with pytest.raises(error):
            F.embed_id(x, W, ignore_label=ignore_label)


def test_integer_W_is_an_invalid_type(mode):
    with pytest.raises(type_check.InvalidType):
        F.embed_id(make_array(mode, [0], numpy.int32), make_array(mode, [[1, 2]], numpy.int32))


testing.run_module(__name__, __file__)
