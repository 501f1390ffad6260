"""The gate layout of the LSTM links (interleaved, as chainer.functions.lstm reads it)."""

from chainer.functions.array.reshape import reshape
from chainer.functions.array.split_axis import split_axis


def split_lstm_gates(lstm_in):
    """The gates a, i, f, o (each (B, H)) of the (B, 4H) input of F.lstm.

    F.lstm interleaves them: gate k of unit j is column 4 j + k.
    """
    batch, width = lstm_in.shape
    gates = split_axis(reshape(lstm_in, (batch, width // 4, 4)), 4, axis=2)
    return tuple([reshape(g, (batch, width // 4)) for g in gates])
