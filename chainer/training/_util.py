"""Helpers shared by the trainer, its triggers and its extensions."""

import math
import numbers
import os
import tempfile


def call_with_batch(fn, in_arrays):
    """`fn` called with a converted batch: positionally for a tuple, by keyword for a dict, else
    with the batch as its one argument (how updaters and evaluators pass batches to models)."""
    if isinstance(in_arrays, tuple):
        return fn(*in_arrays)
    if isinstance(in_arrays, dict):
        return fn(**in_arrays)
    return fn(in_arrays)


def is_saving(serializer):
    """Whether `serializer` writes (a `chainer.serializer.Serializer`) rather than reads."""
    from chainer import serializer as serializer_module
    return isinstance(serializer, serializer_module.Serializer)


def atomic_write(path, write):
    """Writes a file through `write(temp_path)`, then moves it to `path` in one step.

    The temporary file lies in the directory of `path` (so the final `os.replace` is an atomic rename on
    the same file system); if `write` raises, the temporary file is removed and an existing file at `path`
    stays as it was.

    Args:
        path (str): Final path of the file.
        write: Callable that writes the whole file to the path it is given.
    """
    directory, name = os.path.split(os.path.abspath(path))
    fd, temp_path = tempfile.mkstemp(prefix='tmp' + name, dir=directory)
    os.close(fd)
    try:
        write(temp_path)
        os.replace(temp_path, path)
    except BaseException:
        if os.path.exists(temp_path):
            os.remove(temp_path)
        raise


def named_dict(value, expected, what, owner):
    """`value` as a dict by name (a single object becomes ``{'main': value}``), each checked to be an
    instance of `expected`.

    Raises:
        TypeError: An entry is not an instance of `expected`; the message names `owner`, `what` and the
            entry, so that a wrong argument is reported where it was given rather than deep in a step.
    """
    named = dict(value) if isinstance(value, dict) else {'main': value}
    for name, entry in named.items():
        if not isinstance(entry, expected):
            raise TypeError('{}: the {} {!r} must be a {}, not {}'.format(
                owner, what, name, expected.__name__, type(entry).__name__))
    return named


def check_positive(owner, name, value, integer=False):
    """Raises TypeError unless `value` is a real number (an integer if `integer`; bools and arrays are
    refused), and ValueError unless it is finite and positive."""
    kind = numbers.Integral if integer else numbers.Real
    if isinstance(value, bool) or not isinstance(value, kind):
        raise TypeError('{}: {} must be {}, not {}'.format(
            owner, name, 'an integer' if integer else 'a real number', type(value).__name__))
    if not (math.isfinite(value) and value > 0):
        raise ValueError('{}: {} must be positive and finite, got {}'.format(owner, name, value))
