"""`chainer.computational_graph`: the Python graph behind some Variables, as Graphviz (dot) text.

`build_computational_graph` walks backwards from output Variables (or nodes) through the creators
of the Python graph (Note [Two graphs] in chainer/variable.py) and collects the VariableNodes and
FunctionNodes it meets with the edges between them; `ComputationalGraph.dump` writes them in the
dot language::

    y = model(x)
    with open('graph.dot', 'w') as f:
        f.write(build_computational_graph(y).dump())
    # $ dot -Tpng graph.dot -o graph.png

The graph of Variables holding chainerx arrays lives in the C++ core: it is read through
``chainerx._core._computational_graph`` (not in the original, which raises for such Variables) and
drawn the same way, with `ChainerxArrayNode` and `ChainerxOpNode` in place of the Python nodes.
"""

import heapq

import chainerx

from chainer import function_node
from chainer import variable
from chainer import variable_node


class ChainerxArrayNode:
    """An array of a chainerx graph, as `build_computational_graph` draws it.

    Attributes:
        shape (tuple): The array's shape.
        dtype (str): The name of its dtype.
        name (str): The name of the Variable given as an output that holds the array, else None.
        creator_node (ChainerxOpNode): The op that created the array, or None for a leaf.
        label (str): ``'(2, 3), float32'``, as a VariableNode's.
    """

    def __init__(self, shape, dtype, name=None):
        self.shape = shape
        self.dtype = dtype
        self.name = name
        self.creator_node = None

    @property
    def label(self):
        return '{}, {}'.format(self.shape, self.dtype)


class ChainerxOpNode:
    """An op of a chainerx graph (``'add'``, ``'linear'``, ...), as `build_computational_graph`
    draws it.

    Attributes:
        name (str): The op's name in the chainerx core.
        rank (int): Its distance from the leaves.
        label (str): The name.
    """

    def __init__(self, name, rank):
        self.name = name
        self.rank = rank

    @property
    def label(self):
        return self.name


_VariableNode = (variable_node.VariableNode, ChainerxArrayNode)
_FunctionNode = (function_node.FunctionNode, ChainerxOpNode)

# The default dot styles: variables are grey octagons, functions blue records.
_var_style = {'shape': 'octagon', 'fillcolor': '#E0E0E0', 'style': 'filled'}
_func_style = {'shape': 'record', 'fillcolor': '#6495ED', 'style': 'filled'}

_RANKDIRS = ('TB', 'BT', 'LR', 'RL')


def _quote(text):
    # A double quote or a backslash in a variable's name would end the dot string early.
    return str(text).replace('\\', '\\\\').replace('"', '\\"')


class DotNode:
    """A node of the computational graph with its dot attributes.

    The label is the node's own label (shape and dtype of a variable, class name of a function),
    prefixed by ``'<name>: '`` for a named variable when `show_name` is True. Variables are ovals
    and functions boxes unless `attribute` says otherwise.

    Args:
        node (~chainer.VariableNode or ~chainer.FunctionNode): The node.
        attribute (dict): Dot attributes that update the defaults (e.g. a style).
        show_name (bool): Put the name of a named variable in its label.

    Attributes:
        node: The node.
        id_ (int): The node's id in the dot text, ``id(node)``.
        attribute (dict): The dot attributes.
    """

    def __init__(self, node, attribute=None, show_name=True):
        if not isinstance(node, (_VariableNode, _FunctionNode)):
            raise TypeError('DotNode takes a VariableNode or a FunctionNode, not {}'.format(
                type(node).__name__))
        self.node = node
        self.id_ = id(node)
        label = node.label
        if isinstance(node, _VariableNode):
            if show_name and node.name is not None:
                label = '{}: {}'.format(node.name, label)
            self.attribute = {'label': label, 'shape': 'oval'}
        else:
            self.attribute = {'label': label, 'shape': 'box'}
        if attribute is not None:
            self.attribute.update(attribute)

    @property
    def label(self):
        """The dot statement of the node, e.g. ``140... [label="Sum",shape="record"];``."""
        attributes = ','.join('{}="{}"'.format(key, _quote(value))
                              for key, value in sorted(self.attribute.items()))
        return '{} [{}];'.format(self.id_, attributes)


