"""F.softmax and F.log_softmax: forward along any axis, gradients, stability, errors, native."""

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check

import loss_check
import math_elementwise_check as check
from mode_utils import make_array
from mode_utils import to_numpy


def _softmax(x, axis):
    if x.size == 0:
        return x.copy()
    e = numpy.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def _log_softmax(x, axis):
    with numpy.errstate(divide='ignore'):
        return numpy.log(_softmax(x, axis))


FUNCTIONS = {'softmax': (F.softmax, _softmax), 'log_softmax': (F.log_softmax, _log_softmax)}


@loss_check.function_tests({
    'name': sorted(FUNCTIONS),
    'shape_axis': [((2, 3), 1), ((2, 3), 0), ((2, 3, 4), 2), ((2, 3, 4), -1), ((2, 3, 4), -3),
                   ((5,), 0), ((0, 3), 1), ((2, 0), 1), ((3, 1), 1)],
})
class TestSoftmax(loss_check.ToleranceTestCase):

    def generate_inputs(self):
        shape, _ = self.shape_axis
        return loss_check.uniform(shape, self.dtype, -2, 2),

    def forward(self, inputs, device):
        function, _ = FUNCTIONS[self.name]
        x, = inputs
        if self.shape_axis[1] == 1:
            return function(x),  # the default axis
        return function(x, axis=self.shape_axis[1]),

    def forward_expected(self, inputs):
        _, reference = FUNCTIONS[self.name]
        x, = inputs
        return reference(x.astype(numpy.float64), self.shape_axis[1]).astype(self.dtype),


@pytest.mark.parametrize('name', sorted(FUNCTIONS))
@pytest.mark.parametrize('shape, axis', [((2, 3), 2), ((2, 3), -3), ((), 0), ((3,), 1)])
def test_axis_out_of_range_is_invalid_type(mode, name, shape, axis):
    function, _ = FUNCTIONS[name]
    with pytest.raises(type_check.InvalidType):
        function(make_array(mode, numpy.ones(shape)), axis=axis)


@pytest.mark.parametrize('name', sorted(FUNCTIONS))
def test_integer_input_is_invalid_type(mode, name):
    function, _ = FUNCTIONS[name]
    with pytest.raises(type_check.InvalidType):
        function(make_array(mode, [[1, 2]], numpy.int32))


@pytest.mark.parametrize('name', sorted(FUNCTIONS))
def test_large_inputs_are_stable(mode, name):
    function, reference = FUNCTIONS[name]
    values = numpy.array([[1000.0, 0.0, -1000.0], [-1e4, -1e4, -1e4]])
    x = chainer.Variable(make_array(mode, values))
    y = function(x)
    gx, = chainer.grad([y], [x], grad_outputs=[make_array(mode, numpy.ones((2, 3)))])
    assert numpy.isfinite(to_numpy(y.array)).all() and numpy.isfinite(to_numpy(gx.array)).all()
    if name == 'log_softmax':
        numpy.testing.assert_allclose(to_numpy(y.array)[0], [0.0, -1000.0, -2000.0])
    else:
        numpy.testing.assert_allclose(to_numpy(y.array), reference(values, 1))


def test_log_softmax_gradient_sums_to_zero_for_uniform_output_gradient(mode):
    # d/dx sum(log_softmax(x)) = 1 - n * softmax(x), whose sum over the axis is 0.
    x = chainer.Variable(make_array(mode, numpy.random.RandomState(0).uniform(-1, 1, (2, 4))))
    y = F.log_softmax(x)
    gx, = chainer.grad([y], [x], grad_outputs=[make_array(mode, numpy.ones((2, 4)))])
    numpy.testing.assert_allclose(to_numpy(gx.array).sum(axis=1), 0, atol=1e-12)


@pytest.mark.parametrize('name', sorted(FUNCTIONS))
@pytest.mark.parametrize('axis', [0, 1, -1])
def test_native_on_chainerx(name, axis):
    function, _ = FUNCTIONS[name]
    values = numpy.random.RandomState(0).uniform(-1, 1, (2, 3))
    y, (gx,) = check.assert_native(lambda x: function(x, axis=axis), values)
    x = chainer.Variable(values)
    expected, = chainer.grad([function(x, axis=axis)], [x], grad_outputs=[numpy.ones((2, 3))])
    numpy.testing.assert_allclose(to_numpy(gx.array), expected.array, atol=1e-12)


@pytest.mark.parametrize('name', sorted(FUNCTIONS))
def test_zero_size_axis_gives_an_empty_output(mode, name):
    function, _ = FUNCTIONS[name]
    y = function(make_array(mode, numpy.ones((2, 0))))
    assert y.shape == (2, 0)
