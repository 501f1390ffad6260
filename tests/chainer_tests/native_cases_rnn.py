"""Native cases of the rnn family (see functions_tests/test_native.py)."""

import numpy

import chainer
import chainer.functions as F
import chainerx

_N_WEIGHTS = {'lstm': 8, 'gru': 6, 'rnn': 2}


def _x(*shape):
    return chainer.Variable(chainerx.array(numpy.random.RandomState(0).uniform(-1, 1, shape)))


def _network(kind, bidirectional, dropout_ratio=0.0):
    """A 2-layer network on sequences of lengths 3, 2, 2 (batch sizes 3, 3, 1 in time)."""
    n_dirs = 2 if bidirectional else 1
    n_weights = _N_WEIGHTS[kind]
    ws, bs = [], []
    for layer in range(2):
        in_size = 3 if layer == 0 else 2 * n_dirs
        for _ in range(n_dirs):
            ws.append([_x(2, in_size if j < n_weights // 2 else 2) for j in range(n_weights)])
            bs.append([_x(2) for _ in range(n_weights)])
    xs = [_x(3, 3), _x(3, 3), _x(1, 3)]
    hx = _x(2 * n_dirs, 3, 2)
    name = 'n_step_' + ('bi' if bidirectional else '') + kind
    if kind == 'lstm':
        hy, cy, ys = getattr(F, name)(2, dropout_ratio, hx, _x(2 * n_dirs, 3, 2), ws, bs, xs)
        return (hy, cy) + ys
    hy, ys = getattr(F, name)(2, dropout_ratio, hx, ws, bs, xs)
    return (hy,) + ys


def _with_and_without_dropout(kind, bidirectional):
    return lambda: _network(kind, bidirectional) + _network(kind, bidirectional, 0.5)


CASES = {
    'lstm': lambda: F.lstm(_x(4, 2), _x(3, 8)),
    'n_step_lstm': _with_and_without_dropout('lstm', False),
    'n_step_bilstm': _with_and_without_dropout('lstm', True),
    'n_step_gru': _with_and_without_dropout('gru', False),
    'n_step_bigru': _with_and_without_dropout('gru', True),
    'n_step_rnn': _with_and_without_dropout('rnn', False),
    'n_step_birnn': _with_and_without_dropout('rnn', True),
    'slstm': lambda: F.slstm(_x(3, 2), _x(3, 2), _x(3, 8), _x(3, 8)),
    'tree_lstm': lambda: F.tree_lstm(_x(3, 2), _x(3, 2), _x(3, 10)),
}
