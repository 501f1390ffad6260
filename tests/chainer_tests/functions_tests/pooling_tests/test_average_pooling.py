"""average_pooling_1d/2d/3d/nd: forward against a loop reference (both pad_values), gradients."""

import numpy
import pytest

import chainer
from chainer import testing
from chainer.utils import type_check
import chainer.functions as F
from chainer.functions.pooling._window import WindowSpread
from chainer.functions.pooling._window import WindowSum

import pooling_reference
from mode_utils import make_array, mode, to_numpy  # NOQA: F401 (fixture)

_FUNCTIONS = {1: F.average_pooling_1d, 3: F.average_pooling_3d}


_DTYPES = [{'dtype': numpy.float16}, {'dtype': numpy.float32}, {'dtype': numpy.float64}]
_MODES = [{'pad_value': 0, 'fallback': False}, {'pad_value': None, 'fallback': False},
          {'pad_value': 0, 'fallback': True}, {'pad_value': None, 'fallback': True}]


@testing.parameterize(*(testing.product_dict(
    [{'dims': (7,), 'ksize': 3, 'stride': 2, 'pad': 1, 'api': 'specific'},
     {'dims': (5, 6), 'ksize': (2, 3), 'stride': None, 'pad': 0, 'api': 'nd'},
     {'dims': (6, 5), 'ksize': 3, 'stride': (2, 1), 'pad': (1, 2), 'api': 'nd'},
     {'dims': (4, 3, 5), 'ksize': 2, 'stride': 2, 'pad': 1, 'api': 'specific'}],
    _DTYPES, _MODES,
) + testing.product_dict(
    # average_pooling_2d has no pad_value: padding counts as zeros.
    [{'dims': (6, 5), 'ksize': 3, 'stride': 2, 'pad': 1, 'api': '2d'}],
    _DTYPES, [mode for mode in _MODES if mode['pad_value'] == 0],
)))
@testing.inject_backend_tests(None, pooling_reference.BACKENDS)
class TestAveragePoolingND(testing.FunctionTestCase):

    def setUp(self):
        if self.fallback:
            pooling_reference.force_fallback(self, WindowSum, WindowSpread)
        (self.check_forward_options, self.check_backward_options,
         self.check_double_backward_options) = pooling_reference.tolerances(self.dtype)

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (2, 3) + self.dims).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        if self.api == '2d':
            return F.average_pooling_2d(x, self.ksize, self.stride, self.pad),
        function = F.average_pooling_nd if self.api == 'nd' else _FUNCTIONS[len(self.dims)]
        return function(x, self.ksize, self.stride, self.pad, pad_value=self.pad_value),

    def forward_expected(self, inputs):
        return pooling_reference.average_pool(
            inputs[0], self.ksize, self.stride, self.pad, self.pad_value).astype(self.dtype),


def test_padding_counts_as_zeros_or_not(mode):
    x = make_array(mode, numpy.ones((1, 1, 2, 2)))
    zero = F.average_pooling_2d(x, 2, 1, 1)
    ignore = F.average_pooling_nd(x, 2, 1, 1, pad_value=None)
    numpy.testing.assert_allclose(
        to_numpy(zero.array)[0, 0], [[.25, .5, .25], [.5, 1, .5], [.25, .5, .25]])
    numpy.testing.assert_allclose(to_numpy(ignore.array), numpy.ones((1, 1, 3, 3)))


def test_zero_size_batch(mode):
    x = chainer.Variable(make_array(mode, numpy.zeros((0, 2, 4, 4))))
    y = F.average_pooling_2d(x, 2)
    assert y.shape == (0, 2, 2, 2)
    y.grad = y.array * 0
    y.backward()
    assert x.grad.shape == (0, 2, 4, 4)


@pytest.mark.parametrize('make_call, error', [
    (lambda a: F.average_pooling_2d(a((2, 3, 4)), 2), type_check.InvalidType),
    (lambda a: F.average_pooling_2d(a((2, 3, 4, 4)).astype(numpy.int32), 2),
     type_check.InvalidType),
    (lambda a: F.average_pooling_nd(a((2, 3, 4, 4)), 2, pad_value=1), ValueError),
    (lambda a: F.average_pooling_1d(a((2, 3, 4, 4)), 2), ValueError),
    (lambda a: F.average_pooling_3d(a((2, 3, 4, 4)), 2), ValueError),
    (lambda a: F.average_pooling_nd(a((2, 3, 4, 4)), (2, 2, 2)), ValueError),
    (lambda a: F.average_pooling_2d(a((2, 3, 2, 2)), 3), ValueError),
])
def test_errors(mode, make_call, error):
    with pytest.raises(error):
        make_call(lambda shape: make_array(mode, numpy.zeros(shape)))


testing.run_module(__name__, __file__)
