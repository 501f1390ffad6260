"""F.copy (across devices and backends, with gradients) and F.cast (float dtypes keep the graph)."""

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx
from chainer import testing
from chainer.backends import cuda

import array_check as check
from mode_utils import make_array
from mode_utils import to_numpy

CASES = [
    check.Case('copy_same_device',
               lambda x: F.copy(x, chainer.backend.get_device_from_array(x.array)), lambda x: x),
]


@check.cases_test(CASES)
class TestCopy(check.ArrayTestCase):
    pass


def _weighted_loss(y, weights):
    """sum(y * weights) as a one-element Variable on y's backend (weights: NumPy)."""
    w = make_array('chainerx' if isinstance(y.array, chainerx.ndarray) else 'numpy', weights)
    if isinstance(y.array, chainerx.ndarray) and y.array.device is not w.device:
        w = w.to_device(y.array.device)
    return F.sum_to(y * w, ())


@pytest.mark.parametrize('src, dst', [
    ('numpy', '@numpy'),
    ('numpy', -1),
    ('numpy', cuda.DummyDevice),
    ('numpy', 'native:0'),
    ('numpy', 'native:1'),
    ('chainerx', 'native:0'),
    ('chainerx', 'native:1'),
    ('chainerx', '@numpy'),
    ('chainerx', chainer.get_device(-1)),
])
def test_copy_moves_the_gradient_back(src, dst):
    x = check.variable(src, [[1.0, 2.0, 3.0]])
    hidden = x * 2.0  # the gradient must also flow through the creator of the copied variable
    y = F.copy(hidden, dst)
    if dst is cuda.DummyDevice:
        dst = -1
    assert chainer.backend.get_device_from_array(y.array) == chainer.get_device(dst)
    numpy.testing.assert_array_equal(to_numpy(y.array), [[2.0, 4.0, 6.0]])
    _weighted_loss(y, [[1.0, 10.0, 100.0]]).backward()
    assert isinstance(x.grad, type(x.array))
    numpy.testing.assert_array_equal(to_numpy(x.grad), [[2.0, 20.0, 200.0]])


@pytest.mark.parametrize('src, dst', [('numpy', 'native:0'), ('chainerx', '@numpy')])
def test_copies_across_backends_accumulate(src, dst):
    x = check.variable(src, [1.0, 2.0])
    loss = _weighted_loss(F.copy(x, dst), [1.0, 1.0]) + _weighted_loss(F.copy(x, dst), [3.0, 5.0])
    loss.backward()
    numpy.testing.assert_array_equal(to_numpy(x.grad), [4.0, 6.0])


def test_copy_between_chainerx_devices_is_twice_differentiable():
    x = check.variable('chainerx', [1.0, 2.0])
    y = F.copy(x * x, 'native:1')
    gx, = chainer.grad([_weighted_loss(y, [1.0, 3.0])], [x], enable_double_backprop=True)
    numpy.testing.assert_array_equal(to_numpy(gx.array), [2.0, 12.0])
    ggx, = chainer.grad([F.sum_to(gx, ())], [x])
    numpy.testing.assert_array_equal(to_numpy(ggx.array), [2.0, 6.0])


@pytest.mark.parametrize('src, dst', [('numpy', 'native:0'), ('chainerx', '@numpy')])
def test_copy_without_gradient(src, dst):
    x = chainer.Variable(make_array(src, [1.0, 2.0]), requires_grad=False)
    assert not F.copy(x, dst).requires_grad
    with chainer.no_backprop_mode():
        assert not F.copy(check.variable(src, [1.0]), dst).requires_grad
    assert not F.copy(make_array(src, [1.0]), dst).requires_grad


def test_copy_to_the_same_numpy_device_shares_the_array():
    x = numpy.zeros(3)
    assert F.copy(x, '@numpy').array is x


@pytest.mark.parametrize('dst, error', [
    ('@foo', ValueError),
    (object(), TypeError),
    ('@cupy:0', RuntimeError),
])
def test_copy_to_an_invalid_device(mode, dst, error):
    if error is RuntimeError and cuda.available:
        pytest.skip('CuPy is available')
    check.assert_error(error, F.copy, check.variable(mode, [1.0]), dst)


_CAST_PAIRS = [(numpy.float64, numpy.float32), (numpy.float32, numpy.float64),
               (numpy.float16, numpy.float64), (numpy.float32, numpy.float16)]


@testing.parameterize(*[{'in_dtype': a, 'out_dtype': b} for a, b in _CAST_PAIRS])
@testing.fix_random()
@testing.inject_backend_tests(None, check.BACKENDS)
class TestCast(testing.FunctionTestCase):
    # The numerical differences run in the inputs' own dtypes (cast's outputs must keep theirs).
    numerical_grad_dtype = None

    def setUp(self):
        low = min(numpy.finfo(self.in_dtype).bits, numpy.finfo(self.out_dtype).bits)
        tolerance = {'atol': 5e-2, 'rtol': 5e-2} if low == 16 else {'atol': 1e-3, 'rtol': 1e-3}
        eps = 2.0 ** -5 if low == 16 else 1e-3
        self.check_forward_options = {'atol': 0, 'rtol': 0}
        self.check_backward_options = dict(tolerance, eps=eps)
        self.check_double_backward_options = dict(tolerance, eps=eps)

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (2, 3)).astype(self.in_dtype),

    def forward(self, inputs, device):
        return F.cast(inputs[0], self.out_dtype),

    def forward_expected(self, inputs):
        return inputs[0].astype(self.out_dtype),


def test_cast_to_the_same_dtype_returns_the_input(mode):
    x = check.variable(mode, [1.0], numpy.float32)
    assert F.cast(x, numpy.float32) is x
    assert F.cast(x, 'float32') is x


def test_cast_to_and_from_integers_has_no_gradient(mode):
    x = check.variable(mode, [1.7, -2.2])
    y = F.cast(x, numpy.int32)
    assert y.dtype == numpy.int32 and to_numpy(y.array).tolist() == [1, -2]
    z = F.cast(make_array(mode, [1, 2], numpy.int32), numpy.float32)
    assert z.dtype == numpy.float32 and not z.requires_grad


def test_cast_to_an_unknown_dtype(mode):
    check.assert_error(TypeError, F.cast, check.variable(mode, [1.0]), 'no such dtype')


def test_cast_keeps_the_graph_natively():
    x = check.variable('chainerx', [1.0, 2.0])
    before = chainer.function_node.fallback_count
    y = F.cast(F.cast(x, numpy.float16), numpy.float64)
    gx, = chainer.grad([_weighted_loss(y, [2.0, 3.0])], [x])
    assert gx.dtype == numpy.float64 and to_numpy(gx.array).tolist() == [2.0, 3.0]
    assert chainer.function_node.fallback_count == before
