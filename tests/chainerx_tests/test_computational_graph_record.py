"""`chainerx._core._computational_graph`: the graph behind arrays as plain records (core/graph_dump.h), which
chainer.computational_graph draws for chainerx Variables."""

import pytest

import chainerx as chx


def _leaf(device, shape=(2,)):
    return chx.ones(shape, 'float64', device=device).require_grad()


def _by_name(ops):
    return {name: (rank, inputs, outputs) for name, rank, inputs, outputs in ops}


def test_ops_and_arrays(device):
    x = _leaf(device)
    y = chx.exp(x) + x * 2
    z = y.sum()
    arrays, ops = chx._core._computational_graph([z])
    assert [op[0] for op in ops[:2]] == ['sum', 'add'] and {op[0] for op in ops[2:]} == {'exp', 'multiply'}
    assert [op[1] for op in ops] == sorted([op[1] for op in ops], reverse=True)
    named = _by_name(ops)
    assert arrays[named['sum'][2][0]][2] is z
    assert arrays[named['add'][2][0]][2] is y
    (x_index,) = named['exp'][1]
    assert named['multiply'][1] == [x_index]  # x appears once, shared by both ops
    assert arrays[x_index][2] is x
    assert arrays[x_index][:2] == ((2,), 'float64')
    assert arrays[named['sum'][2][0]][:2] == ((), 'float64')
    # The exp's and the product's results are gone (nothing holds them): recorded without an array.
    for name in ('exp', 'multiply'):
        assert arrays[named[name][2][0]][2] is None
    assert len(arrays) == 5


def test_several_outputs_share_their_graph(device):
    x = _leaf(device, (4,))
    a, b = chx.split(x * 3, 2)
    arrays, ops = chx._core._computational_graph([a, b, a])
    named = _by_name(ops)
    assert sorted(named) == ['multiply', 'split']
    assert [arrays[i][2] for i in named['split'][2]] == [a, b]
    assert len(ops) == 2


def test_inputs_outside_the_graph_and_constants(device):
    x = _leaf(device)
    c = chx.full((2,), 3.0, 'float64', device=device)
    y = x * c
    arrays, ops = chx._core._computational_graph(y)
    (name, _, inputs, _), = ops
    assert name == 'multiply' and inputs[1] is None and arrays[inputs[0]][2] is x
    assert chx._core._computational_graph([c]) == ([], [])
    assert chx._core._computational_graph([]) == ([], [])


def test_leaf_alone_and_zero_size(device):
    x = _leaf(device, (0, 3))
    arrays, ops = chx._core._computational_graph([x])
    assert ops == [] and len(arrays) == 1 and arrays[0][2] is x and arrays[0][0] == (0, 3)


def test_graph_is_chosen_by_backprop_id(device):
    with chx.backprop_scope('other') as other:
        x = _leaf(device)
        w = chx.ones((2,), 'float64', device=device).require_grad(other)
        y = chx.exp(x) * w
        assert [op[0] for op in chx._core._computational_graph([y])[1]] == ['multiply', 'exp']
        assert [op[0] for op in chx._core._computational_graph([y], other)[1]] == ['multiply']
    with pytest.raises(chx.ChainerxError):
        chx._core._computational_graph([y], other)  # released


def test_bad_arguments():
    with pytest.raises(TypeError):
        chx._core._computational_graph([1.0])
    with pytest.raises(TypeError):
        chx._core._computational_graph([chx.ones(1)], backprop_id='default')
