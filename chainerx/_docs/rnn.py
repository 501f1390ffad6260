"""Docstrings of the LSTM/GRU/RNN cells and networks (chainerx/python/rnn.cc)."""

from chainerx._docs._format import doc

_NET_NOTES = ('Arguments are positional only. ``ws[l]`` and ``bs[l]`` are the lists of weight matrices and '
              'bias vectors of layer ``l`` (directions interleaved for the bidirectional networks); ``xs`` '
              'is a list of (B_t, in_size) arrays sorted by decreasing batch size B_t. Float inputs only. '
              'Differentiable in every array. On CUDA with cuDNN, a network whose states have as many rows as '
              'its first time step runs as one cuDNN call, whose gradient is not differentiable again: a '
              'backward pass with double backprop enabled raises ``chainerx.ChainerxError`` there; '
              '``CHAINERX_FUSED_RNN=0`` in the environment composes every network instead.')
_N_LAYERS = ('n_layers', 'The number of layers.')
_HX = ('hx', 'Initial hidden states, shape (n_layers * directions, B, out_size).')
_CX = ('cx', 'Initial cell states, of the shape of ``hx``.')
_WS = ('ws', 'Weights: a list (per layer and direction) of lists of 2-d arrays.')
_BS = ('bs', 'Biases: a list (per layer and direction) of lists of 1-d arrays.')
_XS = ('xs', 'Input sequence: a list of 2-d arrays, one per time step.')
_ACT = ('activation', '``\'tanh\'`` or ``\'relu\'``.')
_RAISES = [('chainerx.DimensionError', 'If the shapes are inconsistent.'),
           ('chainerx.ChainerxError', 'In a double-backprop pass through a network run by cuDNN (see above).')]


def _network(summary: str, args: list, returns: str) -> str:
    raises = _RAISES + ([('ValueError', 'For an unknown ``activation``.')] if _ACT in args else [])
    return doc(summary, notes=_NET_NOTES, args=args, returns=returns, raises=raises)


_LSTM_ARGS = [_N_LAYERS, _HX, _CX, _WS, _BS, _XS]
_GRU_ARGS = [_N_LAYERS, _HX, _WS, _BS, _XS]
_LSTM_RETURNS = '``(hy, cy, ys)``: the final hidden and cell states and the list of outputs per time step.'
_GRU_RETURNS = '``(hy, ys)``: the final hidden states and the list of outputs per time step.'

DOCS = {
    'lstm': doc(
        'One step of an LSTM cell, as ``chainer.functions.lstm``.',
        notes='``x`` holds the four gate pre-activations (a, i, f, o) interleaved along axis 1: '
              '``c_new = tanh(a) * sigmoid(i) + sigmoid(f) * c`` and ``h = sigmoid(o) * tanh(c_new)``. '
              'Differentiable.',
        args=[('c', 'Previous cell state of shape (B, units), a float array of the dtype of ``x``.'),
              ('x', 'Gate inputs of shape (B, 4 * units).')],
        returns='``(c_new, h)``: the new cell state and the output, of the dtype of ``x``.',
        raises=[('chainerx.DtypeError', 'Unless ``c`` is a float array and ``c.dtype == x.dtype``.'),
                ('chainerx.DimensionError', 'If the shapes do not match.')]),
    'slstm': doc(
        'One step of an S-LSTM cell merging two children, as ``chainer.functions.slstm``.',
        notes='With the gates of each child interleaved along axis 1 in the order (a, i, f, o) '
              '(``x.reshape(B, units, 4)[..., k]``): ``c = tanh(a1) * sigmoid(i1) + tanh(a2) * sigmoid(i2) + '
              'sigmoid(f1) * c_prev1 + sigmoid(f2) * c_prev2`` and ``h = sigmoid(o1 + o2) * tanh(c)``. Bool and '
              'integer inputs give float32. Differentiable.',
        args=[('c_prev1', 'Cell state of the first child.'), ('c_prev2', 'Cell state of the second child.'),
              ('x1', 'Gate inputs from the first child (B, 4 * units).'),
              ('x2', 'Gate inputs from the second child (B, 4 * units).')],
        returns='``(c, h)``: the new cell state and the output.',
        raises=[('chainerx.DimensionError', 'If the shapes do not match.')]),
    'tree_lstm': doc(
        'One step of a tree LSTM merging N children, as ``chainer.functions.tree_lstm``.',
        notes='Called as ``tree_lstm(*inputs)``: the N children\'s cell states followed by the gate inputs of '
              'shape (B, (3 + N) * units). Differentiable.',
        args=[('inputs', '``c_1, ..., c_N, x``.')], returns='``(c, h)``: the new cell state and the output.',
        raises=[('chainerx.DimensionError', 'If the shapes do not match.')]),
    'n_step_lstm': _network('Multi-layer LSTM over a sequence.', _LSTM_ARGS, _LSTM_RETURNS),
    'n_step_bilstm': _network('Multi-layer bidirectional LSTM over a sequence.', _LSTM_ARGS, _LSTM_RETURNS),
    'n_step_gru': _network('Multi-layer GRU over a sequence.', _GRU_ARGS, _GRU_RETURNS),
    'n_step_bigru': _network('Multi-layer bidirectional GRU over a sequence.', _GRU_ARGS, _GRU_RETURNS),
    'n_step_rnn': _network('Multi-layer Elman RNN over a sequence.', _GRU_ARGS + [_ACT], _GRU_RETURNS),
    'n_step_birnn': _network('Multi-layer bidirectional Elman RNN over a sequence.', _GRU_ARGS + [_ACT],
                             _GRU_RETURNS),
}
