"""chainer.functions: the rnn family (its public names are listed in __all__)."""

from chainer.functions.rnn.lstm import lstm  # NOQA
from chainer.functions.rnn.n_step_gru import n_step_bigru  # NOQA
from chainer.functions.rnn.n_step_gru import n_step_gru  # NOQA
from chainer.functions.rnn.n_step_lstm import n_step_bilstm  # NOQA
from chainer.functions.rnn.n_step_lstm import n_step_lstm  # NOQA
from chainer.functions.rnn.n_step_rnn import n_step_birnn  # NOQA
from chainer.functions.rnn.n_step_rnn import n_step_rnn  # NOQA
from chainer.functions.rnn.slstm import slstm  # NOQA
from chainer.functions.rnn.tree_lstm import tree_lstm  # NOQA

__all__ = [
    'lstm', 'n_step_bigru', 'n_step_bilstm', 'n_step_birnn', 'n_step_gru', 'n_step_lstm',
    'n_step_rnn', 'slstm', 'tree_lstm',
]
# lstm, slstm and tree_lstm call chainerx's cells; the networks call chainerx.n_step_* (layer
# by layer with dropout).
NATIVE = frozenset(__all__)
