"""chainerx.grad: gradients of outputs with respect to chosen inputs, returned rather than stored (spec A.14,
conformance R16 a, d)."""

import numpy
import pytest

import chainerx as chx


def _values(a):
    return chx.to_numpy(a).tolist()


def test_grad_returns_gradients_without_storing_them():
    x = chx.array([1.0, 2.0]).require_grad()
    w = chx.array([3.0, 4.0]).require_grad()
    y = (x * w).sum()
    gx, gw = chx.grad([y], [x, w])
    numpy.testing.assert_array_equal(chx.to_numpy(gx), [3.0, 4.0])
    numpy.testing.assert_array_equal(chx.to_numpy(gw), [1.0, 2.0])
    assert x.grad is None
    chx.grad([y], [x], set_grad=True)
    numpy.testing.assert_array_equal(chx.to_numpy(x.grad), [3.0, 4.0])


def test_grad_with_seeds_and_unreached_inputs():
    x = chx.array([1.0, 2.0]).require_grad()
    unused = chx.array([0.0, 0.0]).require_grad()
    y = x * 2
    gx, gu = chx.grad([y], [x, unused], grad_outputs=[chx.array([10.0, 20.0])])
    numpy.testing.assert_array_equal(chx.to_numpy(gx), [20.0, 40.0])
    assert gu is None
    with pytest.raises(chx.GradientError):
        chx.grad([y], [x], grad_outputs=[chx.ones((3,), dtype='float64')])


def test_grad_with_double_backprop_is_differentiable():
    x = chx.array([1.0, 3.0]).require_grad()
    (gx,) = chx.grad([(x * x * x).sum()], [x], enable_double_backprop=True)
    numpy.testing.assert_array_equal(chx.to_numpy(gx), [3.0, 27.0])
    (ggx,) = chx.grad([gx.sum()], [x])
    numpy.testing.assert_array_equal(chx.to_numpy(ggx), [6.0, 18.0])


# R16 (a): an input outside the graph is constant there; its gradient is None.
@pytest.mark.parametrize('graph', [None, 'bp'])
def test_grad_of_an_input_outside_the_graph_is_none(device, graph):
    with chx.backprop_scope('bp') as bp:
        backprop_id = bp if graph == 'bp' else None
        x = chx.ones((1,), device=device).require_grad(backprop_id)
        c = chx.ones((1,), device=device)
        other = chx.ones((1,), device=device).require_grad()  # in the default graph only
        gx, gc, go = chx.grad([x * c], [x, c, other if graph == 'bp' else c], backprop_id=backprop_id)
        assert _values(gx) == [1.0] and gx.device is device
        assert gc is None and go is None


# R16 (d): retain_grad stores the gradients of intermediate arrays, flagging them as requiring grad.
def test_grad_with_retain_grad_stores_intermediate_gradients(device):
    x = chx.array([1.0, 2.0], device=device).require_grad()
    h = x * 3
    y = (h * h).sum()
    (gx,) = chx.grad([y], [x])
    assert not h.is_grad_required()
    (gx,) = chx.grad([y], [x], retain_grad=True)
    assert h.is_grad_required() and _values(h.grad) == [6.0, 12.0] and h.grad.device is device
    assert _values(gx) == [18.0, 36.0]
    assert x.grad is None  # inputs are stored only with set_grad
