"""chainer.computational_graph: the nodes and edges reached from the outputs and their dot text."""

import re

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import computational_graph as cg_module
from chainer.computational_graph import ComputationalGraph, DotNode, build_computational_graph

NODE_RE = re.compile(r'(\d+) \[([^\]]*)\];')
EDGE_RE = re.compile(r'(\d+) -> (\d+);')
ATTR_RE = re.compile(r'(\w+)="((?:[^"\\]|\\.)*)"')


def parse_dot(text):
    """The rankdir, {node id: attributes} and the list of (head id, tail id) edges of a dot text."""
    match = re.fullmatch(r'digraph graphname\{rankdir=(\w+);(.*)\}', text)
    assert match, text
    body = match.group(2)
    nodes = {int(i): dict(ATTR_RE.findall(attrs)) for i, attrs in NODE_RE.findall(body)}
    edges = [(int(h), int(t)) for h, t in EDGE_RE.findall(body)]
    # Nothing else is in the body: every statement was matched by one of the two patterns.
    assert EDGE_RE.sub('', NODE_RE.sub('', body)) == ''
    return match.group(1), nodes, edges


def _split_graph():
    """x -> SplitAxis -> (a, c, unused); y = sum(a * c + a). Returns the variables and functions."""
    x = chainer.Variable(numpy.arange(9, dtype=numpy.float32).reshape(3, 3), name='x')
    a, c, unused = F.split_axis(x, 3, axis=0)
    m = a * c
    s = m + a
    y = F.sum(s)
    return dict(x=x, a=a, c=c, unused=unused, m=m, s=s, y=y, split=a.creator_node,
                mul=m.creator_node, add=s.creator_node, sum=y.creator_node)


def _expected_edges(g):
    n = {name: (v.node if isinstance(v, chainer.Variable) else v) for name, v in g.items()}
    return {(n['x'], n['split']), (n['split'], n['a']), (n['split'], n['c']), (n['a'], n['mul']),
            (n['c'], n['mul']), (n['mul'], n['m']), (n['m'], n['add']), (n['a'], n['add']),
            (n['add'], n['s']), (n['s'], n['sum']), (n['sum'], n['y'])}


def test_nodes_and_edges_of_a_graph_with_a_split():
    g = _split_graph()
    graph = build_computational_graph(g['y'])
    expected_edges = _expected_edges(g)
    assert set(graph.edges) == expected_edges
    assert len(graph.edges) == len(expected_edges)   # each edge once, though `a` is used twice
    variables = {g[k].node for k in ('x', 'a', 'c', 'm', 's', 'y')}
    functions = {g[k] for k in ('split', 'mul', 'add', 'sum')}
    assert set(graph.nodes) == variables | functions
    assert len(graph.nodes) == 10
    assert g['unused'].node not in graph.nodes   # an output that does not lead to y


def test_dot_text_of_a_graph_with_a_split():
    g = _split_graph()
    rankdir, nodes, edges = parse_dot(build_computational_graph(g['y']).dump())
    assert rankdir == 'TB'
    assert set(edges) == {(id(h), id(t)) for h, t in _expected_edges(g)}
    assert len(edges) == len(set(edges))
    var_style = {'shape': 'octagon', 'fillcolor': '#E0E0E0', 'style': 'filled'}
    func_style = {'shape': 'record', 'fillcolor': '#6495ED', 'style': 'filled'}
    assert nodes[id(g['x'].node)] == dict(label='x: (3, 3), float32', **var_style)
    assert nodes[id(g['a'].node)] == dict(label='(1, 3), float32', **var_style)
    assert nodes[id(g['y'].node)] == dict(label='float32', **var_style)   # a 0-d variable
    for name, label in [('split', 'SplitAxis'), ('mul', 'Mul'), ('add', 'Add'), ('sum', 'Sum')]:
        assert nodes[id(g[name])] == dict(label=label, **func_style)
    assert len(nodes) == 10


def test_remove_variable_joins_the_functions_directly():
    g = _split_graph()
    graph = build_computational_graph(g['y'], remove_variable=True)
    text = graph.dump()
    _, nodes, edges = parse_dot(text)
    assert set(nodes) == {id(g[k]) for k in ('split', 'mul', 'add', 'sum')}
    expected = {(g['split'], g['mul']), (g['split'], g['add']), (g['mul'], g['add']),
                (g['add'], g['sum'])}
    assert sorted(edges) == sorted((id(h), id(t)) for h, t in expected)
    assert graph.dump() == text   # the graph itself is left as it is
    assert set(graph.edges) == _expected_edges(g)


