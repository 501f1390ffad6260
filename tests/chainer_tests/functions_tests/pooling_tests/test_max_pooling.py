"""max_pooling_1d/2d/3d/nd: forward and indexes against a loop reference, gradients, errors."""

import numpy
import pytest

import chainer
import chainerx
from chainer import testing
import chainer.functions as F
from chainer.functions.pooling._window import WindowGather
from chainer.functions.pooling._window import WindowScatter
from chainer.functions.pooling.max_pooling_nd import MaxPoolingND

import function_test_utils
import pooling_reference
from function_test_utils import distinct_values
from mode_utils import make_array, mode, to_numpy  # NOQA: F401 (fixture)


@testing.parameterize(*testing.product_dict(
    [{'dims': (7,), 'ksize': 3, 'stride': 2, 'pad': 1, 'api': 'specific'},
     {'dims': (5, 6), 'ksize': (2, 3), 'stride': None, 'pad': 0, 'api': 'specific'},
     {'dims': (6, 5), 'ksize': 3, 'stride': (2, 1), 'pad': (1, 0), 'api': 'nd'},
     {'dims': (4, 4, 6), 'ksize': 2, 'stride': 2, 'pad': 1, 'api': 'specific'}],
    function_test_utils.DTYPE_PARAMETERS,
    [{'cover_all': True, 'fallback': False}, {'cover_all': False, 'fallback': False},
     {'cover_all': True, 'fallback': True}],
))
@testing.inject_backend_tests(None, function_test_utils.BACKENDS)
class TestMaxPoolingND(pooling_reference.Case, testing.FunctionTestCase):

    function_prefix = 'max_pooling'
    fallback_nodes = (MaxPoolingND, WindowGather, WindowScatter)

    def options(self):
        return {'cover_all': self.cover_all}

    def generate_inputs(self):
        return distinct_values((2, 3) + self.dims, self.dtype),

    def forward_expected(self, inputs):
        y, _ = pooling_reference.max_pool(
            inputs[0], self.ksize, self.stride, self.pad, self.cover_all)
        return y.astype(self.dtype),


@pytest.mark.parametrize('dims, ksize, stride, pad', [
    ((5, 6), 2, None, 0), ((7, 5), 3, 2, 1), ((6,), 2, 1, 1)])
def test_return_indices(mode, dims, ksize, stride, pad):
    x_np = distinct_values((2, 3) + dims, numpy.float32)
    x = make_array(mode, x_np, numpy.float32)
    y, indexes = F.max_pooling_nd(x, ksize, stride, pad, return_indices=True)
    expected_y, expected_indexes = pooling_reference.max_pool(x_np, ksize, stride, pad)
    numpy.testing.assert_array_equal(to_numpy(y.array), expected_y)
    numpy.testing.assert_array_equal(to_numpy(indexes), expected_indexes)
    assert isinstance(indexes, chainerx.ndarray if mode == 'chainerx' else numpy.ndarray)


def test_return_indices_gradient(mode):
    x = chainer.Variable(make_array(mode, distinct_values((1, 2, 4, 4), numpy.float64)))
    y, _ = F.max_pooling_2d(x, 2, return_indices=True)
    y.grad = y.array * 0 + 1
    y.backward()
    # Each window's maximum gets its gradient.
    windows = to_numpy(x.grad).reshape(2, 2, 2, 2, 2).transpose(0, 1, 3, 2, 4).reshape(2, 4, 4)
    numpy.testing.assert_array_equal(windows.sum(axis=2), numpy.ones((2, 4)))
    assert x.grad.dtype == numpy.float64


def test_zero_size_batch(mode):
    function_test_utils.check_zero_size_batch(
        mode, lambda x: F.max_pooling_2d(x, 2), [(0, 2, 4, 4)], (0, 2, 2, 2))


@pytest.mark.parametrize('make_call, error', [
    *pooling_reference.input_type_errors(F.max_pooling_2d),
    (lambda a: F.max_pooling_2d(a((2, 3, 4, 4)), (2, 2, 2)), ValueError),
    (lambda a: F.max_pooling_1d(a((2, 3, 4, 4)), 2), ValueError),
    (lambda a: F.max_pooling_3d(a((2, 3, 4, 4)), 2), ValueError),
    (lambda a: F.max_pooling_nd(a((2, 3)), 2), ValueError),
    (lambda a: F.max_pooling_2d(a((2, 3, 2, 2)), 3, cover_all=False), ValueError),
])
def test_errors(mode, make_call, error):
    with pytest.raises(error):
        make_call(lambda shape: make_array(mode, numpy.zeros(shape)))


testing.run_module(__name__, __file__)
