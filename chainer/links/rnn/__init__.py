"""chainer.links: the recurrent links (their names are listed in __all__)."""

from chainer.links.rnn.gru import GRU  # NOQA
from chainer.links.rnn.gru import StatefulGRU  # NOQA
from chainer.links.rnn.gru import StatelessGRU  # NOQA
from chainer.links.rnn.lstm import LSTM  # NOQA
from chainer.links.rnn.lstm import StatelessLSTM  # NOQA
from chainer.links.rnn.mgu import StatefulMGU  # NOQA
from chainer.links.rnn.mgu import StatelessMGU  # NOQA
from chainer.links.rnn.n_step_gru import NStepBiGRU  # NOQA
from chainer.links.rnn.n_step_gru import NStepGRU  # NOQA
from chainer.links.rnn.n_step_lstm import NStepBiLSTM  # NOQA
from chainer.links.rnn.n_step_lstm import NStepLSTM  # NOQA
from chainer.links.rnn.n_step_rnn import NStepBiRNNReLU  # NOQA
from chainer.links.rnn.n_step_rnn import NStepBiRNNTanh  # NOQA
from chainer.links.rnn.n_step_rnn import NStepRNNReLU  # NOQA
from chainer.links.rnn.n_step_rnn import NStepRNNTanh  # NOQA
from chainer.links.rnn.peephole import StatefulPeepholeLSTM  # NOQA
from chainer.links.rnn.tree_lstm import ChildSumTreeLSTM  # NOQA
from chainer.links.rnn.tree_lstm import NaryTreeLSTM  # NOQA
from chainer.links.rnn.zoneoutlstm import StatefulZoneoutLSTM  # NOQA

__all__ = [
    'ChildSumTreeLSTM', 'GRU', 'LSTM', 'NStepBiGRU', 'NStepBiLSTM', 'NStepBiRNNReLU',
    'NStepBiRNNTanh', 'NStepGRU', 'NStepLSTM', 'NStepRNNReLU', 'NStepRNNTanh', 'NaryTreeLSTM',
    'StatefulGRU', 'StatefulMGU', 'StatefulPeepholeLSTM', 'StatefulZoneoutLSTM', 'StatelessGRU',
    'StatelessLSTM', 'StatelessMGU',
]
