"""The engine of the n_step_* networks (LSTM, GRU, plain RNN; uni- and bidirectional).

Note [n_step networks]: xs is time-major, as in the original: xs[t] holds the inputs of time t for
the B_t sequences that are that long (B_t non-increasing in t). Each layer and direction runs its
cell over time; a step updates the first B_t rows of the state. A layer's output at time t is its
forward and backward states at t concatenated (bidirectional) and is the next layer's input, after
dropout in training mode. The dropout mask of a layer's input is shared by its two directions, as
cuDNN applies dropout to the previous layer's output.

On chainerx-backed inputs the networks run natively: chainerx.n_step_* computes the whole network
in C++ and records its backward. With dropout (ratio > 0 in training mode) the wrapper calls the
routine one layer at a time and multiplies the inputs of layers after the first by a mask in
between, which keeps everything native (the original fell back to NumPy there). Other inputs run
the same loop with chainer functions (F.linear, F.lstm, ...), whose backward is differentiable.
"""

import collections

import numpy

import chainer
import chainerx

from chainer import variable
from chainer.functions.loss import _util
from chainer.utils import _checks
from chainer.utils import argument


class Kind(collections.namedtuple('Kind', 'name n_weights has_cell pack step native')):
    """A kind of network.

    Attributes:
        name (str): The function name (for messages).
        n_weights (int): Weights (and biases) per layer and direction.
        has_cell (bool): Whether it has a cell state (LSTM).
        pack (callable): (ws, bs) of one layer and direction -> the packed weights of `step`.
        step (callable): (x, h, c, packed, activation) -> (h, c) for one time step.
        native (tuple): The chainerx routines of the unidirectional and bidirectional networks.
    """


def check_kwargs(kwargs):
    """Rejects the original's retired keyword arguments and any other."""
    argument.parse_kwargs(
        kwargs, train='train argument is not supported anymore. Use chainer.using_config',
        use_cudnn='use_cudnn argument is not supported anymore. Use chainer.using_config')


def _check_args(kind, n_layers, n_dirs, hx, cx, ws, bs, xs):
    if not isinstance(n_layers, (int, numpy.integer)) or n_layers < 1:
        raise ValueError('n_layers must be a positive integer, got {}'.format(n_layers))
    n = n_layers * n_dirs
    hx_shape = _checks.shape_of(hx, 'hx')
    if len(hx_shape) != 3 or hx_shape[0] != n:
        raise ValueError('{}: hx must have shape ({}, B, H), got {}'.format(kind.name, n, hx_shape))
    if kind.has_cell and (cx is None or _checks.shape_of(cx, 'cx') != hx_shape):
        raise ValueError('{}: cx must have the shape of hx {}, got {}'.format(
            kind.name, hx_shape, None if cx is None else cx.shape))
    if len(ws) != n or len(bs) != n:
        raise ValueError('{}: expected {} lists of weights and biases, got {} and {}'.format(
            kind.name, n, len(ws), len(bs)))
    for w, b in zip(ws, bs):
        if len(w) != kind.n_weights or len(b) != kind.n_weights:
            raise ValueError('{}: each layer and direction needs {} weights and {} biases'.format(
                kind.name, kind.n_weights, kind.n_weights))
    batch = hx_shape[1]
    for i, x in enumerate(xs):
        x_shape = _checks.shape_of(x, 'xs[{}]'.format(i))
        if len(x_shape) != 2 or x_shape[0] > batch:
            raise ValueError('{}: xs must be 2-d with non-increasing batch sizes (at most {}), '
                             'got {}'.format(kind.name, hx_shape[1], x_shape))
        batch = x_shape[0]


def _all_chainerx(hx, cx, ws, bs, xs):
    """The connected chainerx arrays of every input (ws, bs as lists of lists), or None if none is.

    Raises TypeError if chainerx inputs are mixed with others.
    """
    flat = [hx] + ([] if cx is None else [cx]) + [a for w in ws for a in w] + \
        [a for b in bs for a in b] + list(xs)
    arrays = [_util.chainerx_array(a) for a in flat]
    n_chx = sum(a is not None for a in arrays)
    if n_chx == 0:
        return None
    if n_chx != len(arrays):
        raise TypeError('chainerx arrays cannot be mixed with other arrays in an n_step network')
    return arrays


def _dropout_mask(shape, ratio, like):
    """The dropout mask (0 or 1 / (1 - ratio)) of `shape`, like's dtype, on like's device."""
    mask = (numpy.random.rand(*shape) >= ratio) * (1. / (1 - ratio))
    if isinstance(like, chainerx.ndarray):
        return chainerx.array(mask.astype(like.dtype), device=like.device)
    return chainer.backend.get_device_from_array(like).send(mask.astype(like.dtype))


def _dropout_active(ratio):
    return ratio > 0 and chainer.config.train


