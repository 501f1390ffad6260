"""create_multi_node_checkpointer: per-rank snapshots that all ranks resume from together."""

import os
import re

from chainer import serializers
from chainer.training import extension
from chainer.training.extensions import snapshot_writers


def create_multi_node_checkpointer(name, comm, cp_interval=5, gc_interval=5, path=None):
    """Creates a trainer extension that saves each rank's trainer to its own file.

    Every rank writes ``<path>/<name>.<rank>.<iteration>`` (atomically) each time the extension
    is triggered, and keeps its `cp_interval` newest files, deleting older ones every `gc_interval`
    saves. :meth:`_MultiNodeCheckpointer.maybe_load` resumes every rank from the newest iteration
    that all ranks have saved, so a job killed while some ranks were writing still resumes
    consistently.

    Args:
        name: The file name prefix (a job name).
        comm: The chainermn communicator.
        cp_interval: The number of newest checkpoints each rank keeps (positive).
        gc_interval: How many saves pass between deletions of old checkpoints (positive).
        path: The directory (default: the trainer's ``out``).
    """
    if not isinstance(name, str) or not name or os.sep in name:
        raise ValueError('name must be a non-empty file name prefix, got {!r}'.format(name))
    for what, value in (('cp_interval', cp_interval), ('gc_interval', gc_interval)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError('{} must be a positive int, got {!r}'.format(what, value))
    return _MultiNodeCheckpointer(name, comm, cp_interval, gc_interval, path)


class _MultiNodeCheckpointer(extension.Extension):

    trigger = 1, 'epoch'
    priority = extension.PRIORITY_SNAPSHOT

    def __init__(self, name, comm, cp_interval, gc_interval, path):
        self.name = name
        self.comm = comm
        self.cp_interval = cp_interval
        self.gc_interval = gc_interval
        self.path = path
        self._saves = 0
        self._pattern = re.compile(r'{}\.{}\.(\d+)\Z'.format(re.escape(name), comm.rank))
        self._writer = snapshot_writers.SimpleWriter()

    def _directory(self, trainer):
        return self.path if self.path is not None else trainer.out

    def _filename(self, iteration):
        return '{}.{}.{}'.format(self.name, self.comm.rank, iteration)

    def __call__(self, trainer):
        directory = self._directory(trainer)
        self._writer(self._filename(trainer.updater.iteration), directory, trainer)
        self._saves += 1
        if self._saves % self.gc_interval == 0:
            for iteration in self._iterations(directory)[:-self.cp_interval]:
                os.remove(os.path.join(directory, self._filename(iteration)))

    def _iterations(self, directory):
        """The iterations this rank has checkpoints of in `directory`, ascending."""
        if not os.path.isdir(directory):
            return []
        found = (self._pattern.match(entry) for entry in os.listdir(directory))
        return sorted(int(match.group(1)) for match in found if match is not None)

    def maybe_load(self, trainer, optimizer=None, path=None):
        """Loads the newest checkpoint that every rank has, if any (a collective call).

        Args:
            trainer: The trainer to restore (its updater, optimizers, iterators, extensions).
            optimizer: The multi-node optimizer of the trainer, if any: it is told that the
                restored parameters are already the same on every rank, so its next update
                updates instead of broadcasting rank 0's parameters.
            path: The directory, if not the one given at creation or the trainer's ``out``.

        Returns:
            The iteration resumed from, or None if there was no common checkpoint.
        """
        if path is not None:
            self.path = path
        directory = self._directory(trainer)
        mine = set(self._iterations(directory))
        common = set.intersection(*(set(its) for its in self.comm.allgather_obj(sorted(mine))))
        if not common:
            return None
        latest = max(common)
        serializers.load_npz(os.path.join(directory, self._filename(latest)), trainer)
        if optimizer is not None and hasattr(optimizer, '_is_changed'):
            optimizer._is_changed(optimizer.target)
        return latest
