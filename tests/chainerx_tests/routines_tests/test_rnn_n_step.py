"""n_step_lstm/bilstm/gru/bigru/rnn/birnn (spec A.12) against a NumPy reference of Chainer's
semantics: layers, directions, sequences of decreasing length, initial states with extra rows;
gradients of first and second order; errors for inconsistent arguments."""

import numpy
import pytest

import chainerx as chx

import array_utils


def _fused():
    """Whether the default device runs whole networks as one call (cuDNN; Note [Fused recurrent networks])."""
    return chx.get_default_device().backend.name == 'cuda'


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def _affine(x, h, w, b, k_x, k_h):
    return x @ w[k_x].T + b[k_x] + h @ w[k_h].T + b[k_h]


def _lstm_step(x, h, c, w, b):
    i = _sigmoid(_affine(x, h, w, b, 0, 4))
    f = _sigmoid(_affine(x, h, w, b, 1, 5))
    a = numpy.tanh(_affine(x, h, w, b, 2, 6))
    o = _sigmoid(_affine(x, h, w, b, 3, 7))
    c = a * i + f * c
    return o * numpy.tanh(c), c


def _gru_step(x, h, c, w, b):
    r = _sigmoid(_affine(x, h, w, b, 0, 3))
    z = _sigmoid(_affine(x, h, w, b, 1, 4))
    candidate = numpy.tanh(x @ w[2].T + b[2] + r * (h @ w[5].T + b[5]))
    return (1 - z) * candidate + z * h, None


def _rnn_step(activation):
    def step(x, h, c, w, b):
        pre = _affine(x, h, w, b, 0, 1)
        return (numpy.tanh(pre) if activation == 'tanh' else numpy.maximum(pre, 0)), None

    return step


def _run_direction(step, inputs, reverse, h, c, w, b):
    outputs = [None] * len(inputs)
    for t in (reversed(range(len(inputs))) if reverse else range(len(inputs))):
        batch = len(inputs[t])
        h_new, c_new = step(inputs[t], h[:batch], None if c is None else c[:batch], w, b)
        h = numpy.concatenate([h_new, h[batch:]])
        c = None if c is None else numpy.concatenate([c_new, c[batch:]])
        outputs[t] = h_new
    return outputs, h, c


def _n_step(step, n_layers, n_dirs, hx, cx, ws, bs, xs):
    inputs, hy, cy = xs, [], []
    for layer in range(n_layers):
        outputs = []
        for d in range(n_dirs):
            k = layer * n_dirs + d
            ys, h, c = _run_direction(
                step, inputs, d == 1, hx[k], None if cx is None else cx[k], ws[k], bs[k]
            )
            outputs.append(ys)
            hy.append(h)
            cy.append(c)
        inputs = (
            outputs[0]
            if n_dirs == 1
            else [numpy.concatenate(pair, axis=1) for pair in zip(*outputs)]
        )
    return numpy.stack(hy), (None if cx is None else numpy.stack(cy)), inputs


# name -> (NumPy step, weights per layer, number of weights on the input, has a cell state,
# directions, extra arguments).
_KINDS = {
    'n_step_lstm': (_lstm_step, 8, 4, True, 1, ()),
    'n_step_bilstm': (_lstm_step, 8, 4, True, 2, ()),
    'n_step_gru': (_gru_step, 6, 3, False, 1, ()),
    'n_step_bigru': (_gru_step, 6, 3, False, 2, ()),
    'n_step_rnn': (_rnn_step('tanh'), 2, 1, False, 1, ('tanh',)),
    'n_step_birnn': (_rnn_step('relu'), 2, 1, False, 2, ('relu',)),
}


def _make_args(name, n_layers, batches, in_size, units, dtype, state_batch=None, seed=0):
    """NumPy arguments (hx, cx or None, ws, bs, xs) of a network."""
    _, n_weights, n_input_weights, has_cell, n_dirs, _ = _KINDS[name]
    rng = numpy.random.default_rng(seed)

    def uniform(*shape):
        return rng.uniform(-1, 1, shape).astype(dtype)

    state_shape = (n_layers * n_dirs, state_batch or batches[0], units)
    hx = uniform(*state_shape)
    cx = uniform(*state_shape) if has_cell else None
    ws, bs = [], []
    for layer in range(n_layers):
        layer_in = in_size if layer == 0 else units * n_dirs
        for _ in range(n_dirs):
            ws.append(
                [
                    uniform(units, layer_in if j < n_input_weights else units)
                    for j in range(n_weights)
                ]
            )
            bs.append([uniform(units) for _ in range(n_weights)])
    xs = [uniform(batch, in_size) for batch in batches]
    return hx, cx, ws, bs, xs


def _call(name, n_layers, hx, cx, ws, bs, xs):
    args = (n_layers, hx) + ((cx,) if cx is not None else ()) + (ws, bs, xs) + _KINDS[name][5]
    return getattr(chx, name)(*args)


