"""`chainer.Chain` and `chainer.ChainList`: links that own child links (by name, by position).

They are defined here to keep chainer/link.py (the Link base) small; chainer.link re-exports both, so
`chainer.link.Chain` and `chainer.Chain` are these classes, as in the original.
"""

import collections.abc

from chainer.link import Link, _indented


class Chain(Link):
    """A link with named child links, registered by assigning them inside ``init_scope``.

    Args:
        links: Legacy: child links registered by name with :meth:`add_link`.
    """

    def __init__(self, **links):
        super().__init__()
        self._children = set()
        for name, link in links.items():
            self.add_link(name, link)

    def __getitem__(self, name):
        """The attribute `name` (usually a child link)."""
        return getattr(self, name)

    def __setattr__(self, name, value):
        if self._within_init_scope and isinstance(value, Link):
            if hasattr(self, name):
                raise AttributeError(
                    'cannot register a new link {}: attribute exists'.format(name))
            value.name = name
            self._children.add(name)
        super().__setattr__(name, value)

    def __delattr__(self, name):
        self._children.discard(name)
        super().__delattr__(name)

    def add_link(self, name, link):
        """Registers a child link (prefer assigning it inside ``init_scope``).

        Raises:
            AttributeError: If the chain already has an attribute `name`.
            TypeError: If `link` is not a Link.
        """
        if name in self.__dict__:
            raise AttributeError('cannot register a new link {}: attribute exists'.format(name))
        if not isinstance(link, Link):
            raise TypeError('cannot register a non-link object as a child')
        with self.init_scope():
            setattr(self, name, link)

    def _named_children(self):
        d = self.__dict__
        return [(name, d[name]) for name in sorted(self._children)]

    def params(self, include_uninit=True):
        yield from super().params(include_uninit)
        for _, child in self._named_children():
            yield from child.params(include_uninit)

    def namedparams(self, include_uninit=True):
        yield from super().namedparams(include_uninit)
        for name, child in self._named_children():
            prefix = '/' + name
            for path, param in child.namedparams(include_uninit):
                yield prefix + path, param

    def links(self, skipself=False):
        if not skipself:
            yield self
        for _, child in self._named_children():
            yield from child.links()

    def namedlinks(self, skipself=False):
        if not skipself:
            yield '/', self
        for name, child in self._named_children():
            prefix = '/' + name
            yield prefix, child
            for path, link in child.namedlinks(skipself=True):
                yield prefix + path, link

    def children(self):
        for _, child in self._named_children():
            yield child

    def device_resident_accept(self, visitor):
        super().device_resident_accept(visitor)
        for _, child in self._named_children():
            child.device_resident_accept(visitor)

    def _copy_children(self, ret, mode):
        ret._children = set(self._children)
        d = ret.__dict__
        for name in ret._children:
            child = d[name].copy(mode)
            child.name = name
            d[name] = child

    def copyparams(self, link, copy_persistent=True):
        super().copyparams(link, copy_persistent)
        src = link.__dict__
        for name, child in self._named_children():
            child.copyparams(src[name], copy_persistent)

    def addgrads(self, link):
        super().addgrads(link)
        src = link.__dict__
        for name, child in self._named_children():
            child.addgrads(src[name])

    def serialize(self, serializer):
        super().serialize(serializer)
        for name, child in self._named_children():
            child.serialize(serializer[name])

    def __repr__(self):
        return '{}({})'.format(
            type(self).__name__, _indented((n, repr(c)) for n, c in self._named_children()))


class ChainList(Link, collections.abc.MutableSequence):
    """A link with a list of child links, named by their positions ``'0'``, ``'1'``, ...

    Args:
        links: The initial children.
    """

    def __init__(self, *links):
        super().__init__()
        self._children = []
        for link in links:
            self.add_link(link)

    def __setattr__(self, name, value):
        if self._within_init_scope and isinstance(value, Link):
            raise TypeError(
                'cannot register a new link within a "with chainlist.init_scope():" block.')
        super().__setattr__(name, value)

    def _renumber(self, start=0):
        for i in range(start, len(self._children)):
            self._children[i].name = str(i)

    @staticmethod
    def _check_link(link):
        if not isinstance(link, Link):
            raise TypeError('ChainList can hold only links, not {}'.format(type(link).__name__))

    def __getitem__(self, index):
        """The child at `index` (a list for a slice)."""
        return self._children[index]

    def __setitem__(self, index, value):
        if not isinstance(index, int):
            raise TypeError('ChainList indices must be integers')
        self._check_link(value)
        old = self._children[index]
        old.name = None
        self._children[index] = value
        self._renumber()

    def __delitem__(self, index):
        removed = self._children[index]
        del self._children[index]
        for link in removed if isinstance(removed, list) else (removed,):
            link.name = None
        self._renumber()

    def __len__(self):
        return len(self._children)

    def __iter__(self):
        return iter(self._children)

    def insert(self, index, link):
        """Inserts a child link before `index`."""
        self._check_link(link)
        self._children.insert(index, link)
        self._renumber()

    def add_link(self, link):
        """Appends a child link."""
        self.append(link)

    def params(self, include_uninit=True):
        yield from super().params(include_uninit)
        for child in self._children:
            yield from child.params(include_uninit)

    def namedparams(self, include_uninit=True):
        yield from super().namedparams(include_uninit)
        for i, child in enumerate(self._children):
            prefix = '/{}'.format(i)
            for path, param in child.namedparams(include_uninit):
                yield prefix + path, param

    def links(self, skipself=False):
        if not skipself:
            yield self
        for child in self._children:
            yield from child.links()

    def namedlinks(self, skipself=False):
        if not skipself:
            yield '/', self
        for i, child in enumerate(self._children):
            prefix = '/{}'.format(i)
            yield prefix, child
            for path, link in child.namedlinks(skipself=True):
                yield prefix + path, link

    def children(self):
        yield from self._children

    def device_resident_accept(self, visitor):
        super().device_resident_accept(visitor)
        for child in self._children:
            child.device_resident_accept(visitor)

    def _copy_children(self, ret, mode):
        ret._children = [child.copy(mode) for child in self._children]
        ret._renumber()

    def copyparams(self, link, copy_persistent=True):
        super().copyparams(link, copy_persistent)
        for child, src in zip(self._children, link._children):
            child.copyparams(src, copy_persistent)

    def addgrads(self, link):
        super().addgrads(link)
        for child, src in zip(self._children, link._children):
            child.addgrads(src)

    def serialize(self, serializer):
        super().serialize(serializer)
        for i, child in enumerate(self._children):
            child.serialize(serializer[str(i)])

    def __repr__(self):
        return '{}({})'.format(
            type(self).__name__, _indented((i, repr(c)) for i, c in enumerate(self._children)))
