"""F.n_step_lstm and F.n_step_bilstm: stacked (bidirectional) LSTM networks over sequences."""

import chainer
import chainerx

from chainer.functions.rnn import _n_step
from chainer.functions.rnn.lstm import lstm


def _interleave(parts):
    """The (H, ...) arrays of the gates a, i, f, o interleaved into one (4H, ...) for F.lstm."""
    F = chainer.functions
    stacked = F.stack(parts, axis=1)
    return F.reshape(stacked, (stacked.shape[0] * 4,) + stacked.shape[2:])


def _pack(w, b):
    # The original's weight order is input gate, forget gate, cell input, output gate.
    return (_interleave((w[2], w[0], w[1], w[3])), _interleave((b[2], b[0], b[1], b[3])),
            _interleave((w[6], w[4], w[5], w[7])), _interleave((b[6], b[4], b[5], b[7])))


def _step(x, h, c, packed, activation):
    F = chainer.functions
    xw, xb, hw, hb = packed
    c, h = lstm(c, F.linear(x, xw, xb) + F.linear(h, hw, hb))
    return h, c


KIND = _n_step.Kind('n_step_lstm', 8, True, _pack, _step,
                    (chainerx.n_step_lstm, chainerx.n_step_bilstm))


def n_step_lstm(n_layers, dropout_ratio, hx, cx, ws, bs, xs, **kwargs):
    """Stacked uni-directional LSTM network over sequences (Note [n_step networks]).

    Args:
        n_layers (int): The number of layers.
        dropout_ratio (float): Dropout ratio of the inputs of the layers after the first (in
            training mode).
        hx (~chainer.Variable or array): Initial hidden states of shape (n_layers, B, N).
        cx (~chainer.Variable or array): Initial cell states, of hx's shape.
        ws (list of list): ws[l] holds the 8 weight matrices of layer l: ws[l][0:4] act on the
            input (shape (N, I), I the size of xs for the first layer, N for the others) and
            ws[l][4:8] on the hidden state (N, N), each in the order input gate, forget gate,
            cell input, output gate.
        bs (list of list): bs[l] holds the 8 biases (shape (N,)) in the order of ws[l].
        xs (list): xs[t] holds the inputs (B_t, I) of time t; B_t must not increase with t
            (sequences sorted by decreasing length, then transposed: F.transpose_sequence).
        **kwargs: `train` and `use_cudnn` are no longer supported (ValueError).

    Returns:
        tuple: hy and cy (the final states, of hx's shape) and ys, a tuple of the last layer's
        outputs per time step (ys[t] of shape (B_t, N)).
    """
    _n_step.check_kwargs(kwargs)
    return _n_step.run(KIND, False, n_layers, dropout_ratio, hx, cx, ws, bs, xs)


def n_step_bilstm(n_layers, dropout_ratio, hx, cx, ws, bs, xs, **kwargs):
    """Stacked bi-directional LSTM network over sequences.

    Takes the arguments of :func:`n_step_lstm`, with a forward and a backward direction per layer:
    hx (and its 8 weights and biases per entry) lists 2 * n_layers entries, by layer then direction,
    and the input weights of the layers after the first have shape (N, 2N).

    Returns:
        tuple: hy, cy and ys; ys[t] joins both directions' outputs, of shape (B_t, 2N).
    """
    _n_step.check_kwargs(kwargs)
    return _n_step.run(KIND, True, n_layers, dropout_ratio, hx, cx, ws, bs, xs)
