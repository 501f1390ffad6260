"""F.lstm against a NumPy reference, with gradients of either output, in both modes."""

import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

import loss_check


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def _lstm(c_prev, x):
    batch, hidden = x.shape[0], x.shape[1] // 4
    gates = x.reshape((batch, hidden, 4) + x.shape[2:])
    a, i, f, o = [gates[:, :, k] for k in range(4)]
    c = numpy.tanh(a) * _sigmoid(i) + _sigmoid(f) * c_prev[:batch]
    h = _sigmoid(o) * numpy.tanh(c)
    return numpy.concatenate((c, c_prev[batch:])), h


@testing.parameterize(*testing.product({
    'shapes': [((3, 2), (3, 8)), ((5, 2), (3, 8)), ((2, 3, 2), (2, 12, 2)), ((2, 1), (0, 4))],
    'grads': ['both', 'c', 'h'],
    'dtype': loss_check.FLOAT_DTYPES,
}))
@testing.fix_random()
@testing.inject_backend_tests(None, loss_check.BACKENDS)
class TestLSTM(loss_check.ToleranceTestCase):

    def generate_inputs(self):
        c_shape, x_shape = self.shapes
        return (loss_check.uniform(c_shape, self.dtype),
                loss_check.uniform(x_shape, self.dtype, -2, 2))

    def generate_grad_outputs(self, outputs_template):
        gc, gh = [loss_check.uniform(a.shape, a.dtype) for a in outputs_template]
        return (None if self.grads == 'h' else gc), (None if self.grads == 'c' else gh)

    def forward(self, inputs, device):
        return F.lstm(*inputs)

    def forward_expected(self, inputs):
        c, h = _lstm(*[a.astype(numpy.float64) for a in inputs])
        return c.astype(self.dtype), h.astype(self.dtype)


@pytest.mark.parametrize('c, x', [
    (numpy.zeros((3, 2)), numpy.zeros((3, 8), numpy.float32)),  # dtypes differ
    (numpy.zeros((3, 2)), numpy.zeros((3, 6))),  # not 4 gates per unit
    (numpy.zeros((2, 2)), numpy.zeros((3, 8))),  # x has more rows than c
    (numpy.zeros((3, 2, 2)), numpy.zeros((3, 8, 3))),  # trailing axes differ
    (numpy.zeros(3), numpy.zeros(12)),  # 1-d
])
def test_invalid_inputs(mode, c, x):
    loss_check.raises_in_both_modes(mode, type_check.InvalidType, F.lstm, c, x)