def test_custom_styles_and_show_name_false():
    g = _split_graph()
    var_style = {'shape': 'box', 'color': 'red'}
    func_style = {'shape': 'ellipse', 'fontsize': '8'}
    text = build_computational_graph([g['y']], variable_style=var_style, function_style=func_style,
                                     show_name=False).dump()
    _, nodes, _ = parse_dot(text)
    assert nodes[id(g['x'].node)] == {'label': '(3, 3), float32', 'shape': 'box', 'color': 'red'}
    assert nodes[id(g['mul'])] == {'label': 'Mul', 'shape': 'ellipse', 'fontsize': '8'}


def test_styles_none_fall_back_to_the_node_kind_shapes():
    """Without a style, DotNode's defaults remain: variables are ovals and functions boxes."""
    x = chainer.Variable(numpy.ones((2, 2), numpy.float32), name='v')
    y = x * 2
    _, nodes, _ = parse_dot(build_computational_graph(y, variable_style=None, function_style=None).dump())
    assert nodes[id(x.node)] == {'label': 'v: (2, 2), float32', 'shape': 'oval'}
    assert nodes[id(y.creator_node)] == {'label': y.creator_node.label, 'shape': 'box'}


@pytest.mark.parametrize('rankdir', ['TB', 'BT', 'LR', 'RL'])
def test_rankdir(rankdir):
    y = chainer.Variable(numpy.ones(2, numpy.float32)) * 2
    graph = build_computational_graph(y, rankdir=rankdir)
    assert graph.rankdir == rankdir
    assert parse_dot(graph.dump())[0] == rankdir


@pytest.mark.parametrize('rankdir', ['tb', 'XY', '', None])
def test_bad_rankdir_is_a_value_error(rankdir):
    y = chainer.Variable(numpy.ones(2, numpy.float32)) * 2
    with pytest.raises(ValueError):
        build_computational_graph(y, rankdir=rankdir)
    with pytest.raises(ValueError):
        ComputationalGraph([], [], rankdir=rankdir)


@pytest.mark.parametrize('wrap', [
    lambda g: g['y'],
    lambda g: [g['y']],
    lambda g: (g['y'],),
    lambda g: g['y'].node,
    lambda g: (g['y'], g['s']),   # s is reached from y anyway
])
def test_kinds_of_outputs_give_the_same_graph(wrap):
    g = _split_graph()
    graph = build_computational_graph(wrap(g))
    assert set(graph.edges) == _expected_edges(g)
    assert len(graph.nodes) == 10


def test_a_function_node_as_output():
    g = _split_graph()
    graph = build_computational_graph([g['sum']])
    assert set(graph.edges) == _expected_edges(g) - {(g['sum'], g['y'].node)}
    assert graph.nodes[0] is g['sum']


def test_several_outputs_and_several_roots():
    x = chainer.Variable(numpy.arange(6, dtype=numpy.float32).reshape(2, 3))
    a, b = F.split_axis(x, 2, axis=0)
    graph = build_computational_graph([a, b])
    split = a.creator_node
    assert set(graph.edges) == {(x.node, split), (split, a.node), (split, b.node)}
    assert graph.nodes[:2] == [a.node, b.node]   # the roots come first
    assert len(graph.nodes) == 4


def test_outputs_of_several_output_function_used_by_one_consumer():
    x = chainer.Variable(numpy.arange(4, dtype=numpy.float32))
    a, b = F.split_axis(x, 2, axis=0)
    y = a * b
    _, _, edges = parse_dot(build_computational_graph(y, remove_variable=True).dump())
    assert edges == [(id(a.creator_node), id(y.creator_node))]   # one edge, not one per variable


def test_a_leaf_alone_and_the_empty_list():
    x = chainer.Variable(numpy.ones((2,), numpy.float32))
    graph = build_computational_graph(x)
    assert graph.nodes == [x.node] and graph.edges == []
    _, nodes, edges = parse_dot(graph.dump())
    assert list(nodes) == [id(x.node)] and edges == []
    assert build_computational_graph([]).dump() == 'digraph graphname{rankdir=TB;}'


def test_old_style_function_is_drawn_by_its_label():
    class Double(chainer.Function):
        def forward(self, inputs):
            return inputs[0] * 2,

        def backward(self, inputs, grad_outputs):
            return grad_outputs[0] * 2,

    x = chainer.Variable(numpy.ones(3, numpy.float32))
    y = Double()(x)
    _, nodes, edges = parse_dot(build_computational_graph(y).dump())
    assert nodes[id(y.creator_node)]['label'] == 'Double'
    assert set(edges) == {(id(x.node), id(y.creator_node)), (id(y.creator_node), id(y.node))}