def _to_chx(args, device=None):
    hx, cx, ws, bs, xs = args
    return (
        chx.array(hx, device=device),
        None if cx is None else chx.array(cx, device=device),
        [[chx.array(w, device=device) for w in ws_k] for ws_k in ws],
        [[chx.array(b, device=device) for b in bs_k] for bs_k in bs],
        [chx.array(x, device=device) for x in xs],
    )


# (n_layers, batch sizes over time, state batch): sequences of decreasing length, and initial states
# with more rows than the first time step.
_CASES = [(1, [3, 2, 2], None), (2, [2, 2, 1], None), (1, [2, 1], 3), (2, [1], None)]


@pytest.mark.parametrize('name', sorted(_KINDS))
@pytest.mark.parametrize('n_layers,batches,state_batch', _CASES)
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_matches_numpy(name, n_layers, batches, state_batch, dtype, device):
    args = _make_args(name, n_layers, batches, 2, 3, dtype, state_batch)
    outputs = _call(name, n_layers, *_to_chx(args, device))
    hy, cy, ys = _n_step(
        _KINDS[name][0], n_layers, _KINDS[name][4], *[_as_float64(a) for a in args]
    )
    expected = (hy, cy, ys) if _KINDS[name][3] else (hy, ys)
    assert isinstance(outputs, tuple) and len(outputs) == len(expected)
    rtol, atol = (1e-2, 1e-2) if dtype == 'float16' else (None, None)
    for out, want in zip(outputs[:-1], expected[:-1]):
        assert out.device is device
        array_utils.assert_array_equal(out, want, dtype=dtype, rtol=rtol, atol=atol)
    assert len(outputs[-1]) == len(batches)
    for y, want in zip(outputs[-1], expected[-1]):
        array_utils.assert_array_equal(y, want, dtype=dtype, rtol=rtol, atol=atol)


def _as_float64(value):
    if value is None:
        return None
    if isinstance(value, list):
        return [_as_float64(v) for v in value]
    return value.astype(numpy.float64)


def test_rnn_activation_is_required_and_checked():
    hx, _, ws, bs, xs = _to_chx(_make_args('n_step_rnn', 1, [2], 2, 3, 'float32'))
    with pytest.raises(TypeError):
        chx.n_step_rnn(1, hx, ws, bs, xs)
    with pytest.raises(ValueError):
        chx.n_step_rnn(1, hx, ws, bs, xs, 'sigmoid')


def test_arguments_are_positional_only():
    hx, cx, ws, bs, xs = _to_chx(_make_args('n_step_lstm', 1, [2], 2, 3, 'float32'))
    with pytest.raises(TypeError):
        chx.n_step_lstm(n_layers=1, hx=hx, cx=cx, ws=ws, bs=bs, xs=xs)


# Mutations of (n_layers, hx, cx, ws, bs, xs) that must raise DimensionError.
_BAD_ARGUMENTS = {
    'more layers than weights': lambda a: (2,) + a[1:],
    '2-D initial state': lambda a: (a[0], a[1][0]) + a[2:],
    'a weight missing': lambda a: a[:3] + ([w[:-1] for w in a[3]],) + a[4:],
    'growing batch': lambda a: a[:5] + (a[5][::-1],),
    'input features differ from the weights': lambda a: a[:5] + ([chx.ones((3, 5))] + a[5][1:],),
}


@pytest.mark.parametrize('name', ['n_step_lstm', 'n_step_bigru'])
@pytest.mark.parametrize('mutation', sorted(_BAD_ARGUMENTS))
def test_inconsistent_arguments_raise_dimension_error(name, mutation):
    hx, cx, ws, bs, xs = _to_chx(_make_args(name, 1, [3, 2], 2, 3, 'float32'))
    args = _BAD_ARGUMENTS[mutation]((1, hx, cx, ws, bs, xs))
    with pytest.raises(chx.DimensionError):
        _call(name, *args)


def _flat_fn(name, n_layers):
    """fn(*flat arrays) -> flat outputs, for gradient checks over every argument."""
    has_cell, n_dirs = _KINDS[name][3], _KINDS[name][4]
    n_entries = n_layers * n_dirs
    n_weights = _KINDS[name][1]

    def fn(*flat):
        flat = list(flat)
        hx = flat.pop(0)
        cx = flat.pop(0) if has_cell else None
        ws = [[flat.pop(0) for _ in range(n_weights)] for _ in range(n_entries)]
        bs = [[flat.pop(0) for _ in range(n_weights)] for _ in range(n_entries)]
        outputs = _call(name, n_layers, hx, cx, ws, bs, flat)
        return list(outputs[:-1]) + list(outputs[-1])

    return fn


def _flatten(args):
    hx, cx, ws, bs, xs = args
    return [hx] + ([cx] if cx is not None else []) + sum(ws, []) + sum(bs, []) + xs


