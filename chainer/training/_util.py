"""Helpers shared by the trainer, its triggers and its extensions."""

import os
import tempfile


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
