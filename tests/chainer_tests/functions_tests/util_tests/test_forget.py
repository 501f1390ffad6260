"""F.forget: values and gradients of any order, recomputation, memory, multiple outputs, errors,
native path."""

import gc
import weakref

import numpy
import pytest

import chainer
import chainer.functions as F

import loss_check
import math_elementwise_check as check
from mode_utils import make_array
from mode_utils import to_numpy


def _two_outputs(x, y):
    return F.sigmoid(x * y) * x, F.tanh(x) + y


@loss_check.function_tests({'shape': [(3, 2), (), (0, 2)]})
class TestForget(loss_check.ToleranceTestCase):

    def generate_inputs(self):
        return tuple(loss_check.uniform(self.shape, self.dtype) for _ in range(2))

    def forward(self, inputs, device):
        return F.forget(_two_outputs, *inputs)

    def forward_expected(self, inputs):
        x, y = [a.astype(numpy.float64) for a in inputs]
        first = x / (1 + numpy.exp(-x * y))
        return first.astype(self.dtype), (numpy.tanh(x) + y).astype(self.dtype)


class _Counting:
    """A function that counts its calls and lets a weak reference watch an intermediate result."""

    def __init__(self):
        self.calls = 0
        self.intermediate = None

    def __call__(self, x):
        self.calls += 1
        h = x * x
        self.intermediate = weakref.ref(h)
        return h * x


def test_recomputes_in_backward_and_keeps_no_intermediate(mode):
    func = _Counting()
    x = chainer.Variable(make_array(mode, [1.0, 2.0]))
    y = F.forget(func, x)
    gc.collect()
    assert func.calls == 1 and func.intermediate() is None
    y.grad = make_array(mode, [1.0, 1.0])
    y.backward()
    assert func.calls == 2
    numpy.testing.assert_array_equal(to_numpy(x.grad), [3.0, 12.0])


def test_third_order_gradient(mode):
    x = chainer.Variable(make_array(mode, [0.5, 2.0]))
    ones = make_array(mode, [1.0, 1.0])
    y = F.forget(lambda v: v * v * v * v, x)
    g1, = chainer.grad([y], [x], grad_outputs=[ones], enable_double_backprop=True)
    g2, = chainer.grad([g1], [x], grad_outputs=[ones], enable_double_backprop=True)
    g3, = chainer.grad([g2], [x], grad_outputs=[ones])
    values = numpy.array([0.5, 2.0])
    numpy.testing.assert_allclose(to_numpy(g1.array), 4 * values ** 3)
    numpy.testing.assert_allclose(to_numpy(g2.array), 12 * values ** 2)
    numpy.testing.assert_allclose(to_numpy(g3.array), 24 * values)


def test_only_one_output_used(mode):
    x = chainer.Variable(make_array(mode, [1.0, -1.0]))
    y = chainer.Variable(make_array(mode, [2.0, 3.0]))
    _, b = F.forget(_two_outputs, x, y)
    gx, gy = chainer.grad([b], [x, y], grad_outputs=[make_array(mode, [1.0, 1.0])])
    numpy.testing.assert_allclose(to_numpy(gx.array), 1 - numpy.tanh([1.0, -1.0]) ** 2)
    numpy.testing.assert_array_equal(to_numpy(gy.array), [1.0, 1.0])


def test_integer_and_unused_inputs(mode):
    x = chainer.Variable(make_array(mode, [1.0, 2.0, 3.0]))
    unused = chainer.Variable(make_array(mode, [5.0]))
    index = make_array(mode, [0, 2, 2], numpy.int32)

    def f(v, i, w):
        return v * 2.0 if i.shape == (3,) else w

    out = F.forget(f, x, index, unused)
    gx, gw = chainer.grad([out], [x, unused], grad_outputs=[make_array(mode, [1.0] * 3)])
    numpy.testing.assert_array_equal(to_numpy(gx.array), [2.0, 2.0, 2.0])
    assert gw is None or not to_numpy(gw.array).any()


def test_identity_function(mode):
    x = chainer.Variable(make_array(mode, [1.0, 2.0]))
    y = F.forget(lambda v: v, x)
    assert y is not x
    gx, = chainer.grad([y], [x], grad_outputs=[make_array(mode, [3.0, 4.0])])
    numpy.testing.assert_array_equal(to_numpy(gx.array), [3.0, 4.0])


def test_not_callable():
    with pytest.raises(TypeError):
        F.forget(1, numpy.ones(2))


@pytest.mark.parametrize('func, message', [
    (lambda x: x.array, 'A tuple of Variables or a Variable are expected'),
    (lambda x: (x * 1.0, x.array), '2nd element of a returned tuple is not Variable'),
    (lambda x: [x * 1.0], 'A tuple of Variables or a Variable are expected'),
])
def test_function_returning_non_variables(mode, func, message):
    with pytest.raises(RuntimeError, match=message):
        F.forget(func, make_array(mode, [1.0]))


def test_native_on_chainerx():
    y, (gx, gy) = check.assert_native(
        lambda x, y: F.forget(_two_outputs, x, y)[0], [0.5, -1.0], [2.0, 0.25])
    xs = [chainer.Variable(numpy.array([0.5, -1.0])), chainer.Variable(numpy.array([2.0, 0.25]))]
    expected = chainer.grad([_two_outputs(*xs)[0]], xs, grad_outputs=[numpy.ones(2)])
    numpy.testing.assert_allclose(to_numpy(gx.array), expected[0].array, rtol=1e-12)
    numpy.testing.assert_allclose(to_numpy(gy.array), expected[1].array, rtol=1e-12)
