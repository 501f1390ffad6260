"""Several graphs (backprop ids) at once: scopes, outer/inner ordering, and what backward records where (spec A.14,
conformance R16 e)."""

import pytest

import chainerx as chx


def _values(a):
    return chx.to_numpy(a).tolist()


def _leaf_on(graphs, device, values=(1.0, 2.0)):
    x = chx.array(list(values), 'float64', device=device)
    for graph in graphs:
        x.require_grad(graph)
    return x


def test_backprop_scope_makes_an_independent_graph_and_releases_it():
    with chx.backprop_scope('bp1') as bp1:
        assert isinstance(bp1, chx.BackpropId)
        assert (bp1.name, repr(bp1)) == ('bp1', 'bp1')
        assert bp1.context is chx.get_default_context()
        x = chx.array([1.0, 2.0]).require_grad(bp1)
        assert x.is_grad_required(bp1) and not x.is_grad_required()
        y = (x * x).sum()
        assert y.is_backprop_required(bp1) and not y.is_backprop_required()
        y.backward(bp1)
        assert _values(x.get_grad(bp1)) == [2.0, 4.0]
        with pytest.raises(chx.ChainerxError):
            x.grad  # x is not in the default graph
    assert repr(bp1) == '<expired>'
    with pytest.raises(chx.ChainerxError):
        chx.zeros((1,)).require_grad(bp1)


def test_backprop_ids_compare_by_identity_of_the_graph():
    with chx.backprop_scope('a') as a, chx.backprop_scope('a') as b:
        assert a == a and a != b
        assert len({a, b, a}) == 2


def test_gradients_on_multiple_graphs_are_independent():
    with chx.backprop_scope('bp1') as bp1, chx.backprop_scope('bp2') as bp2:
        x = chx.array([1.0, 2.0]).require_grad(bp1).require_grad(bp2)
        y = (x * x * 3).sum()
        assert y.is_backprop_required(bp1) and y.is_backprop_required(bp2)
        assert y.is_backprop_required(chx.anygraph) and not y.is_backprop_required()
        y.backward(bp2)
        assert _values(x.get_grad(bp2)) == [6.0, 12.0]
        assert x.get_grad(bp1) is None
        y.backward(bp1)
        assert _values(x.get_grad(bp1)) == [6.0, 12.0]


def test_no_backprop_mode_for_chosen_graphs():
    with chx.backprop_scope('bp1') as bp1, chx.backprop_scope('bp2') as bp2:
        x = chx.array([1.0]).require_grad(bp1).require_grad(bp2)
        with chx.no_backprop_mode(bp1):
            y = x * 2
            assert not chx.is_backprop_required(bp1) and chx.is_backprop_required(bp2)
            assert not y.is_backprop_required(bp1) and y.is_backprop_required(bp2)
        with chx.no_backprop_mode([bp1, bp2]):
            assert not (x * 2).is_backprop_required(chx.anygraph)
        with chx.no_backprop_mode():
            with chx.force_backprop_mode(bp2):
                assert (x * 2).is_backprop_required(bp2) and not (x * 2).is_backprop_required(bp1)


def test_backward_on_an_inner_graph_after_an_outer_one_raises():
    with chx.backprop_scope('outer') as outer, chx.backprop_scope('inner') as inner:
        x = chx.array([1.0]).require_grad(outer).require_grad(inner)
        y = (x * x).sum()
        y.backward(outer)
        with pytest.raises(chx.ChainerxError):
            y.backward(inner)


def test_double_backprop_with_a_leaf_retained_input_across_two_graphs():
    with chx.backprop_scope('outer') as outer, chx.backprop_scope('inner') as inner:
        x = chx.array([1.0, 2.0]).require_grad(outer).require_grad(inner)
        (x * x).sum().backward(inner, enable_double_backprop=True)
        gx = x.get_grad(inner)
        assert gx.is_backprop_required(outer)
        gx.sum().backward(outer)
        assert _values(x.get_grad(outer)) == [2.0, 2.0]


@pytest.mark.parametrize(
    'fn,expected',
    [(lambda x: x * x * x, [6.0, 12.0]), (lambda x: (x * 2) * x, [4.0, 4.0])],
    ids=['cube', 'scaled_square'],
)
def test_double_backprop_across_two_graphs_gives_the_second_derivative(fn, expected):
    with chx.backprop_scope('outer') as outer, chx.backprop_scope('inner') as inner:
        x = chx.array([1.0, 2.0]).require_grad(outer).require_grad(inner)
        fn(x).sum().backward(inner, enable_double_backprop=True)
        x.get_grad(inner).sum().backward(outer)
        assert _values(x.get_grad(outer)) == expected