class ComputationalGraph:
    """A computational graph: nodes and edges, with the options of its dot output.

    Usually made by `build_computational_graph`.

    Args:
        nodes (list): VariableNodes and FunctionNodes.
        edges (list): ``(head, tail)`` pairs of nodes: a variable and the function it is an input
            of, or a function and a variable it created.
        variable_style (dict or 'default'): Dot attributes of variables (``'default'``: grey
            octagons).
        function_style (dict or 'default'): Dot attributes of functions (``'default'``: blue
            records).
        rankdir (str): Direction of the graph: ``'TB'`` (top to bottom), ``'BT'``, ``'LR'`` or
            ``'RL'``.
        remove_variable (bool): Draw only the functions, each connected to the functions that
            consume its outputs.
        show_name (bool): Put the names of named variables in their labels.

    Raises:
        ValueError: If `rankdir` is not one of the four directions.
    """

    def __init__(self, nodes, edges, variable_style='default', function_style='default',
                 rankdir='TB', remove_variable=False, show_name=True):
        if variable_style == 'default':
            variable_style = _var_style
        if function_style == 'default':
            function_style = _func_style
        if rankdir not in _RANKDIRS:
            raise ValueError('rankdir must be one of {}, not {!r}'.format(_RANKDIRS, rankdir))
        self.nodes = nodes
        self.edges = edges
        self.variable_style = variable_style
        self.function_style = function_style
        self.rankdir = rankdir
        self.remove_variable = remove_variable
        self.show_name = show_name

    def _style(self, node):
        return self.variable_style if isinstance(node, _VariableNode) else self.function_style

    def _to_dot(self):
        statements = ['digraph graphname{rankdir=%s;' % self.rankdir]
        if self.remove_variable:
            nodes = [node for node in self.nodes if isinstance(node, _FunctionNode)]
            edges = _function_edges(self.edges)
        else:
            nodes = self.nodes
            edges = self.edges
        for node in nodes:
            statements.append(DotNode(node, self._style(node), self.show_name).label)
        drawn = set()
        for head, tail in edges:
            if not self.remove_variable and (
                    isinstance(head, _VariableNode) == isinstance(tail, _VariableNode)):
                raise TypeError('an edge must join a VariableNode and a FunctionNode, not {} and {}'
                                .format(type(head).__name__, type(tail).__name__))
            edge = (id(head), id(tail))
            if edge not in drawn:
                drawn.add(edge)
                statements.append('%s -> %s;' % edge)
        statements.append('}')
        return ''.join(statements)

    def dump(self, format='dot'):
        """The graph as text in a graph language.

        Args:
            format (str): The language; only ``'dot'`` is supported.

        Returns:
            str: The text, e.g. ``digraph graphname{rankdir=TB;...}``.

        Raises:
            NotImplementedError: For another format.
        """
        if format == 'dot':
            return self._to_dot()
        raise NotImplementedError('Currently, only dot format is supported.')


def _function_edges(edges):
    # With the variables removed, function f is joined to function g when an output of f is an
    # input of g, which is exactly an edge (v, g) whose variable v has the creator f. Unlike the
    # original, the graph's own edges are left as they are (dumping twice gives the same text).
    result = []
    for head, tail in edges:
        if isinstance(head, _VariableNode) and isinstance(tail, _FunctionNode):
            creator = head.creator_node
            if creator is not None:
                result.append((creator, tail))
        elif isinstance(head, _FunctionNode) and isinstance(tail, _FunctionNode):
            result.append((head, tail))   # a graph whose variables were removed already
    return result


def _output_nodes(outputs):
    output_types = (variable.Variable, variable_node.VariableNode, function_node.FunctionNode)
    if isinstance(outputs, output_types):
        outputs = [outputs]
    nodes = []
    for output in outputs:
        if not isinstance(output, output_types):
            raise TypeError('element of outputs must be either Variable, VariableNode, or '
                            'FunctionNode, not {}'.format(type(output).__name__))
        if isinstance(output, variable.Variable) and not output._has_chainerx_array:
            output = output.node
        nodes.append(output)
    return nodes


