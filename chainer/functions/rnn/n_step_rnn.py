"""F.n_step_rnn and F.n_step_birnn: stacked (bidirectional) Elman networks over sequences."""

import chainer
import chainerx

from chainer.functions.rnn import _n_step

_ACTIVATIONS = ('tanh', 'relu')


def _pack(w, b):
    return w[0], b[0], w[1], b[1]


def _step(x, h, c, packed, activation):
    F = chainer.functions
    xw, xb, hw, hb = packed
    pre = F.linear(x, xw, xb) + F.linear(h, hw, hb)
    return (F.relu(pre) if activation == 'relu' else F.tanh(pre)), None


KIND = _n_step.Kind('n_step_rnn', 2, False, _pack, _step,
                    (chainerx.n_step_rnn, chainerx.n_step_birnn))


def n_step_rnn(n_layers, dropout_ratio, hx, ws, bs, xs, activation='tanh', **kwargs):
    """Stacked uni-directional RNN network over sequences (Note [n_step networks]).

    Each step computes h' = activation(W0 x + b0 + W1 h + b1) with W0, W1 = ws[l] and
    b0, b1 = bs[l].

    Args:
        n_layers (int): The number of layers.
        dropout_ratio (float): Dropout ratio of the inputs of the layers after the first (in
            training mode).
        hx (~chainer.Variable or array): Initial hidden states of shape (n_layers, B, N).
        ws (list of list): ws[l] holds 2 weight matrices: (N, I) on the input (I the size of xs
            for the first layer, N for the others) and (N, N) on the hidden state.
        bs (list of list): bs[l] holds 2 biases of shape (N,).
        xs (list): xs[t] holds the inputs (B_t, I) of time t, B_t non-increasing in t.
        activation (str): `'tanh'` or `'relu'`.
        **kwargs: `train` and `use_cudnn` are no longer supported (ValueError).

    Returns:
        tuple: hy (the final states, of hx's shape) and ys, a tuple of the last layer's outputs
        per time step (ys[t] of shape (B_t, N)).
    """
    _n_step.check_kwargs(kwargs)
    return _rnn(False, n_layers, dropout_ratio, hx, ws, bs, xs, activation)


def n_step_birnn(n_layers, dropout_ratio, hx, ws, bs, xs, activation='tanh', **kwargs):
    """Stacked bi-directional RNN network over sequences.

    Takes the arguments of :func:`n_step_rnn`, with a forward and a backward direction per layer: hx
    (and its 2 weights and biases per entry) lists 2 * n_layers entries, by layer then direction,
    and the input weights of the layers after the first have shape (N, 2N).

    Returns:
        tuple: hy and ys; ys[t] joins both directions' outputs, of shape (B_t, 2N).
    """
    _n_step.check_kwargs(kwargs)
    return _rnn(True, n_layers, dropout_ratio, hx, ws, bs, xs, activation)


def _rnn(bidirectional, n_layers, dropout_ratio, hx, ws, bs, xs, activation):
    if activation not in _ACTIVATIONS:
        raise ValueError('Invalid activation: "{}". Please select from [tanh, relu]'.format(
            activation))
    hy, _, ys = _n_step.run(KIND, bidirectional, n_layers, dropout_ratio, hx, None, ws, bs, xs,
                            activation)
    return hy, ys
