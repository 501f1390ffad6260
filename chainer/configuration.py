"""Chainer's configuration: `chainer.global_config`, the thread-local `chainer.config`, `using_config`.

Reading `chainer.config.key` looks at the current thread's value first and falls back to the global one, so a
`using_config` block changes the behaviour of its own thread only.
"""

import contextlib
import sys
import threading


class GlobalConfig:
    """The process-wide configuration: the defaults every thread sees unless it overrides them."""

    def __init__(self, name):
        self.__dict__['_name'] = name

    def show(self, file=sys.stdout):
        """Prints every entry, one `key  value` line each, sorted by key."""
        _print_entries(self.__dict__, file)

    def __repr__(self):
        return '<GlobalConfig {}>'.format(self._name)


class LocalConfig:
    """The configuration seen by the current thread: its own entries over those of `global_config`."""

    def __init__(self, global_config):
        super().__setattr__('_global', global_config)
        super().__setattr__('_local', threading.local())

    def __getattr__(self, name):
        # Dictionary look-ups rather than getattr with AttributeError caught twice: a config read is on the
        # per-call path of every function node.
        local = self._local.__dict__
        if name in local:
            return local[name]
        try:
            return self._global.__dict__[name]
        except KeyError:
            raise AttributeError('chainer.config has no entry {!r}'.format(name)) from None

    def __setattr__(self, name, value):
        setattr(self._local, name, value)

    def __delattr__(self, name):
        delattr(self._local, name)

    @property
    def __dict__(self):
        # The thread-local entries; tests snapshot and restore them (see tests/chainer_tests/conftest.py).
        return self._local.__dict__

    def show(self, file=sys.stdout):
        """Prints every entry as this thread sees it, one `key  value` line each, sorted by key."""
        entries = {k: v for k, v in self._global.__dict__.items() if not k.startswith('_')}
        entries.update(self._local.__dict__)
        _print_entries(entries, file)


def _print_entries(entries, file):
    keys = sorted(k for k in entries if not k.startswith('_'))
    width = max((len(k) for k in keys), default=0)
    for key in keys:
        file.write('{}  {}\n'.format(key.ljust(width), entries[key]))


@contextlib.contextmanager
def using_config(name, value, config=None):
    """Sets a configuration entry within a `with` block and restores the previous state after it.

    Args:
        name (str): Name of the entry.
        value: Its value inside the block.
        config: The configuration object to change (default: `chainer.config`, thread-local).

    Example:
        >>> with chainer.using_config('train', False):
        ...     y = model(x)
    """
    if config is None:
        config = globals()['config']
    local = config.__dict__ if isinstance(config, LocalConfig) else None
    had_local = name in local if local is not None else hasattr(config, name)
    old = getattr(config, name, None)
    setattr(config, name, value)
    try:
        yield
    finally:
        if had_local:
            setattr(config, name, old)
        else:
            delattr(config, name)


global_config = GlobalConfig('chainer.global_config')
config = LocalConfig(global_config)
