"""average_pooling_1d/2d/3d/nd: forward against a loop reference (both pad_values), gradients."""

import numpy
import pytest

from chainer import testing
import chainer.functions as F
from chainer.functions.pooling._window import WindowSpread
from chainer.functions.pooling._window import WindowSum

import function_test_utils
import pooling_reference
from mode_utils import make_array, mode, to_numpy  # NOQA: F401 (fixture)

_MODES = [{'pad_value': 0, 'fallback': False}, {'pad_value': None, 'fallback': False},
          {'pad_value': 0, 'fallback': True}, {'pad_value': None, 'fallback': True}]


@testing.parameterize(*(testing.product_dict(
    [{'dims': (7,), 'ksize': 3, 'stride': 2, 'pad': 1, 'api': 'specific'},
     {'dims': (5, 6), 'ksize': (2, 3), 'stride': None, 'pad': 0, 'api': 'nd'},
     {'dims': (6, 5), 'ksize': 3, 'stride': (2, 1), 'pad': (1, 2), 'api': 'nd'},
     {'dims': (4, 3, 5), 'ksize': 2, 'stride': 2, 'pad': 1, 'api': 'specific'}],
    function_test_utils.DTYPE_PARAMETERS, _MODES,
) + testing.product_dict(
    # average_pooling_2d has no pad_value: padding counts as zeros.
    [{'dims': (6, 5), 'ksize': 3, 'stride': 2, 'pad': 1, 'api': '2d'}],
    function_test_utils.DTYPE_PARAMETERS, [mode for mode in _MODES if mode['pad_value'] == 0],
)))
@testing.inject_backend_tests(None, function_test_utils.BACKENDS)
class TestAveragePoolingND(pooling_reference.Case, testing.FunctionTestCase):

    function_prefix = 'average_pooling'
    fallback_nodes = (WindowSum, WindowSpread)

    def options(self):
        return {} if self.api == '2d' else {'pad_value': self.pad_value}

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
    function_test_utils.check_zero_size_batch(
        mode, lambda x: F.average_pooling_2d(x, 2), [(0, 2, 4, 4)], (0, 2, 2, 2))


@pytest.mark.parametrize('make_call, error', [
    *pooling_reference.input_type_errors(F.average_pooling_2d),
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