def test_names_are_quoted_for_dot():
    x = chainer.Variable(numpy.ones((1, 2), numpy.float32), name='say "hi" \\')
    text = build_computational_graph(x * 1).dump()
    assert r'label="say \"hi\" \\: (1, 2), float32"' in text
    _, nodes, _ = parse_dot(text)
    assert nodes[id(x.node)]['label'] == r'say \"hi\" \\: (1, 2), float32'


def test_dot_node_label_and_bad_node():
    x = chainer.Variable(numpy.ones((2, 2), numpy.float32), name='w')
    node = DotNode(x.node, {'color': 'blue'})
    assert node.id_ == id(x.node)
    assert node.label == '{} [color="blue",label="w: (2, 2), float32",shape="oval"];'.format(id(x.node))
    assert DotNode(x.node, show_name=False).attribute == {'label': '(2, 2), float32', 'shape': 'oval'}
    with pytest.raises(TypeError):
        DotNode(x)   # a Variable, not its node


def test_bad_arguments():
    y = chainer.Variable(numpy.ones(2, numpy.float32)) * 2
    with pytest.raises(ValueError, match='remove_split'):
        build_computational_graph(y, remove_split=False)
    with pytest.raises(TypeError):
        build_computational_graph([y, numpy.ones(2)])
    with pytest.raises(TypeError):
        build_computational_graph(3)
    with pytest.raises(NotImplementedError):
        build_computational_graph(y).dump(format='graphml')
    with pytest.raises(TypeError):   # an edge between two variables
        ComputationalGraph([y.node], [(y.node, y.node)]).dump()


def _chainerx_variable(values, name=None):
    return chainer.Variable(chainer.get_device('native:0').send(numpy.asarray(values, numpy.float32)), name=name)


def _dot_labels_and_edges(graph):
    """Labels of the nodes and (head label, tail label) of the edges of a dumped graph."""
    text = graph.dump()
    labels = dict(re.findall(r'(\d+) \[[^\]]*label="([^"]*)"', text))
    edges = re.findall(r'(\d+) -> (\d+);', text)
    return sorted(labels.values()), sorted((labels[h], labels[t]) for h, t in edges)


def test_chainerx_variables_are_drawn_from_the_core_graph():
    # Not in the original (which raises): the graph of the chainerx core, with its ops' names.
    x = _chainerx_variable([1, 2, 3], name='x')
    y = x * 2
    loss = F.sum(F.exp(y) + y)
    loss.name = 'loss'
    labels, edges = _dot_labels_and_edges(build_computational_graph(loss))
    assert labels == sorted(['loss: (), float32', 'add', '(3,), float32', 'sum', 'exp', '(3,), float32', 'multiply',
                             '(3,), float32', '(3,), float32'])
    assert ('(3,), float32', 'exp') in edges and ('sum', 'loss: (), float32') in edges
    assert sum(1 for head, tail in edges if tail == 'add') == 2
    assert len(edges) == 9  # x->multiply->y->exp->e->add<-y, add->s->sum->loss
    functions, function_edges = _dot_labels_and_edges(build_computational_graph(loss, remove_variable=True))
    assert functions == ['add', 'exp', 'multiply', 'sum']
    assert sorted(function_edges) == [('add', 'sum'), ('exp', 'add'), ('multiply', 'add'), ('multiply', 'exp')]


def test_chainerx_unused_outputs_and_constants():
    x = _chainerx_variable([1, 2, 3, 4])
    first, _ = F.split_axis(x * 1, 2, 0)
    labels, edges = _dot_labels_and_edges(build_computational_graph([first]))
    assert labels == ['(2,), float32', '(4,), float32', '(4,), float32', 'multiply', 'split']
    assert len(edges) == 4  # the unused second half is left out
    constant = chainer.Variable(chainer.get_device('native:0').send(numpy.ones(2, numpy.float32)),
                                requires_grad=False, name='c')
    assert _dot_labels_and_edges(build_computational_graph(constant)) == (['c: (2,), float32'], [])


def test_chainerx_and_python_roots_cannot_be_mixed():
    y = _chainerx_variable([1.0]) * 2
    z = chainer.Variable(numpy.ones(1, numpy.float32)) * 2
    with pytest.raises(TypeError, match='chainerx'):
        build_computational_graph([y, z])


def test_default_styles_are_the_module_constants():
    graph = build_computational_graph([])
    assert graph.variable_style is cg_module._var_style
    assert graph.function_style is cg_module._func_style
    assert graph.remove_variable is False and graph.show_name is True
