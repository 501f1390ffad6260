"""Snapshot writers: how (and in which thread or process) the snapshot extension writes its files.

Every writer saves through a temporary file in the output directory that is renamed over the final name
only once it is complete (see `chainer.training._util.atomic_write`), so an interrupted or failing save
never destroys the previous snapshot of the same name, and autoload never picks a half-written file.
"""

import multiprocessing
import os
import threading

import numpy

from chainer.training import _util


def _default_savefun():
    from chainer import serializers
    return serializers.save_npz


class Writer:
    """Base class of snapshot writers.

    A writer is called as ``writer(filename, outdir, target)`` and saves `target` to
    ``outdir/filename``. Hooks added with `_add_cleanup_hook` run after each successful save (the
    snapshot extension deletes old snapshots there).
    """

    def __init__(self):
        self._post_save_hooks = []

    def __call__(self, filename, outdir, target):
        """Saves `target` to ``outdir/filename``."""
        raise NotImplementedError

    def initialize(self, outdir):
        """Creates the output directory."""
        os.makedirs(outdir, exist_ok=True)

    def finalize(self):
        """Waits for pending saves and releases resources (nothing for a synchronous writer)."""
        pass

    def save(self, filename, outdir, target, savefun, **kwds):
        """Saves `target` with ``savefun(path, target, **kwds)`` atomically, then runs the hooks."""
        os.makedirs(outdir, exist_ok=True)
        _util.atomic_write(os.path.join(outdir, filename), lambda path: savefun(path, target, **kwds))
        for hook in self._post_save_hooks:
            hook()

    def _add_cleanup_hook(self, hook):
        self._post_save_hooks.append(hook)


class SimpleWriter(Writer):
    """Writer that saves in the calling thread, before the training continues.

    Args:
        savefun: Function ``savefun(path, target, **kwds)``; `chainer.serializers.save_npz` if None.
        kwds: Keyword arguments passed to `savefun`.
    """

    def __init__(self, savefun=None, **kwds):
        super().__init__()
        self._savefun = savefun
        self._kwds = kwds

    def __call__(self, filename, outdir, target):
        """Saves `target` to ``outdir/filename`` now."""
        savefun = self._savefun or _default_savefun()
        self.save(filename, outdir, target, savefun, **self._kwds)


class _SerializedTarget:
    # Note [Asynchronous snapshots]
    # A writer that saves in another thread or process must not read the live model: training goes on
    # and changes the parameters in place while the file is written, which would mix two iterations in
    # one snapshot. So the state is copied when the snapshot is requested (a DictionarySerializer pass
    # with every array copied to host memory), and the worker saves this frozen copy; serializing it
    # replays the same keys and values, so any savefun that calls `target.serialize` writes what the
    # target itself would have written.

    def __init__(self, target):
        from chainer import serializers
        dict_serializer = serializers.DictionarySerializer()
        target.serialize(dict_serializer)
        self._values = {key: numpy.array(value, copy=True)
                        for key, value in dict_serializer.target.items()}

    def serialize(self, serializer):
        for key, value in self._values.items():
            *path, name = key.split('/')
            child = serializer
            for component in path:
                child = child[component]
            child(name, value)


class StandardWriter(Writer):
    """Writer that saves in a worker (a thread or a process) while the training continues.

    Only one save runs at a time: a new snapshot waits for the previous one. An exception raised by a
    save is raised again in the training loop, at the next snapshot or at `finalize`. The target is
    copied when the snapshot is requested (see Note [Asynchronous snapshots]).

    Args:
        savefun: Function ``savefun(path, target, **kwds)``; `chainer.serializers.save_npz` if None.
        kwds: Keyword arguments passed to `savefun`.
    """

    def __init__(self, savefun=None, **kwds):
        super().__init__()
        self._savefun = savefun
        self._kwds = kwds
        self._worker = None
        self._error = None

    def __call__(self, filename, outdir, target):
        """Waits for the previous save, then starts saving a copy of `target` in a worker."""
        self._join()
        savefun = self._savefun or _default_savefun()
        self._worker = self.create_worker(filename, outdir, _SerializedTarget(target), savefun,
                                          **self._kwds)
        self._worker.start()

    def create_worker(self, filename, outdir, target, savefun, **kwds):
        """Returns an unstarted worker (with ``start`` and ``join``) that saves `target`."""
        raise NotImplementedError

    def _run_save(self, filename, outdir, target, savefun, **kwds):
        try:
            self.save(filename, outdir, target, savefun, **kwds)
        except Exception as e:  # handed to the training loop by _join
            self._error = e

    def _join(self):
        worker, self._worker = self._worker, None
        if worker is None:
            return
        worker.join()
        error = self._worker_error(worker)
        self._error = None
        if error is not None:
            raise error

    def _worker_error(self, worker):
        return self._error

    def finalize(self):
        """Waits for the pending save; raises its exception, if any."""
        self._join()


class ThreadWriter(StandardWriter):
    """`StandardWriter` whose worker is a thread."""

    def create_worker(self, filename, outdir, target, savefun, **kwds):
        """A thread that saves `target`."""
        return threading.Thread(
            target=self._run_save, args=(filename, outdir, target, savefun), kwargs=kwds)


class ProcessWriter(StandardWriter):
    """`StandardWriter` whose worker is a process (the save does not hold this process's GIL).

    The worker reports failure by its exit code only; the exception is shown on the worker's stderr.
    """

    def create_worker(self, filename, outdir, target, savefun, **kwds):
        """A process that saves `target`."""
        return multiprocessing.Process(
            target=self.save, args=(filename, outdir, target, savefun), kwargs=kwds)

    def _worker_error(self, worker):
        if worker.exitcode:
            return RuntimeError('The snapshot process failed with exit code {}'.format(worker.exitcode))
        return None
