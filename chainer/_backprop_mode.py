"""`chainer.no_backprop_mode` and `chainer.force_backprop_mode`.

Note [Backprop mode on both graphs]: Variables holding NumPy arrays build the Python graph only when
`chainer.config.enable_backprop` is True; Variables holding chainerx arrays build the C++ graph, which follows
chainerx's own backprop mode and ignores the config entry. These two context managers set both, so they work in
either mode (as in the original); setting `enable_backprop` with `using_config` affects the NumPy mode only.
"""

import contextlib

import chainerx

from chainer import configuration


@contextlib.contextmanager
def no_backprop_mode():
    """Disables graph construction within a `with` block, for NumPy-backed and chainerx-backed Variables.

    Example:
        >>> with chainer.no_backprop_mode():
        ...     y = x + 1
        >>> y.creator is None
        True
    """
    with configuration.using_config('enable_backprop', False), chainerx.no_backprop_mode():
        yield


@contextlib.contextmanager
def force_backprop_mode():
    """Enables graph construction within a `with` block, even inside `no_backprop_mode`."""
    with configuration.using_config('enable_backprop', True), chainerx.force_backprop_mode():
        yield
