"""Cutting a graph behind an array (`chainerx._core._unchain`, `_unchain_backward`; Note [Cutting a graph] in
chainerx/core/backward.h): what Chainer's Variable.unchain() and unchain_backward() do on chainerx arrays."""

import numpy
import pytest

import chainerx as chx


def _leaf(values, device):
    return chx.array(numpy.asarray(values, 'float64'), device=device).require_grad()


def _grad(a):
    return None if a.grad is None else chx.to_numpy(a.grad)


def test_unchain_makes_a_root_that_gets_a_gradient(device):
    x = _leaf([1., 2.], device)
    y = x * 2
    z = y * 3
    assert not y.is_grad_required()
    chx._core._unchain(y)
    assert y.is_grad_required()
    (z * 5).sum().backward()
    numpy.testing.assert_array_equal(_grad(y), [15., 15.])
    assert x.grad is None


def test_unchain_cuts_one_node_only(device):
    x = _leaf([1., 2.], device)
    y = x * 2
    z = y * 3
    chx._core._unchain(z)
    (y * z).sum().backward()
    # Through y only: d(y * z)/dy * dy/dx with z constant.
    numpy.testing.assert_array_equal(_grad(x), chx.to_numpy(z) * 2)
    numpy.testing.assert_array_equal(_grad(z), chx.to_numpy(y))


def test_unchain_backward_cuts_everything_behind(device):
    x = _leaf([1., 2.], device)
    y = x * 2
    z = chx.exp(y) + y
    other = y * 7  # shares y's node, whose creator is cut too (as Chainer's unchain_backward)
    chx._core._unchain_backward(z)
    (z * 3).sum().backward()
    numpy.testing.assert_array_equal(_grad(z), [3., 3.])
    assert x.grad is None and y.grad is None  # y is a root now (that requires grad, as in Chainer)
    other.sum().backward()
    assert x.grad is None  # the pass stops at y
    numpy.testing.assert_array_equal(_grad(y), [7., 7.])


def test_truncated_backprop_through_time(device):
    # Two segments of an RNN; after the first backward the state's history is cut, so the second backward gives
    # the gradient of the second segment alone, as if it had started from the state's value.
    rng = numpy.random.RandomState(0)
    w_np = rng.uniform(-1, 1, (3, 3))
    xs = [rng.uniform(-1, 1, (2, 3)) for _ in range(6)]

    def segment(h, w, steps):
        loss = chx.zeros((), 'float64', device=device)
        for x in steps:
            h = chx.tanh(chx.dot(h, w) + chx.array(x, device=device))
            loss = loss + (h * h).sum()
        return h, loss

    w = _leaf(w_np, device)
    h, loss = segment(chx.zeros((2, 3), 'float64', device=device), w, xs[:3])
    loss.backward()
    first = _grad(w)
    chx._core._unchain_backward(loss)
    w.cleargrad()
    h, loss = segment(h, w, xs[3:])
    loss.backward()

    w_ref = _leaf(w_np, device)
    h_ref, loss_ref = segment(chx.zeros((2, 3), 'float64', device=device), w_ref, xs[:3])
    loss_ref.backward()
    numpy.testing.assert_allclose(first, _grad(w_ref), rtol=1e-12)
    w_ref.cleargrad()
    _, loss_ref = segment(h_ref.as_grad_stopped(), w_ref, xs[3:])
    loss_ref.backward()
    numpy.testing.assert_allclose(_grad(w), _grad(w_ref), rtol=1e-12)


def test_unchain_backward_of_a_long_chain(device):
    # No recursion: a chain far deeper than any stack.
    x = _leaf([1.], device)
    y = x
    for _ in range(100000):
        y = y + 1
    chx._core._unchain_backward(y)
    (y * 2).backward()
    numpy.testing.assert_array_equal(_grad(y), [2.])
    assert x.grad is None


def test_arrays_outside_the_graph_are_left_alone(device):
    a = chx.array([1., 2.], device=device)
    chx._core._unchain(a)
    chx._core._unchain_backward(a)
    assert not a.is_backprop_required()
    assert not a.is_grad_required()
    empty = _leaf(numpy.zeros((0, 3)), device)
    y = empty * 2
    chx._core._unchain_backward(y)
    y.sum().backward()
    assert empty.grad is None and _grad(y).shape == (0, 3)


def test_other_graphs_are_not_cut(device):
    with chx.backprop_scope('outer') as outer, chx.backprop_scope('inner') as inner:
        x = chx.array([1., 2.], device=device).require_grad(outer).require_grad(inner)
        y = x * 2
        chx._core._unchain(y, inner)
        chx.backward(y * 3, inner)
        assert x.get_grad(inner) is None
        numpy.testing.assert_array_equal(chx.to_numpy(y.get_grad(inner)), [3., 3.])
        assert not y.is_grad_required(outer)
        chx.backward(y * 3, outer)
        numpy.testing.assert_array_equal(chx.to_numpy(x.get_grad(outer)), [6., 6.])


def test_cutting_a_gradient_graph(device):
    x = _leaf([1., 2.], device)
    y = x * x * x
    gx, = chx.grad([y.sum()], [x], enable_double_backprop=True)
    chx._core._unchain_backward(gx)
    gx.sum().backward()
    assert x.grad is None
    numpy.testing.assert_array_equal(_grad(gx), [1., 1.])


def test_a_graph_cannot_be_cut_during_its_backward(device):
    x = _leaf([1., 2.], device)
    y = x * 2
    z = y * 3

    def cut(i):
        chx._core._unchain_backward(z)

    with chx._core._grad_ready_hook([x], cut):
        with pytest.raises(chx.ChainerxError, match='backward pass'):
            z.sum().backward()
    # The graph is intact and usable afterwards.
    x.cleargrad()
    z.sum().backward()
    numpy.testing.assert_array_equal(_grad(x), [6., 6.])
    # Another graph may be cut while a pass runs (here the outer one, during the inner one's pass).
    with chx.backprop_scope('outer') as outer, chx.backprop_scope('inner') as inner:
        u = chx.array([1.], device=device).require_grad(outer)
        v = u * 2
        w = chx.array([1.], device=device).require_grad(inner)

        def cut_outer(i):
            chx._core._unchain_backward(v, outer)

        with chx._core._grad_ready_hook([w], cut_outer):
            chx.backward(w * 3, inner)
        numpy.testing.assert_array_equal(chx.to_numpy(w.get_grad(inner)), [3.])
        chx.backward(v, outer)
        assert u.get_grad(outer) is None


def test_bad_arguments(device):
    x = _leaf([1.], device)
    with chx.backprop_scope('gone') as gone:
        pass
    with pytest.raises(chx.ChainerxError):
        chx._core._unchain(x * 2, gone)
    with pytest.raises(chx.ChainerxError):
        chx._core._unchain_backward(x * 2, gone)
    with pytest.raises(TypeError):
        chx._core._unchain_backward(x, 'default')
    with pytest.raises(TypeError):
        chx._core._unchain(None)