def _chainerx_graph(roots):
    """The nodes and edges of the chainerx graph behind `roots` (Variables holding chainerx
    arrays): every op reachable backwards, its inputs, and those of its outputs that lead to the
    roots, in the order they are reached."""
    arrays = [root._data[0] for root in roots]
    records, ops = chainerx._core._computational_graph(arrays)
    names = {id(array): root.name for array, root in zip(arrays, roots)}
    array_nodes = [ChainerxArrayNode(shape, dtype, None if array is None else names.get(id(array)))
                   for shape, dtype, array in records]
    # The roots' arrays and the inputs of some op lead to the roots; an unused output of an op
    # with several outputs does not (it is left out, as from the Python graph).
    root_ids = {id(array) for array in arrays}
    leading = {index for index, record in enumerate(records) if id(record[2]) in root_ids}
    leading.update(index for _, _, inputs, _ in ops for index in inputs if index is not None)
    nodes = [array_nodes[index] for index in sorted(leading)
             if id(records[index][2]) in root_ids]
    recorded = {id(record[2]) for record in records}
    # A root outside the graph (a constant) is drawn alone, as a Python variable without creator.
    nodes.extend(ChainerxArrayNode(array.shape, array.dtype.name, names[id(array)])
                 for array in arrays if id(array) not in recorded)
    edges = []
    for name, rank, inputs, outputs in ops:
        op = ChainerxOpNode(name, rank)
        nodes.append(op)
        for index in outputs:
            if index in leading:
                array_nodes[index].creator_node = op
                edges.append((op, array_nodes[index]))
        edges.extend((array_nodes[index], op) for index in inputs if index is not None)
    listed = {id(node) for node in nodes}
    nodes.extend(array_nodes[index] for index in sorted(leading)
                 if id(array_nodes[index]) not in listed)
    return nodes, edges


def build_computational_graph(outputs, remove_split=True, variable_style='default',
                              function_style='default', rankdir='TB', remove_variable=False,
                              show_name=True):
    """Builds the graph of the functions and variables from which `outputs` were computed.

    The graph holds every node reachable backwards from the outputs: the creator of each
    variable, the inputs of each function. An output of a function with several outputs appears
    only if it leads to `outputs`. The nodes are listed in the order they are reached.

    Args:
        outputs: A Variable, VariableNode or FunctionNode, or a list/tuple of them. Variables must
            hold NumPy or CuPy arrays.
        remove_split (bool): Must be True; left for backward compatibility (split nodes no
            longer exist since Chainer v2).
        variable_style (dict or 'default'): Dot attributes of the variables.
        function_style (dict or 'default'): Dot attributes of the functions.
        rankdir (str): ``'TB'``, ``'BT'``, ``'LR'`` or ``'RL'``: the direction of the graph.
        remove_variable (bool): Draw the functions only (see `ComputationalGraph`).
        show_name (bool): Put the names of named variables in their labels.

    Returns:
        ComputationalGraph: The graph.

    Raises:
        ValueError: If `remove_split` is False or `rankdir` is not a direction.
        TypeError: If an output is not a Variable, VariableNode or FunctionNode.
        RuntimeError: If an output is a Variable holding a chainerx array.

    Example:
        >>> x = chainer.Variable(numpy.ones((2, 3), numpy.float32), name='x')
        >>> g = build_computational_graph(F.sum(x * 2))
        >>> dot = g.dump()   # 'digraph graphname{rankdir=TB;...}'
    """
    if not remove_split:
        raise ValueError('remove_split=False is not supported anymore')
    roots = _output_nodes(outputs)
    on_chainerx = [isinstance(root, variable.Variable) for root in roots]
    if any(on_chainerx):
        if not all(on_chainerx):
            raise TypeError('build_computational_graph cannot draw Variables holding chainerx '
                            'arrays together with Python graph nodes')
        nodes, edges = _chainerx_graph(roots)
        return ComputationalGraph(nodes, edges, variable_style, function_style, rankdir,
                                  remove_variable, show_name)
    # Highest rank first, so that a node is expanded after every node that uses it; the counter
    # breaks ties without comparing nodes.
    candidates = []
    order = [0]

    def push(node):
        heapq.heappush(candidates, (-node.rank, order[0], node))
        order[0] += 1

    nodes = []
    seen_nodes = set()
    edges = []
    seen_edges = set()

    def add(node):
        if node not in seen_nodes:
            seen_nodes.add(node)
            nodes.append(node)

    def add_edge(head, tail):
        if (head, tail) in seen_edges:
            return False
        seen_edges.add((head, tail))
        edges.append((head, tail))
        add(head)
        add(tail)
        return True

    for root in roots:
        add(root)
        push(root)
    while candidates:
        _, _, node = heapq.heappop(candidates)
        if isinstance(node, _VariableNode):
            creator = node.creator_node
            if creator is not None and add_edge(creator, node):
                push(creator)
        else:
            for input_node in node.inputs or ():   # None after FunctionNode.unchain
                if add_edge(input_node, node):
                    push(input_node)
    return ComputationalGraph(nodes, edges, variable_style, function_style, rankdir,
                              remove_variable, show_name)