# R16 (e): backward on graph G without double backprop still records its computation on the outer graphs (created
# before G), so the gradient can be differentiated there; it is recorded neither on G nor on inner graphs.
@pytest.mark.parametrize('use_grad', [False, True], ids=['backward', 'grad'])
def test_backward_on_an_inner_graph_records_on_the_outer_graph(device, use_grad):
    with chx.backprop_scope('outer') as outer, chx.backprop_scope('inner') as inner:
        x = _leaf_on([outer, inner], device)
        y = (x * x * x).sum()
        if use_grad:
            (gx,) = chx.grad([y], [x], backprop_id=inner)
        else:
            y.backward(inner)
            gx = x.get_grad(inner)
        assert _values(gx) == [3.0, 12.0] and gx.device is device
        assert gx.is_backprop_required(outer) and not gx.is_backprop_required(inner)
        (ggx,) = chx.grad([gx.sum()], [x], backprop_id=outer)
        assert _values(ggx) == [6.0, 12.0]


def test_the_default_graph_is_outer_to_every_scope(device):
    # A fresh context: once backward ran on a default graph, no graph connected to it as inner may run backward.
    context = chx.Context()
    with chx.context_scope(context), chx.backprop_scope('inner') as inner:
        x = _leaf_on([None, inner], context.get_device(device.name))
        (gx,) = chx.grad([(x * x).sum()], [x], backprop_id=inner)
        assert gx.is_backprop_required() and not gx.is_backprop_required(inner)
        gx.sum().backward()
        assert _values(x.grad) == [2.0, 2.0]


def test_backward_on_an_outer_graph_records_on_no_inner_graph(device):
    with chx.backprop_scope('outer') as outer, chx.backprop_scope('inner') as inner:
        x = _leaf_on([outer, inner], device)
        for double_backprop in (False, True):
            (gx,) = chx.grad([(x * x).sum()], [x], backprop_id=outer, enable_double_backprop=double_backprop)
            assert not gx.is_backprop_required(inner)
            assert gx.is_backprop_required(outer) == double_backprop


def test_with_three_graphs_only_the_outer_ones_record(device):
    with chx.backprop_scope('g1') as g1, chx.backprop_scope('g2') as g2, chx.backprop_scope('g3') as g3:
        x = _leaf_on([g1, g2, g3], device)
        (gx,) = chx.grad([(x * x).sum()], [x], backprop_id=g2)
        assert [gx.is_backprop_required(g) for g in (g1, g2, g3)] == [True, False, False]
        (gx,) = chx.grad([(x * x).sum()], [x], backprop_id=g2, enable_double_backprop=True)
        assert [gx.is_backprop_required(g) for g in (g1, g2, g3)] == [True, True, False]


def test_third_derivative_across_three_graphs():
    with chx.backprop_scope('g1') as g1, chx.backprop_scope('g2') as g2, chx.backprop_scope('g3') as g3:
        x = _leaf_on([g1, g2, g3], 'native:0', (2.0,))
        (g,) = chx.grad([x * x * x * x], [x], backprop_id=g3)  # 4x^3
        (gg,) = chx.grad([g], [x], backprop_id=g2)  # 12x^2
        (ggg,) = chx.grad([gg], [x], backprop_id=g1)  # 24x
        assert (_values(g), _values(gg), _values(ggg)) == ([32.0], [48.0], [48.0])


def test_backward_on_an_inner_graph_is_allowed_after_an_unconnected_outer_one():
    with chx.backprop_scope('outer') as outer, chx.backprop_scope('inner') as inner:
        a = chx.array([1.0]).require_grad(outer)
        b = chx.array([1.0]).require_grad(inner)
        (a * 2).backward(outer)
        (b * 3).backward(inner)  # no op was recorded on both graphs, so nothing links them
        assert _values(a.get_grad(outer)) == [2.0] and _values(b.get_grad(inner)) == [3.0]


def test_grad_on_an_inner_graph_after_an_outer_one_raises():
    with chx.backprop_scope('outer') as outer, chx.backprop_scope('inner') as inner:
        x = chx.array([1.0]).require_grad(outer).require_grad(inner)
        y = x * x
        chx.grad([y], [x], backprop_id=outer)
        with pytest.raises(chx.ChainerxError):
            chx.grad([y], [x], backprop_id=inner)
        chx.grad([y], [x], backprop_id=outer)  # the outer graph itself may run again


def test_stored_gradient_of_an_inner_graph_keeps_its_outer_graph():
    with chx.backprop_scope('outer') as outer, chx.backprop_scope('inner') as inner:
        x = chx.array([1.0, 3.0]).require_grad(outer).require_grad(inner)
        (x * x).sum().backward(inner)
        gx = x.get_grad(inner)
        assert not gx.is_backprop_required(inner)
        gx.sum().backward(outer)  # the stored gradient was recorded on the outer graph
        assert _values(x.get_grad(outer)) == [2.0, 2.0]
