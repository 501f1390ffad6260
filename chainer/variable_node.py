"""`VariableNode`: a Variable's node in the Python computational graph (NumPy/CuPy-backed Variables only).

Variables holding chainerx arrays have no VariableNode: their graph lives in the C++ array (see
Note [Two graphs] in chainer/variable.py).
"""

import weakref


class VariableNode:
    """Node of a NumPy/CuPy-backed Variable in the computational graph.

    The node outlives its Variable when a function retained it: `data` then holds the retained array and
    `get_variable()` rebuilds a Variable around it. It refers to its Variable weakly, and to its creator
    (the FunctionNode that produced it) strongly, which keeps the graph alive from the outputs backwards.

    Args:
        variable (~chainer.Variable): The variable this node belongs to.
        name (str): Name of the variable.
    """

    def __init__(self, variable, name, **kwargs):
        if kwargs:
            raise TypeError('VariableNode got unexpected keyword arguments: {}'.format(
                ', '.join(sorted(kwargs))))
        self._variable = weakref.ref(variable)
        self.name = name
        self._creator_node = None
        self.data = None
        self._rank = 0
        self._requires_grad = variable._requires_grad
        self._set_data_type(variable._data[0])

    @property
    def creator(self):
        """The function that created this node: an old-style Function when it was one, else the FunctionNode."""
        node = self._creator_node
        if node is None:
            return None
        return getattr(node, '_function', node)

    @creator.setter
    def creator(self, func):
        self.creator_node = func

    @property
    def creator_node(self):
        """The FunctionNode that created this node, or None for a leaf."""
        return self._creator_node

    @creator_node.setter
    def creator_node(self, func):
        func = getattr(func, 'node', func)  # an old-style Function stands for its FunctionAdapter
        self._creator_node = func
        if func is not None:
            self._rank = func.rank + 1

    @property
    def rank(self):
        """The topological rank: one more than that of the creator, 0 for a leaf."""
        return self._rank

    @property
    def requires_grad(self):
        """Whether the gradient with respect to this node is required."""
        return self._requires_grad

    @property
    def grad(self):
        """The gradient array of the variable, or None when the variable is gone or has none."""
        var = self._variable()
        return None if var is None else var.grad

    @property
    def grad_var(self):
        """The gradient Variable of the variable, or None when the variable is gone or has none."""
        var = self._variable()
        return None if var is None else var.grad_var

    @property
    def label(self):
        """A short text: the shape and dtype, e.g. `(2, 3), float32`."""
        if self.shape == ():
            return str(self.dtype)
        return '{}, {}'.format(self.shape, self.dtype)

    def get_variable(self):
        """The Variable of this node, rebuilt around the retained data if the original is gone."""
        var = self._variable()
        if var is not None:
            return var
        from chainer import variable as variable_module
        var = variable_module.Variable(self.data, name=self.name, requires_grad=self._requires_grad)
        var._node = self
        return var

    def get_variable_or_none(self):
        """The Variable of this node if it is still alive, else None."""
        return self._variable()

    def set_creator(self, creator):
        """Sets an old-style Function or a FunctionNode as the creator of this node."""
        self.creator = creator

    def set_creator_node(self, creator_node):
        """Sets the FunctionNode that created this node."""
        self.creator_node = creator_node

    def unchain(self):
        """Forgets the creator: the node becomes a root of the graph."""
        self._creator_node = None

    def retain_data(self):
        """Keeps the variable's array on the node, for functions that need it in backward."""
        var = self._variable()
        if var is None:
            raise RuntimeError('Cannot retain the data of a variable node whose variable is gone')
        self.data = var._data[0]

    def _set_data_type(self, data):
        if data is None:
            self.dtype = None
            self.shape = None
        else:
            self.dtype = data.dtype
            self.shape = data.shape

    def _set_requires_grad(self, value):
        self._requires_grad = value