@pytest.mark.parametrize('name', sorted(_KINDS))
def test_backward_and_double_backward(name):
    args = _to_chx(_make_args(name, 1, [2, 1], 2, 2, 'float64', seed=3))
    inputs = _flatten(args)
    fn = _flat_fn(name, 1)
    with chx.no_backprop_mode():
        out_shapes = [y.shape for y in fn(*inputs)]
    gys = [array_utils.make_grad_input(s, 'float64', seed=10 + i) for i, s in enumerate(out_shapes)]
    array_utils.check_backward(fn, inputs, gys, 'float64', **array_utils.SMOOTH_GRAD_CHECK)
    ggxs = [
        array_utils.make_grad_input(a.shape, 'float64', seed=30 + i) for i, a in enumerate(inputs)
    ]
    if _fused():
        # cuDNN's gradient is not differentiable (Note [Fused recurrent networks]): a clear error, not
        # second-order gradients missing the network's terms.
        with pytest.raises(chx.ChainerxError, match='double backprop'):
            array_utils.check_double_backward(fn, inputs, gys, ggxs, 'float64')
        return
    array_utils.check_double_backward(
        fn, inputs, gys, ggxs, 'float64', **array_utils.SMOOTH_GRAD_CHECK
    )


@pytest.mark.parametrize('name', sorted(_KINDS))
def test_double_backward_of_a_composed_network(name):
    # Initial states with more rows than the first time step are composed on every backend, so a CUDA device
    # differentiates them twice as well.
    args = _to_chx(_make_args(name, 1, [2, 1], 2, 2, 'float64', state_batch=3, seed=5))
    inputs = _flatten(args)
    fn = _flat_fn(name, 1)
    with chx.no_backprop_mode():
        out_shapes = [y.shape for y in fn(*inputs)]
    gys = [array_utils.make_grad_input(s, 'float64', seed=10 + i) for i, s in enumerate(out_shapes)]
    ggxs = [
        array_utils.make_grad_input(a.shape, 'float64', seed=30 + i) for i, a in enumerate(inputs)
    ]
    array_utils.check_double_backward(
        fn, inputs, gys, ggxs, 'float64', **array_utils.SMOOTH_GRAD_CHECK
    )


def test_two_layer_bidirectional_backward():
    args = _to_chx(_make_args('n_step_bilstm', 2, [2, 1], 2, 2, 'float64', seed=4))
    inputs = _flatten(args)
    fn = _flat_fn('n_step_bilstm', 2)
    with chx.no_backprop_mode():
        gys = [
            array_utils.make_grad_input(y.shape, 'float64', seed=10 + i)
            for i, y in enumerate(fn(*inputs))
        ]
    array_utils.check_backward(fn, inputs, gys, 'float64', **array_utils.SMOOTH_GRAD_CHECK)


@pytest.mark.parametrize('name', ['n_step_lstm', 'n_step_bigru'])
def test_two_gradients_of_one_forward_agree(name):
    # A fused backward may write into what its forward kept (cuDNN's reserve space); a second gradient through
    # the same forward still sees the forward's state.
    args = _to_chx(_make_args(name, 2, [3, 2, 1], 2, 3, 'float32', seed=6))
    inputs = _flatten(args)
    for a in inputs:
        a.require_grad()
    outputs = _flat_fn(name, 2)(*inputs)
    loss = sum((y * y).sum() for y in outputs)
    first = chx.grad([loss], inputs)
    second = chx.grad([loss], inputs)
    for a, b in zip(first, second):
        array_utils.assert_array_equal(b, chx.to_numpy(a), dtype='float32')


def test_composition_can_be_forced_for_double_backprop():
    # CHAINERX_FUSED_RNN=0 (read once per process) composes every network, so a CUDA device differentiates it twice.
    import os
    import subprocess
    import sys

    script = (
        'import chainerx as chx\n'
        'x = chx.ones((2, 1), device="{d}").require_grad()\n'
        'w = [[chx.full((1, 1), 0.5, device="{d}").require_grad() for _ in range(2)]]\n'
        'b = [[chx.zeros((1,), device="{d}") for _ in range(2)]]\n'
        'hy, ys = chx.n_step_rnn(1, chx.zeros((1, 2, 1), device="{d}"), w, b, [x], "tanh")\n'
        'g, = chx.grad([ys[0].sum()], [x], enable_double_backprop=True)\n'
        'gg, = chx.grad([g.sum()], [x])\n'
        'print(float(gg.sum()))\n'
    ).format(d=chx.get_default_device().name)
    env = dict(os.environ, CHAINERX_FUSED_RNN='0')
    done = subprocess.run([sys.executable, '-c', script], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    # d2/dx2 of tanh(0.5 x) summed over two rows at x = 1: 2 * 0.25 * (-2 tanh(0.5) (1 - tanh(0.5)^2)).
    t = numpy.tanh(0.5)
    assert abs(float(done.stdout) - 2 * 0.25 * (-2 * t * (1 - t * t))) < 1e-6
