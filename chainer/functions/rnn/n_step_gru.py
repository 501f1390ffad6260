"""F.n_step_gru and F.n_step_bigru: stacked (bidirectional) GRU networks over sequences."""

import chainer
import chainerx

from chainer.functions.rnn import _n_step


def _pack(w, b):
    F = chainer.functions
    return (F.concat(w[0:3], axis=0), F.concat(b[0:3], axis=0),
            F.concat(w[3:6], axis=0), F.concat(b[3:6], axis=0))


def _step(x, h, c, packed, activation):
    F = chainer.functions
    xw, xb, hw, hb = packed
    x_r, x_z, x_h = F.split_axis(F.linear(x, xw, xb), 3, axis=1)
    h_r, h_z, h_h = F.split_axis(F.linear(h, hw, hb), 3, axis=1)
    reset = F.sigmoid(x_r + h_r)
    update = F.sigmoid(x_z + h_z)
    candidate = F.tanh(x_h + reset * h_h)
    return (1 - update) * candidate + update * h, None


KIND = _n_step.Kind('n_step_gru', 6, False, _pack, _step,
                    (chainerx.n_step_gru, chainerx.n_step_bigru))


def n_step_gru(n_layers, dropout_ratio, hx, ws, bs, xs, **kwargs):
    """Stacked uni-directional GRU network over sequences (Note [n_step networks]).

    With W0..W5 = ws[l] and b0..b5 = bs[l], each step computes r = sigmoid(W0 x + b0 + W3 h + b3),
    z = sigmoid(W1 x + b1 + W4 h + b4), h' = tanh(W2 x + b2 + r * (W5 h + b5)) and the new
    state (1 - z) * h' + z * h.

    Args:
        n_layers (int): The number of layers.
        dropout_ratio (float): Dropout ratio of the inputs of the layers after the first (in
            training mode).
        hx (~chainer.Variable or array): Initial hidden states of shape (n_layers, B, N).
        ws (list of list): ws[l] holds the 6 weight matrices of layer l: ws[l][0:3] of shape
            (N, I) (I the size of xs for the first layer, N for the others), ws[l][3:6] (N, N).
        bs (list of list): bs[l] holds the 6 biases (shape (N,)).
        xs (list): xs[t] holds the inputs (B_t, I) of time t, B_t non-increasing in t.
        **kwargs: `train` and `use_cudnn` are no longer supported (ValueError).

    Returns:
        tuple: hy (the final states, of hx's shape) and ys, a tuple of the last layer's outputs
        per time step (ys[t] of shape (B_t, N)).
    """
    _n_step.check_kwargs(kwargs)
    return _gru(False, n_layers, dropout_ratio, hx, ws, bs, xs)


def n_step_bigru(n_layers, dropout_ratio, hx, ws, bs, xs, **kwargs):
    """Stacked bi-directional GRU network over sequences.

    Takes the arguments of :func:`n_step_gru`, with a forward and a backward direction per layer: hx
    (and its 6 weights and biases per entry) lists 2 * n_layers entries, by layer then direction,
    and the input weights of the layers after the first have shape (N, 2N).

    Returns:
        tuple: hy and ys; ys[t] joins both directions' outputs, of shape (B_t, 2N).
    """
    _n_step.check_kwargs(kwargs)
    return _gru(True, n_layers, dropout_ratio, hx, ws, bs, xs)


def _gru(bidirectional, n_layers, dropout_ratio, hx, ws, bs, xs):
    hy, _, ys = _n_step.run(KIND, bidirectional, n_layers, dropout_ratio, hx, None, ws, bs, xs)
    return hy, ys
