"""PickleDataset: a dataset stored as a sequence of pickled examples in one file, read at random."""

import os
import pickle
import threading

from chainer.dataset import dataset_mixin


class PickleDatasetWriter:
    """Writes examples one after the other into a file that :class:`PickleDataset` reads.

        >>> with chainer.datasets.open_pickle_dataset_writer(path) as writer:
        ...     for example in examples:
        ...         writer.write(example)

    Args:
        writer: A file object opened for binary writing.
        protocol: The pickle protocol.
    """

    def __init__(self, writer, protocol=pickle.HIGHEST_PROTOCOL):
        self._writer = writer
        self._protocol = protocol

    def close(self):
        """Closes the file."""
        self._writer.close()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.close()

    def write(self, x):
        """Appends one example (any picklable object)."""
        pickle.dump(x, self._writer, protocol=self._protocol)

    def flush(self):
        """Flushes the file."""
        self._writer.flush()


class PickleDataset(dataset_mixin.DatasetMixin):
    """A dataset of the pickled examples in a file written by :class:`PickleDatasetWriter`.

    Opening scans the file once to record where each example starts; ``dataset[i]`` then seeks
    and unpickles only that example. Reading is thread-safe. A dataset opened by
    :func:`open_pickle_dataset` reopens its file after a fork, so that worker processes (e.g. of
    :class:`~chainer.iterators.MultiprocessIterator`) do not share a file position. Only open
    files you trust: unpickling can run arbitrary code.

    Args:
        reader: A seekable file object opened for binary reading.

    Raises:
        ValueError: If `reader` is not seekable.
    """

    def __init__(self, reader):
        if not reader.seekable():
            raise ValueError('reader must support random access')
        self._reader = reader
        self._path = None
        self._pid = os.getpid()
        self._lock = threading.RLock()
        self._positions = []
        reader.seek(0)
        while True:
            position = reader.tell()
            try:
                pickle.load(reader)
            except EOFError:
                break
            self._positions.append(position)

    def close(self):
        """Closes the file."""
        self._reader.close()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.close()

    def __len__(self):
        return len(self._positions)

    def get_example(self, index):
        if self._path is not None and os.getpid() != self._pid:
            # A forked child: the lock may have been held at the fork, and the file position is
            # shared with the parent; start afresh.
            self._lock = threading.RLock()
            self._reader = open(self._path, 'rb')
            self._pid = os.getpid()
        with self._lock:
            self._reader.seek(self._positions[index])
            return pickle.load(self._reader)


def open_pickle_dataset(path: str) -> 'PickleDataset':
    """Opens the file at `path` as a :class:`PickleDataset` (fork-safe; see there)."""
    dataset = PickleDataset(open(path, 'rb'))
    dataset._path = path
    return dataset


def open_pickle_dataset_writer(path: str, protocol: int = pickle.HIGHEST_PROTOCOL
                               ) -> 'PickleDatasetWriter':
    """Opens `path` for writing as a :class:`PickleDatasetWriter`."""
    return PickleDatasetWriter(open(path, 'wb'), protocol=protocol)
