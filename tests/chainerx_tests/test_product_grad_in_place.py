"""Gradients of matrix products (linear, dot, matmul of matrices) added into the gradient the backward pass holds
(Note [Product gradients added in place] in chainerx/core/routines/linear.cc): the sums must be those of separate
products, for every operand shape the kernels special-case, and arrays others can see must not change."""

import numpy
import pytest

import chainerx as chx

import array_utils


def _values(shape, seed):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape)


def _leaf(values, device, dtype='float64'):
    return chx.array(numpy.asarray(values).astype(dtype), device=device).require_grad()


def _elman(xs, w, u, b, linear):
    h = chx.zeros((xs.shape[1], w.shape[0]), xs.dtype, device=xs.device)
    for t in range(xs.shape[0]):
        h = chx.tanh(linear(xs[t], w) + linear(h, u, b))
    return h


def _linear(x, w, b=None):
    return chx.linear(x, w, b)


def _dot(x, w, b=None):
    y = chx.dot(x, w.T)
    return y if b is None else y + b


def _matmul(x, w, b=None):
    y = chx.matmul(x, w.T)
    return y if b is None else y + b


def _reference_grads(xs, w, u, b):
    """The same network's gradients in NumPy, by hand (float64)."""
    hs = [numpy.zeros((xs.shape[1], w.shape[0]))]
    for t in range(xs.shape[0]):
        hs.append(numpy.tanh(xs[t] @ w.T + hs[-1] @ u.T + b))
    gh = numpy.ones_like(hs[-1])
    gw, gu, gb, gxs = numpy.zeros_like(w), numpy.zeros_like(u), numpy.zeros_like(b), numpy.zeros_like(xs)
    for t in reversed(range(xs.shape[0])):
        ga = gh * (1 - hs[t + 1] ** 2)
        gw += ga.T @ xs[t]
        gu += ga.T @ hs[t]
        gb += ga.sum(0)
        gxs[t] = ga @ w
        gh = ga @ u
    return gxs, gw, gu, gb


# (steps, batch, features in, units): general products, one row (GEMV), one unit (GEMV the other way), one input
# feature (an outer product), and zero-size batches and features.
_SHAPES = [(5, 3, 4, 6), (4, 1, 3, 5), (4, 3, 2, 1), (3, 2, 1, 4), (3, 0, 2, 3), (3, 2, 0, 3)]


@pytest.mark.parametrize('shape', _SHAPES)
@pytest.mark.parametrize('product', [_linear, _dot, _matmul])
def test_recurrent_loop(shape, product, device):
    steps, batch, n_in, units = shape
    xs_np, w_np, u_np, b_np = (_values(s, i) for i, s in
                               enumerate([(steps, batch, n_in), (units, n_in), (units, units), (units,)]))
    xs, w, u, b = (_leaf(a, device) for a in (xs_np, w_np, u_np, b_np))
    _elman(xs, w, u, b, product).sum().backward()
    for got, expected in zip((xs, w, u, b), _reference_grads(xs_np, w_np, u_np, b_np)):
        numpy.testing.assert_allclose(chx.to_numpy(got.grad), expected, rtol=1e-12, atol=1e-13)


@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_dtypes(dtype, device):
    xs_np, w_np, u_np, b_np = _values((4, 3, 5), 0), _values((6, 5), 1), _values((6, 6), 2) * 0.5, _values((6,), 3)
    xs, w, u, b = (_leaf(a, device, dtype) for a in (xs_np, w_np, u_np, b_np))
    _elman(xs, w, u, b, _linear).sum().backward()
    tolerance = {'float16': 3e-2, 'float32': 1e-5, 'float64': 1e-12}[dtype]
    for got, expected in zip((xs, w, u, b), _reference_grads(xs_np, w_np, u_np, b_np)):
        assert got.grad.dtype == dtype
        numpy.testing.assert_allclose(chx.to_numpy(got.grad).astype('float64'), expected, rtol=tolerance,
                                      atol=tolerance)


