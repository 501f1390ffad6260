"""Recurrent networks: a 2-layer LSTM (input 64, hidden 128) over 20 time steps of a batch of 32, forward and
backward (the gradients of every weight, bias, initial state and input); and one LSTM cell from its gates
(chainerx.lstm, one kernel each way, Note [LSTM cell in one pass]; PyTorch composes the same cell of tanh, sigmoid,
products and a sum, as a custom cell in PyTorch is written). ChainerX runs n_step_lstm, one cuDNN call
each way on CUDA (Note [Fused recurrent networks]) and a composition of linear and LSTM steps elsewhere; PyTorch
runs torch.nn.LSTM (cuDNN on CUDA) with the same weights: its weight_ih and weight_hh stack the four gates in the
order of n_step_lstm's weights (input, forget, cell, output)."""

import numpy as np

from _registry import benchmark

_LAYERS = 2
_STEPS = 20
_BATCH = 32
_IN = 64
_HIDDEN = 128


def _values(shape, seed, scale):
    return (np.random.default_rng(seed).uniform(-1, 1, shape) * scale).astype(np.float32)


def _weights():
    """Per layer: 8 weights (4 on the input, 4 on the state) and 8 biases, as n_step_lstm takes them."""
    ws, bs = [], []
    for layer in range(_LAYERS):
        n_in = _IN if layer == 0 else _HIDDEN
        ws.append([_values((_HIDDEN, n_in if j < 4 else _HIDDEN), 10 * layer + j, 0.1) for j in range(8)])
        bs.append([_values((_HIDDEN,), 100 + 10 * layer + j, 0.1) for j in range(8)])
    return ws, bs


def _chainerx_step(fw, ws, bs):
    chx = fw.module
    params = [fw.asarray(a, True) for a in sum(ws, []) + sum(bs, [])]
    w = [params[8 * layer:8 * layer + 8] for layer in range(_LAYERS)]
    b = [params[8 * (_LAYERS + layer):8 * (_LAYERS + layer) + 8] for layer in range(_LAYERS)]
    hx = fw.asarray(np.zeros((_LAYERS, _BATCH, _HIDDEN), np.float32), True)
    cx = fw.asarray(np.zeros((_LAYERS, _BATCH, _HIDDEN), np.float32), True)
    xs = [fw.asarray(_values((_BATCH, _IN), 1000 + t, 1.0), True) for t in range(_STEPS)]
    leaves = params + [hx, cx] + xs

    def step():
        fw.cleargrads(*leaves)
        hy, cy, ys = chx.n_step_lstm(_LAYERS, hx, cx, w, b, xs)
        (chx.stack(ys).sum() + hy.sum()).backward()
        return hy

    return step


def _torch_step(fw, ws, bs):
    torch = fw.module
    lstm = torch.nn.LSTM(_IN, _HIDDEN, num_layers=_LAYERS)
    with torch.no_grad():
        for layer in range(_LAYERS):
            getattr(lstm, "weight_ih_l%d" % layer).copy_(torch.tensor(np.concatenate(ws[layer][:4])))
            getattr(lstm, "weight_hh_l%d" % layer).copy_(torch.tensor(np.concatenate(ws[layer][4:])))
            getattr(lstm, "bias_ih_l%d" % layer).copy_(torch.tensor(np.concatenate(bs[layer][:4])))
            getattr(lstm, "bias_hh_l%d" % layer).copy_(torch.tensor(np.concatenate(bs[layer][4:])))
    hx = fw.asarray(np.zeros((_LAYERS, _BATCH, _HIDDEN), np.float32), True)
    cx = fw.asarray(np.zeros((_LAYERS, _BATCH, _HIDDEN), np.float32), True)
    x = fw.asarray(np.stack([_values((_BATCH, _IN), 1000 + t, 1.0) for t in range(_STEPS)]), True)

    def step():
        lstm.zero_grad(set_to_none=True)
        fw.cleargrads(hx, cx, x)
        ys, (hy, _) = lstm(x, (hx, cx))
        (ys.sum() + hy.sum()).backward()
        return hy

    return step


@benchmark("lstm_2x128_t20_b32",
           "2-layer LSTM (in 64, hidden 128), 20 steps of batch 32: forward + backward of sum(ys) + sum(hy), "
           "float32 (grads of all weights, states and inputs)",
           frameworks=("chainerx", "torch"))
def lstm_2x128_t20_b32(fw):
    ws, bs = _weights()
    return _torch_step(fw, ws, bs) if fw.name == "torch" else _chainerx_step(fw, ws, bs)


_CELL_BATCH = 256
_CELL_UNITS = 1024


@benchmark("lstm_cell_fwd_bwd",
           "one LSTM cell of 256 x 1024 units from its interleaved gates, forward + backward of sum(c) + sum(h), "
           "float32", frameworks=("chainerx", "torch"), needs_autograd=True)
def lstm_cell_fwd_bwd(fw):
    c = fw.asarray(_values((_CELL_BATCH, _CELL_UNITS), 1, 1.0), True)
    x = fw.asarray(_values((_CELL_BATCH, 4 * _CELL_UNITS), 2, 2.0), True)
    if fw.name == "torch":
        torch = fw.module

        def cell(c, x):
            a, i, f, o = x.view(_CELL_BATCH, _CELL_UNITS, 4).unbind(2)
            c_new = torch.tanh(a) * torch.sigmoid(i) + torch.sigmoid(f) * c
            return c_new, torch.sigmoid(o) * torch.tanh(c_new)
    else:
        cell = fw.module.lstm

    def step():
        fw.cleargrads(c, x)
        c_new, h = cell(c, x)
        (c_new.sum() + h.sum()).backward()
        return x.grad

    return step