def run(kind, bidirectional, n_layers, dropout_ratio, hx, cx, ws, bs, xs, activation=None):
    """Runs a network (Note [n_step networks]); returns (hy, cy or None, ys) as Variables."""
    n_dirs = 2 if bidirectional else 1
    _check_args(kind, n_layers, n_dirs, hx, cx, ws, bs, xs)
    arrays = _all_chainerx(hx, cx, ws, bs, xs)
    if arrays is not None:
        return _run_chainerx(kind, bidirectional, n_layers, dropout_ratio, arrays, ws, xs,
                             activation)
    return _run_variables(kind, n_dirs, n_layers, dropout_ratio, hx, cx, ws, bs, xs, activation)


def _unflatten(kind, arrays, ws, n_xs):
    """Splits the flat chainerx arrays of _all_chainerx back into hx, cx, ws, bs, xs."""
    it = iter(arrays)
    hx = next(it)
    cx = next(it) if kind.has_cell else None
    n = len(ws)
    ws_a = [[next(it) for _ in range(kind.n_weights)] for _ in range(n)]
    bs_a = [[next(it) for _ in range(kind.n_weights)] for _ in range(n)]
    return hx, cx, ws_a, bs_a, [next(it) for _ in range(n_xs)]


def _call_native(kind, bidirectional, n_layers, hx, cx, ws, bs, xs, activation):
    func = kind.native[1] if bidirectional else kind.native[0]
    args = [n_layers, hx] + ([cx] if kind.has_cell else []) + [ws, bs, xs]
    if activation is not None:
        args.append(activation)
    result = func(*args)
    if kind.has_cell:
        return result
    return result[0], None, result[1]


def _run_chainerx(kind, bidirectional, n_layers, dropout_ratio, arrays, ws, xs, activation):
    hx, cx, ws_a, bs_a, xs_a = _unflatten(kind, arrays, ws, len(xs))
    if not _dropout_active(dropout_ratio):
        hy, cy, ys = _call_native(kind, bidirectional, n_layers, hx, cx, ws_a, bs_a, xs_a,
                                  activation)
    else:
        n_dirs = 2 if bidirectional else 1
        hys, cys, ys = [], [], xs_a
        for layer in range(n_layers):
            if layer:
                ys = [y * _dropout_mask(y.shape, dropout_ratio, y) for y in ys]
            rows = slice(layer * n_dirs, (layer + 1) * n_dirs)
            hy, cy, ys = _call_native(
                kind, bidirectional, 1, hx[rows], None if cx is None else cx[rows], ws_a[rows],
                bs_a[rows], ys, activation)
            hys.append(hy)
            cys.append(cy)
        hy = chainerx.concatenate(hys, axis=0)
        cy = chainerx.concatenate(cys, axis=0) if kind.has_cell else None
    wrap = variable.Variable._from_chainerx
    return wrap(hy), None if cy is None else wrap(cy), tuple([wrap(y) for y in ys])


def _run_variables(kind, n_dirs, n_layers, dropout_ratio, hx, cx, ws, bs, xs, activation):
    F = chainer.functions
    hx = F.separate(hx, axis=0)
    cx = F.separate(cx, axis=0) if kind.has_cell else [None] * len(hx)
    inputs = [variable.as_variable(x) for x in xs]
    hy, cy = [], []
    for layer in range(n_layers):
        if layer and _dropout_active(dropout_ratio):
            inputs = [x * _util.constant(_dropout_mask(x.shape, dropout_ratio, x.array))
                      for x in inputs]
        outputs = []
        for direction in range(n_dirs):
            index = layer * n_dirs + direction
            packed = kind.pack(ws[index], bs[index])
            h, c, ys = _one_direction(kind, inputs, hx[index], cx[index], packed, activation,
                                      direction == 1)
            hy.append(h)
            cy.append(c)
            outputs.append(ys)
        if n_dirs == 1:
            inputs = outputs[0]
        else:
            inputs = [F.concat((f, b), axis=1) for f, b in zip(*outputs)]
    return F.stack(hy, axis=0), F.stack(cy, axis=0) if kind.has_cell else None, tuple(inputs)


def _one_direction(kind, xs, h, c, packed, activation, reverse):
    F = chainer.functions
    ys = []
    for x in (reversed(xs) if reverse else xs):
        batch = x.shape[0]
        h_rest = c_rest = None
        if h.shape[0] > batch:
            h, h_rest = F.split_axis(h, [batch], axis=0)
            if c is not None:
                c, c_rest = F.split_axis(c, [batch], axis=0)
        h, c = kind.step(x, h, c, packed, activation)
        ys.append(h)
        if h_rest is not None:
            h = F.concat((h, h_rest), axis=0)
            if c is not None:
                c = F.concat((c, c_rest), axis=0)
    if reverse:
        ys.reverse()
    return h, c, ys
