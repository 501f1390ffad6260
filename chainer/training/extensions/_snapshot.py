"""snapshot / snapshot_object: extensions that save (and on restart reload) the training state."""

import numbers
import os
import re
import string

from chainer.training import extension
from chainer.training.extensions import snapshot_writers
from chainer.utils import argument

_SNAPSHOT_KWARGS = (('target', None), ('condition', None), ('writer', None),
                    ('snapshot_on_error', False), ('n_retains', -1), ('autoload', False))


def _always_true():
    return True


def _filename_pattern(fmt):
    # Every replacement field of the format ('{.updater.iteration}') matches any text; the literal text
    # around the fields must match exactly. Temporary files of an unfinished save have another prefix.
    parts = []
    for literal, field, _, _ in string.Formatter().parse(fmt):
        parts.append(re.escape(literal))
        if field is not None:
            parts.append('(.*?)')
    return re.compile(''.join(parts) + r'\Z')


def _find_snapshot_files(fmt, path):
    """The names of the files in `path` that `fmt` could have produced, oldest first.

    Files are ordered by modification time, then by the integers in their replacement fields (so that
    snapshots written within the timestamp resolution still sort by iteration).
    """
    if not os.path.isdir(path):
        return []
    pattern = _filename_pattern(fmt)
    found = []
    for name in os.listdir(path):
        match = pattern.match(name)
        if match is None or not os.path.isfile(os.path.join(path, name)):
            continue
        numbers = tuple(int(g) if g.isdigit() else -1 for g in match.groups())
        found.append((os.stat(os.path.join(path, name)).st_mtime_ns, numbers, name))
    return [name for _, _, name in sorted(found)]


class _Snapshot(extension.Extension):
    """The extension returned by `snapshot` and `snapshot_object`."""

    trigger = 1, 'epoch'
    priority = extension.PRIORITY_SNAPSHOT

    def __init__(self, target=None, condition=None, writer=None,
                 filename='snapshot_iter_{.updater.iteration}', snapshot_on_error=False, n_retains=-1,
                 autoload=False):
        if not (isinstance(filename, str) or callable(filename)):
            raise TypeError('snapshot: filename must be a format string or a callable, not {}'.format(
                type(filename).__name__))
        if writer is not None and not callable(writer):
            raise TypeError('snapshot: writer must be callable, not {}'.format(type(writer).__name__))
        if isinstance(n_retains, bool) or not isinstance(n_retains, numbers.Integral):
            raise TypeError('snapshot: n_retains must be an integer, not {}'.format(
                type(n_retains).__name__))
        if autoload and callable(filename):
            raise ValueError('autoload needs a format string as filename to find the snapshots, not a '
                             'callable')
        self._target = target
        self.filename = filename
        self.condition = _always_true if condition is None else condition
        self.writer = snapshot_writers.SimpleWriter() if writer is None else writer
        self._snapshot_on_error = snapshot_on_error
        self.n_retains = n_retains
        self.autoload = autoload
        if n_retains > 0 and not callable(filename):
            self.writer._add_cleanup_hook(self._remove_stale_snapshots)
        self._outdir = None

    def initialize(self, trainer):
        """Loads the latest snapshot of ``trainer.out`` into the target when `autoload` is set.

        Returns:
            str or None: The path of the loaded snapshot.

        Raises:
            RuntimeError: If the latest snapshot cannot be loaded (truncated or corrupted); the message
                names the file.
        """
        self._outdir = trainer.out
        if not self.autoload:
            return None
        names = _find_snapshot_files(self.filename, trainer.out)
        if not names:
            return None
        path = os.path.join(trainer.out, names[-1])
        target = trainer if self._target is None else self._target
        from chainer import serializers
        try:
            serializers.load_npz(path, target)
        except Exception as e:
            raise RuntimeError(
                'Cannot load the snapshot {!r}, the latest one in {!r} ({}: {}). Remove or replace the '
                'file to resume from an older snapshot.'.format(path, trainer.out, type(e).__name__, e)) from e
        return path

    def __call__(self, trainer):
        """Saves the target if the condition holds."""
        if self.condition():
            self._make_snapshot(trainer)

    def on_error(self, trainer, exc, tb):
        """Saves the target when the training loop failed, if `snapshot_on_error` is set."""
        if self._snapshot_on_error:
            self._make_snapshot(trainer)

    def finalize(self):
        """Waits for the writer's pending save."""
        if hasattr(self.writer, 'finalize'):
            self.writer.finalize()

    def _make_snapshot(self, trainer):
        target = trainer if self._target is None else self._target
        filename = self.filename(trainer) if callable(self.filename) else self.filename.format(trainer)
        self._outdir = trainer.out
        self.writer(filename, trainer.out, target)

    def _remove_stale_snapshots(self):
        names = _find_snapshot_files(self.filename, self._outdir)
        for name in names[:max(len(names) - self.n_retains, 0)]:
            os.remove(os.path.join(self._outdir, name))


def _make_snapshot_extension(target, savefun, filename, kwargs):
    default_target, condition, writer, snapshot_on_error, n_retains, autoload = argument.parse_kwargs(
        kwargs, *_SNAPSHOT_KWARGS)
    if savefun is not None and writer is not None:
        raise TypeError('savefun and writer arguments cannot be specified together.')
    if writer is None:
        writer = snapshot_writers.SimpleWriter(savefun=savefun)
    return _Snapshot(target=default_target if target is None else target, condition=condition,
                     writer=writer, filename=filename, snapshot_on_error=snapshot_on_error,
                     n_retains=n_retains, autoload=autoload)


def snapshot(savefun=None, filename='snapshot_iter_{.updater.iteration}', **kwargs):
    """Returns an extension that saves the trainer (or `target`) to ``trainer.out``.

    The file name is ``filename.format(trainer)`` (or ``filename(trainer)`` for a callable). By default
    the whole trainer is saved with `chainer.serializers.save_npz` once per epoch, after every other
    extension of the iteration; a save goes through a temporary file so the previous snapshot survives a
    failed save. With ``autoload=True`` a restarted training resumes from the latest snapshot::

        trainer.extend(extensions.snapshot(n_retains=2, autoload=True), trigger=(1, 'epoch'))

    Args:
        savefun: ``savefun(path, target)``; `chainer.serializers.save_npz` if None. Excludes `writer`.
        filename (str or callable): Format of the file name.
        target: Object to save instead of the trainer.
        condition: Callable without arguments; a snapshot is taken only when it returns True.
        writer: A `snapshot_writers.Writer` (a `SimpleWriter` with `savefun` if None).
        snapshot_on_error (bool): Also save when the training loop raises.
        n_retains (int): Number of newest snapshots kept (all if not positive); older matching files
            are deleted after each save.
        autoload (bool): At the start of training, load the newest snapshot matching `filename` (by
            modification time, then iteration) from ``trainer.out``; it must be an NPZ snapshot.

    Raises:
        TypeError: If both `savefun` and `writer` are given.
    """
    return _make_snapshot_extension(None, savefun, filename, kwargs)


def snapshot_object(target, filename, savefun=None, **kwargs):
    """Returns an extension that saves `target` (e.g. a model) to ``trainer.out``.

    The same as ``snapshot(savefun, filename, target=target, ...)``; see `snapshot`.

    Args:
        target: Object with a ``serialize`` method to save.
        filename (str or callable): Format of the file name, formatted with the trainer.
        savefun: ``savefun(path, target)``; `chainer.serializers.save_npz` if None.
    """
    return _make_snapshot_extension(target, savefun, filename, kwargs)
