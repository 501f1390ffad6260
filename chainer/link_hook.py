"""`chainer.LinkHook`: callbacks around the forward of links.

A hook registered globally (`with hook:`) applies to every link called in the current thread;
`link.add_hook(hook)` registers one for a single link. A link without hooks calls its `forward`
directly (see Note [Link call fast path] in chainer/link.py).
"""

import collections
import threading

_thread_local = threading.local()

# How many global registrations are active in all threads together. Link.__call__ reads this
# integer instead of the thread-local dict while it is zero.
_n_global_hooks = 0


def get_global_link_hooks():
    """The ordered dict of the link hooks registered globally in the current thread."""
    hooks = getattr(_thread_local, 'link_hooks', None)
    if hooks is None:
        hooks = collections.OrderedDict()
        _thread_local.link_hooks = hooks
    return hooks


class _ForwardPreprocessCallbackArgs:
    """What :meth:`LinkHook.forward_preprocess` receives.

    Attributes:
        link (~chainer.Link): The link being called.
        forward_name (str): The name of the method called (``'forward'``).
        args (tuple): The positional arguments of the call.
        kwargs (dict): The keyword arguments of the call.
    """

    def __init__(self, link, forward_name, args, kwargs):
        self.link = link
        self.forward_name = forward_name
        self.args = args
        self.kwargs = kwargs

    def __repr__(self):
        return '<{} link={} forward_name={} args={} kwargs={}>'.format(
            type(self).__name__, self.link, self.forward_name, self.args, self.kwargs)


class _ForwardPostprocessCallbackArgs(_ForwardPreprocessCallbackArgs):
    """What :meth:`LinkHook.forward_postprocess` receives: the call's arguments and its `out`."""

    def __init__(self, link, forward_name, args, kwargs, out):
        super().__init__(link, forward_name, args, kwargs)
        self.out = out


class LinkHook:
    """Base class of link hooks; override the callbacks you need.

    Example:
        >>> class Counter(chainer.LinkHook):
        ...     name = 'Counter'
        ...     def __init__(self):
        ...         self.n = 0
        ...     def forward_postprocess(self, args):
        ...         self.n += 1
        >>> with Counter() as counter:
        ...     y = model(x)
    """

    name = 'LinkHook'

    def __enter__(self):
        global _n_global_hooks
        hooks = get_global_link_hooks()
        if self.name in hooks:
            raise KeyError('hook {} already exists'.format(self.name))
        hooks[self.name] = self
        _n_global_hooks += 1
        self.added(None)
        return self

    def __exit__(self, *_):
        global _n_global_hooks
        if get_global_link_hooks().pop(self.name, None) is not None:
            _n_global_hooks -= 1
        self.deleted(None)

    def added(self, link):
        """Called when the hook is registered (`link` is None for a global registration)."""

    def deleted(self, link):
        """Called when the hook is unregistered (`link` is None for a global registration)."""

    def forward_preprocess(self, args):
        """Called before a link's forward with a `_ForwardPreprocessCallbackArgs`."""

    def forward_postprocess(self, args):
        """Called after a link's forward with a `_ForwardPostprocessCallbackArgs` (`args.out`)."""
