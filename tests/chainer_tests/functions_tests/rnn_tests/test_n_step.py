"""The n_step_* networks against a NumPy reference, with gradients, dropout and errors."""

import numpy
import pytest

import chainer
import chainer.functions as F

import loss_check
from mode_utils import make_array
from mode_utils import to_numpy

_N_WEIGHTS = {'lstm': 8, 'gru': 6, 'rnn': 2}
_BATCHES = (3, 3, 2, 1)  # the batch size at each time step
_IN, _HIDDEN = 3, 2


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def _cell(kind, x, h, c, w, b, activation):
    def lin(i, j, v=h):
        return x @ w[i].T + b[i] + v @ w[j].T + b[j]
    if kind == 'lstm':
        c = numpy.tanh(lin(2, 6)) * _sigmoid(lin(0, 4)) + _sigmoid(lin(1, 5)) * c
        return _sigmoid(lin(3, 7)) * numpy.tanh(c), c
    if kind == 'gru':
        r, z = _sigmoid(lin(0, 3)), _sigmoid(lin(1, 4))
        candidate = numpy.tanh(x @ w[2].T + b[2] + r * (h @ w[5].T + b[5]))
        return (1 - z) * candidate + z * h, None
    pre = lin(0, 1)
    return (numpy.maximum(pre, 0) if activation == 'relu' else numpy.tanh(pre)), None


def _reference(kind, n_dirs, n_layers, hx, cx, ws, bs, xs, activation):
    hy, cy, inputs = [], [], xs
    for layer in range(n_layers):
        outputs = []
        for d in range(n_dirs):
            s = layer * n_dirs + d
            h, c, ys = hx[s], None if cx is None else cx[s], [None] * len(xs)
            for t in (reversed(range(len(xs))) if d else range(len(xs))):
                n = len(inputs[t])
                h_new, c_new = _cell(kind, inputs[t], h[:n], None if c is None else c[:n],
                                     ws[s], bs[s], activation)
                h = numpy.concatenate((h_new, h[n:]))
                c = None if c is None else numpy.concatenate((c_new, c[n:]))
                ys[t] = h_new
            hy.append(h)
            cy.append(c)
            outputs.append(ys)
        inputs = [numpy.concatenate(parts, axis=1) for parts in zip(*outputs)]
    return numpy.stack(hy), None if cx is None else numpy.stack(cy), inputs


def _call(kind, bidirectional, n_layers, ratio, hx, cx, ws, bs, xs, activation):
    name = 'n_step_' + ('bi' if bidirectional else '') + kind
    if kind == 'lstm':
        return getattr(F, name)(n_layers, ratio, hx, cx, ws, bs, xs)
    extra = {'activation': activation} if kind == 'rnn' else {}
    hy, ys = getattr(F, name)(n_layers, ratio, hx, ws, bs, xs, **extra)
    return hy, None, ys