def test_mixed_dtypes(device):
    # A float32 input with float64 weights: the products are computed in float64, then cast, never added in place
    # into a gradient of another dtype.
    x = _leaf(_values((3, 4), 0), device, 'float32')
    w = _leaf(_values((5, 4), 1), device)
    y = chx.linear(x, w) + chx.linear(x * 2, w) + chx.dot(x, w.T)
    y.sum().backward()
    assert x.grad.dtype == 'float32' and w.grad.dtype == 'float64'
    x_np, w_np = chx.to_numpy(x).astype('float64'), _values((5, 4), 1)
    numpy.testing.assert_allclose(chx.to_numpy(w.grad), 4 * numpy.ones((3, 5)).T @ x_np, rtol=1e-12)
    numpy.testing.assert_allclose(chx.to_numpy(x.grad), 4 * numpy.ones((3, 5)) @ w_np, rtol=1e-6)


def test_an_input_read_by_several_products(device):
    x_np = _values((3, 4), 0)
    ws_np = [_values((5, 4), i) for i in range(1, 4)]
    x = _leaf(x_np, device)
    ws = [_leaf(w, device) for w in ws_np]
    y = chx.linear(x, ws[0]) * 2 + chx.dot(x, ws[1].T) * 3 + chx.matmul(x, ws[2].T) * 4
    y.sum().backward()
    expected = sum(k * numpy.ones((3, 5)) @ w for k, w in zip((2, 3, 4), ws_np))
    numpy.testing.assert_allclose(chx.to_numpy(x.grad), expected, rtol=1e-12)


def test_seeds_and_stored_grads_are_not_changed(device):
    x = _leaf(_values((3, 4), 0), device)
    w = _leaf(_values((5, 4), 1), device)
    w.set_grad(chx.ones((5, 4), 'float64', device=device))
    stored = w.grad
    y1 = chx.linear(x, w)
    y2 = chx.linear(x * 2, w)
    seed = chx.ones((3, 5), 'float64', device=device)
    chx.backward([y1, y2])
    numpy.testing.assert_array_equal(chx.to_numpy(stored), numpy.ones((5, 4)))
    numpy.testing.assert_array_equal(chx.to_numpy(seed), numpy.ones((3, 5)))
    numpy.testing.assert_allclose(chx.to_numpy(w.grad), 1 + 3 * numpy.ones((3, 5)).T @ _values((3, 4), 0),
                                  rtol=1e-12)
    # A gradient the caller holds (grad_outputs of grad) must not be the one updated.
    gy = chx.array(_values((3, 5), 2), device=device)
    gw, = chx.grad([y1, y2], [w], grad_outputs=[gy, gy])
    numpy.testing.assert_array_equal(chx.to_numpy(gy), _values((3, 5), 2))
    numpy.testing.assert_allclose(chx.to_numpy(gw), 3 * _values((3, 5), 2).T @ _values((3, 4), 0), rtol=1e-12)


def test_double_backprop_through_a_loop():
    xs_np, w_np, u_np, b_np = _values((3, 2, 3), 0), _values((4, 3), 1), _values((4, 4), 2), _values((4,), 3)

    def fn(w, u, b):
        return _elman(chx.array(xs_np), w, u, b, _linear),

    inputs = [chx.array(a) for a in (w_np, u_np, b_np)]
    gy = [chx.array(_values((2, 4), 4))]
    ggx = [chx.array(_values(a.shape, 5 + i)) for i, a in enumerate((w_np, u_np, b_np))]
    array_utils.check_backward(fn, inputs, gy, 'float64', **array_utils.SMOOTH_GRAD_CHECK)  # tanh
    array_utils.check_double_backward(fn, inputs, gy, ggx, 'float64', **array_utils.SMOOTH_GRAD_CHECK)


def test_outer_graph_keeps_recording(device):
    # On an inner graph's backward recording on the outer one, the weight's gradient stays differentiable there.
    with chx.backprop_scope('outer') as outer, chx.backprop_scope('inner') as inner:
        x = chx.array(_values((3, 4), 0), device=device).require_grad(outer)
        w = chx.array(_values((5, 4), 1), device=device).require_grad(outer).require_grad(inner)
        loss = (chx.linear(x, w) + chx.linear(x * x, w)).sum()
        gw, = chx.grad([loss], [w], backprop_id=inner)
        x_np = _values((3, 4), 0)
        numpy.testing.assert_allclose(chx.to_numpy(gw), numpy.ones((5, 3)) @ (x_np + x_np * x_np), rtol=1e-12)
        assert gw.is_backprop_required(outer)
        gx, = chx.grad([gw.sum()], [x], backprop_id=outer)
        numpy.testing.assert_allclose(chx.to_numpy(gx), 5 * (1 + 2 * x_np), rtol=1e-12)
