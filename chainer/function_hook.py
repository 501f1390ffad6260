"""`chainer.FunctionHook`: callbacks around the forward and backward of Python-graph function nodes.

Hooks registered globally (`with hook:`) apply to every function node of the current thread; `node.add_hook`
registers one for a single node. Functions that run natively on chainerx (Note [Native paths] in
chainer/function_node.py, path 1) have no Python node and call no hook, as in the original.
"""

import collections
import threading

_thread_local = threading.local()


def get_global_hooks():
    """The ordered dict of the hooks registered globally in the current thread."""
    hooks = getattr(_thread_local, 'function_hooks', None)
    if hooks is None:
        hooks = collections.OrderedDict()
        _thread_local.function_hooks = hooks
    return hooks


class FunctionHook:
    """Base class of function hooks; override the callbacks you need.

    Example:
        >>> class Counter(chainer.FunctionHook):
        ...     name = 'Counter'
        ...     def __init__(self):
        ...         self.n = 0
        ...     def forward_postprocess(self, function, in_data):
        ...         self.n += 1
        >>> with Counter() as counter:
        ...     y = chainer.functions.sigmoid(x)
    """

    name = 'FunctionHook'

    def __enter__(self):
        hooks = get_global_hooks()
        if self.name in hooks:
            raise KeyError('hook {} already exists'.format(self.name))
        hooks[self.name] = self
        self.added(None)
        return self

    def __exit__(self, *_):
        get_global_hooks().pop(self.name, None)
        self.deleted(None)

    def added(self, function):
        """Called when the hook is registered (function is None for a global registration)."""

    def deleted(self, function):
        """Called when the hook is unregistered (function is None for a global registration)."""

    def forward_preprocess(self, function, in_data):
        """Called before a function's forward with its input arrays."""

    def forward_postprocess(self, function, in_data):
        """Called after a function's forward with its input arrays."""

    def backward_preprocess(self, function, in_data, out_grad):
        """Called before a function's backward with its input arrays and output gradient arrays."""

    def backward_postprocess(self, function, in_data, out_grad):
        """Called after a function's backward with its input arrays and output gradient arrays."""
