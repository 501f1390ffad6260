"""F.lstm, F.slstm and F.tree_lstm against NumPy references, with gradients of either output."""

import numpy
import pytest

import chainer.functions as F
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


class _CellTestCase(loss_check.ToleranceTestCase):
    """A cell `function` (outputs c and h) against its NumPy `reference`, with the gradients of
    both outputs or of one of them (`grads`: 'both', 'c' or 'h'; None for the other)."""

    __test__ = False  # a base: the parameterized subclasses are the tests

    def generate_grad_outputs(self, outputs_template):
        gc, gh = [loss_check.uniform(a.shape, a.dtype) for a in outputs_template]
        return (None if self.grads == 'h' else gc), (None if self.grads == 'c' else gh)

    def forward(self, inputs, device):
        return self.function(*inputs)

    def forward_expected(self, inputs):
        c, h = self.reference(*[a.astype(numpy.float64) for a in inputs])
        return c.astype(self.dtype), h.astype(self.dtype)


@loss_check.function_tests({
    'shapes': [((3, 2), (3, 8)), ((5, 2), (3, 8)), ((2, 3, 2), (2, 12, 2)), ((2, 1), (0, 4))],
    'grads': ['both', 'c', 'h'],
})
class TestLSTM(_CellTestCase):
    """F.lstm, including c_prev with more rows than x and zero-size batches."""

    function = staticmethod(F.lstm)
    reference = staticmethod(_lstm)

    def generate_inputs(self):
        c_shape, x_shape = self.shapes
        return (loss_check.uniform(c_shape, self.dtype),
                loss_check.uniform(x_shape, self.dtype, -2, 2))


def _tree_lstm(*inputs):
    cs, x = inputs[:-1], inputs[-1]
    n = len(inputs) + 2
    gates = x.reshape((x.shape[0], n, x.shape[1] // n) + x.shape[2:])
    c = numpy.tanh(gates[:, 0]) * _sigmoid(gates[:, 1])
    for k, c_child in enumerate(cs):
        c = c + _sigmoid(gates[:, 3 + k]) * c_child
    return c, _sigmoid(gates[:, 2]) * numpy.tanh(c)


def _slstm(c1, c2, x1, x2):
    g1, g2 = [x.reshape((x.shape[0], x.shape[1] // 4, 4) + x.shape[2:]) for x in (x1, x2)]
    c = (numpy.tanh(g1[:, :, 0]) * _sigmoid(g1[:, :, 1]) + numpy.tanh(g2[:, :, 0]) *
         _sigmoid(g2[:, :, 1]) + _sigmoid(g1[:, :, 2]) * c1 + _sigmoid(g2[:, :, 2]) * c2)
    return c, _sigmoid(g1[:, :, 3] + g2[:, :, 3]) * numpy.tanh(c)


@loss_check.function_tests({
    'cell': ['slstm', 'tree_lstm_1', 'tree_lstm_3'],
    'shape': [(3, 2), (2, 2, 3)],
    'grads': ['both', 'c', 'h'],
})
class TestTreeCells(_CellTestCase):
    """F.slstm and F.tree_lstm (one and three children)."""

    def setUp(self):
        super().setUp()
        if self.cell == 'slstm':
            self.function, self.reference, self.n_children, self.n_gates = (
                F.slstm, _slstm, 2, 4)
        else:
            n = int(self.cell[-1])
            self.function, self.reference, self.n_children, self.n_gates = (
                F.tree_lstm, _tree_lstm, n, n + 3)

    def generate_inputs(self):
        b, h = self.shape[:2]
        x_shape = (b, self.n_gates * h) + self.shape[2:]
        cs = [loss_check.uniform(self.shape, self.dtype) for _ in range(self.n_children)]
        n_xs = 2 if self.cell == 'slstm' else 1
        return tuple(cs + [loss_check.uniform(x_shape, self.dtype, -2, 2) for _ in range(n_xs)])


@pytest.mark.parametrize('function, arrays', [
    (F.slstm, [numpy.zeros((3, 2))] * 2 + [numpy.zeros((3, 8)), numpy.zeros((3, 4))]),
    (F.slstm, [numpy.zeros((3, 2)), numpy.zeros((3, 2), numpy.float32)] + [
        numpy.zeros((3, 8))] * 2),
    (F.tree_lstm, [numpy.zeros((3, 2)), numpy.zeros((3, 6))]),
    (F.tree_lstm, [numpy.zeros((3, 2)), numpy.zeros((2, 8))]),
    (F.tree_lstm, [numpy.zeros((3, 2)), numpy.zeros((3, 8), numpy.float32)]),
])
def test_tree_cells_invalid_inputs(mode, function, arrays):
    loss_check.raises_in_both_modes(mode, type_check.InvalidType, function, *arrays)


@pytest.mark.parametrize('c, x', [
    (numpy.zeros((3, 2)), numpy.zeros((3, 8), numpy.float32)),  # dtypes differ
    (numpy.zeros((3, 2)), numpy.zeros((3, 6))),  # not 4 gates per unit
    (numpy.zeros((2, 2)), numpy.zeros((3, 8))),  # x has more rows than c
    (numpy.zeros((3, 2, 2)), numpy.zeros((3, 8, 3))),  # trailing axes differ
    (numpy.zeros(3), numpy.zeros(12)),  # 1-d
])
def test_invalid_inputs(mode, c, x):
    loss_check.raises_in_both_modes(mode, type_check.InvalidType, F.lstm, c, x)