class _Network:
    """A network's inputs as one flat tuple (hx, [cx], weights, biases, xs) and back."""

    def __init__(self, kind, bidirectional, n_layers):
        self.kind, self.n_layers = kind, n_layers
        self.n_dirs = 2 if bidirectional else 1
        self.n_entries = n_layers * self.n_dirs

    def generate(self, dtype):
        n, rs = _N_WEIGHTS[self.kind], numpy.random
        arrays = [rs.uniform(-1, 1, (self.n_entries, _BATCHES[0], _HIDDEN))]
        if self.kind == 'lstm':
            arrays.append(rs.uniform(-1, 1, arrays[0].shape))
        for s in range(self.n_entries):
            in_size = _IN if s < self.n_dirs else _HIDDEN * self.n_dirs
            arrays += [rs.uniform(-1, 1, (_HIDDEN, in_size if j < n // 2 else _HIDDEN))
                       for j in range(n)]
        arrays += [rs.uniform(-1, 1, _HIDDEN) for _ in range(self.n_entries * n)]
        arrays += [rs.uniform(-1, 1, (b, _IN)) for b in _BATCHES]
        return tuple(a.astype(dtype) for a in arrays)

    def split(self, arrays):
        n, arrays = _N_WEIGHTS[self.kind], list(arrays)
        hx = arrays.pop(0)
        cx = arrays.pop(0) if self.kind == 'lstm' else None
        ws = [arrays[s * n:(s + 1) * n] for s in range(self.n_entries)]
        del arrays[:self.n_entries * n]
        bs = [arrays[s * n:(s + 1) * n] for s in range(self.n_entries)]
        return hx, cx, ws, bs, arrays[self.n_entries * n:]


@loss_check.function_tests({
    'kind': ['lstm', 'gru', 'rnn'],
    'bidirectional': [False, True],
    'n_layers': [1, 2],
    'activation': ['tanh', 'relu'],
}, dtypes=[numpy.float32, numpy.float64], where=lambda p: (
    p['kind'] == 'rnn' or p['activation'] == 'tanh') and (
    p['n_layers'] == 1 or p['dtype'] == numpy.float64))
class TestNStep(loss_check.ToleranceTestCase):
    """Every n_step network against the NumPy reference (dropout 0)."""

    dodge_nondifferentiable = True
    tolerance_scale = 10.0

    def setUp(self):
        super().setUp()
        # float32 checks the forward and gradients; float64 the second order too (for time).
        self.skip_double_backward_test = self.dtype == numpy.float32
        self.network = _Network(self.kind, self.bidirectional, self.n_layers)

    def generate_inputs(self):
        return self.network.generate(self.dtype)

    def forward(self, inputs, device):
        hy, cy, ys = _call(self.kind, self.bidirectional, self.n_layers, 0.0,
                           *self.network.split(inputs), self.activation)
        return (hy,) + (() if cy is None else (cy,)) + tuple(ys)

    def forward_expected(self, inputs):
        args = self.network.split([a.astype(numpy.float64) for a in inputs])
        hy, cy, ys = _reference(self.kind, self.network.n_dirs, self.n_layers, *args,
                                self.activation)
        return tuple(a.astype(self.dtype) for a in [hy] + ([] if cy is None else [cy]) + ys)


@pytest.mark.parametrize('kind', ['lstm', 'gru', 'rnn'])
@pytest.mark.parametrize('bidirectional', [False, True])
def test_dropout_in_training_only(mode, kind, bidirectional):
    network = _Network(kind, bidirectional, 2)
    arrays = [make_array(mode, a) for a in network.generate(numpy.float64)]

    def run(ratio, seed):
        numpy.random.seed(seed)
        return to_numpy(_call(kind, bidirectional, 2, ratio, *network.split(arrays),
                              'tanh')[0].array)

    plain = run(0.0, 0)
    assert not numpy.allclose(run(0.5, 0), plain)
    numpy.testing.assert_array_equal(run(0.5, 1), run(0.5, 1))
    with chainer.using_config('train', False):
        numpy.testing.assert_allclose(run(0.5, 0), plain, rtol=1e-15)
    # The first layer's input is never dropped: one layer is the same with any ratio.
    one = _Network(kind, bidirectional, 1)
    arrays = [make_array(mode, a) for a in one.generate(numpy.float64)]
    outputs = [to_numpy(_call(kind, bidirectional, 1, ratio, *one.split(arrays), 'tanh')[0].array)
               for ratio in (0.0, 0.9)]
    numpy.testing.assert_allclose(*outputs, rtol=1e-15)


def _valid_args(mode):
    network = _Network('gru', False, 1)
    return network.split([make_array(mode, a) for a in network.generate(numpy.float64)])


def test_invalid_arguments(mode):
    hx, _, ws, bs, xs = _valid_args(mode)
    with pytest.raises(ValueError, match='activation'):
        F.n_step_rnn(1, 0.0, hx, [w[:2] for w in ws], [b[:2] for b in bs], xs, activation='elu')
    with pytest.raises(ValueError, match='using_config'):
        F.n_step_gru(1, 0.0, hx, ws, bs, xs, train=True)
    with pytest.raises(TypeError):
        F.n_step_gru(1, 0.0, hx, ws, bs, xs, dropout=0.1)
    with pytest.raises(ValueError):
        F.n_step_gru(2, 0.0, hx, ws, bs, xs)  # one weight list for two layers
    with pytest.raises(ValueError):
        F.n_step_gru(1, 0.0, hx, [ws[0][:5]], bs, xs)  # five weights
    with pytest.raises(ValueError):
        F.n_step_gru(1, 0.0, hx, ws, bs, xs[::-1])  # increasing batch sizes
    with pytest.raises(ValueError):
        F.n_step_lstm(1, 0.0, hx, None, ws * 2, bs * 2, xs)  # no cell state


def test_numpy_mixed_with_chainerx_is_a_type_error():
    hx, _, ws, bs, xs = _valid_args('chainerx')
    with pytest.raises(TypeError):
        F.n_step_gru(1, 0.0, to_numpy(hx), ws, bs, xs)
