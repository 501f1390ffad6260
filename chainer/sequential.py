"""`chainer.Sequential`: a chain of layers (links or plain callables) applied one after the other.

Example:
    >>> model = chainer.Sequential(
    ...     chainer.links.Linear(None, 100), chainer.functions.relu, chainer.links.Linear(100, 10))
    >>> y = model(x)
"""

import copy
import inspect

from chainer import link as link_module


def _layer_type_name(layer):
    # What count_by_layer_type and remove_by_layer_type compare: a link's class name, else __name__.
    if isinstance(layer, link_module.Link):
        return type(layer).__name__
    return getattr(layer, '__name__', type(layer).__name__)


def _check_callable(layer):
    if not callable(layer):
        raise ValueError(
            'All elements of the argument should be callable. But given {} is not '
            'callable.'.format(layer))


def _check_sequential(other, operator):
    if not isinstance(other, Sequential):
        raise ValueError(
            '{} operator supports only objects of Sequential class, but {} is given.'.format(
                operator, type(other)))


class Sequential(link_module.ChainList):
    """A sequence of layers: ``forward(x)`` applies each to the output of the previous one.

    The layers may be links (registered as children, named by their position among the links) or
    any callables such as functions of :mod:`chainer.functions`. A layer's output that is a tuple
    is passed to the next layer as positional arguments.

    Args:
        layers: The initial layers.

    Raises:
        ValueError: If a layer is not callable.
    """

    def __init__(self, *layers):
        super().__init__()
        self._layers = []
        for layer in layers:
            self.append(layer)

    # -- the sequence ---------------------------------------------------------------------------

    def __len__(self):
        return len(self._layers)

    def __getitem__(self, i):
        """The layer at `i`; a slice gives a list of layers."""
        return self._layers[i]

    def __setitem__(self, i, layer):
        if not isinstance(i, int):
            raise TypeError('Sequential indices must be integers')
        if not -len(self) <= i < len(self):
            raise IndexError('Index out of range: {}'.format(i))
        _check_callable(layer)
        i %= len(self)
        del self[i]
        self.insert(i, layer)

    def __delitem__(self, i):
        removed = self._layers[i]
        del self._layers[i]
        for layer in removed if isinstance(removed, list) else (removed,):
            if isinstance(layer, link_module.Link):
                self._remove_child(layer)

    def _remove_child(self, layer):
        for j, child in enumerate(self._children):
            if child is layer:
                del self._children[j]
                layer.name = None
                self._renumber()
                return

    def __iter__(self):
        return iter(self._layers)

    def __reversed__(self):
        return reversed(self._layers)

    def __contains__(self, layer):
        return any(x is layer for x in self._layers)

    def insert(self, i, layer):
        """Inserts a layer before position `i` (``-len(self) <= i <= len(self)``).

        Raises:
            IndexError: If `i` is out of range.
            ValueError: If `layer` is not callable.
        """
        n = len(self._layers)
        if not -n <= i <= n:
            raise IndexError('Index out of range: {}'.format(i))
        if i < 0:
            i += n
        _check_callable(layer)
        self._layers.insert(i, layer)
        if isinstance(layer, link_module.Link):
            # Children keep the order of the layers: the new link goes after the links before it.
            position = sum(isinstance(x, link_module.Link) for x in self._layers[:i])
            self._children.insert(position, layer)
            self._renumber()

    def add_link(self, link):
        """Appends a link as a layer."""
        self.append(link)

    def remove(self, layer):
        """Removes the first occurrence of `layer` (ValueError if absent)."""
        for i, x in enumerate(self._layers):
            if x is layer:
                del self[i]
                return
        raise ValueError('There is no layer object that is same as {}'.format(layer))

    def remove_by_layer_type(self, type_name):
        """Removes every layer whose type name (see count_by_layer_type) is `type_name`."""
        for layer in [x for x in self._layers if _layer_type_name(x) == type_name]:
            self.remove(layer)

    def pop(self, i=-1):
        """Removes and returns the layer at `i`."""
        layer = self._layers[i]
        del self[i]
        return layer

    def clear(self):
        """Removes every layer."""
        del self[:]

    def index(self, layer, *bounds):
        """The position of the first occurrence of `layer` (``index(layer[, start[, end]])``)."""
        return self._layers.index(layer, *bounds)

    def count(self, layer):
        """The number of occurrences of `layer`."""
        return self._layers.count(layer)

    def count_by_layer_type(self, type_name):
        """The number of layers whose type name is `type_name`.

        The type name of a link is its class name (``'Linear'``), that of another callable its
        ``__name__`` (``'relu'``).
        """
        return sum(_layer_type_name(layer) == type_name for layer in self._layers)

    def __add__(self, other):
        _check_sequential(other, 'add (+)')
        ret = Sequential()
        ret.extend(self)
        ret.extend(other)
        return ret

    def __iadd__(self, other):
        _check_sequential(other, 'add (+)')
        self.extend(list(other))
        return self

    def extend(self, layers):
        """Appends every layer of `layers`."""
        for layer in list(layers):
            self.append(layer)

    def flatten(self):
        """A Sequential whose nested Sequentials are replaced by their layers, recursively."""
        ret = Sequential()
        for layer in self._layers:
            if isinstance(layer, Sequential):
                ret.extend(layer.flatten())
            else:
                ret.append(layer)
        return ret

    # -- the link -------------------------------------------------------------------------------

    def forward(self, *x):
        """Applies the layers in order (tuples are unpacked into the next layer's arguments).

        Raises:
            RuntimeError: If there is no layer.
        """
        if not self._layers:
            raise RuntimeError('Sequential does not have any layer.')
        for layer in self._layers:
            x = layer(*x) if isinstance(x, tuple) else layer(x)
        return x

    def copy(self, mode='share'):
        """A Sequential of copies of the links (:meth:`Link.copy` in `mode`) and the callables."""
        link_module._check_copy_mode(mode)
        ret = Sequential()
        for layer in self._layers:
            if isinstance(layer, link_module.Link):
                ret.append(layer.copy(mode))
            else:
                ret.append(copy.copy(layer))
        return ret

    def copyparams(self, link, copy_persistent=True):
        """Copies the parameters of the links of another Sequential, layer by layer.

        Raises:
            ValueError: If `link` is not a Sequential.
        """
        if not isinstance(link, Sequential):
            raise ValueError(
                'Objects other than Sequential object cannot be copied to a Sequential object.')
        for mine, theirs in zip(self._layers, link._layers):
            if isinstance(mine, link_module.Link):
                mine.copyparams(theirs, copy_persistent)

    def __repr__(self):
        reps = []
        for i, layer in enumerate(self._layers):
            if getattr(layer, '__name__', None) == '<lambda>':
                try:
                    rep = inspect.getsource(layer).strip()
                except (OSError, TypeError):
                    rep = repr(layer)
            else:
                rep = repr(layer)
            reps.append((i, rep))
        return '{}({})'.format(type(self).__name__, link_module._indented(reps))
