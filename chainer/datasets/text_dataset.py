"""TextDataset: the lines of text files as examples, read on access."""

import io
import threading

from chainer.dataset import dataset_mixin


def _per_file(option, n_files, name):
    # An option given once (a string or None) applies to every file; a sequence gives one per file.
    if option is None or isinstance(option, str):
        return [option] * n_files
    option = list(option)
    if len(option) != n_files:
        raise ValueError('length of each option must match with the number of text files to '
                         'read: {} has {} values for {} files'.format(name, len(option), n_files))
    return option


class TextDataset(dataset_mixin.DatasetMixin):
    """A dataset of the lines of a text file, or of tuples of the lines of parallel files.

    With one path, the i-th example is the i-th line (a string with its line terminator); with
    several paths of the same number of lines, it is the tuple of their i-th lines (as for parallel
    corpora). Opening scans the files once for line offsets; reading seeks to the line.

    Args:
        paths: A path or a list of paths.
        encoding: The encoding (``None``: the locale's), one for all files or one per file.
        errors: How decoding errors are handled (as in :func:`open`), for all files or per file.
        newline: The newline mode (as in :func:`open`), for all files or per file.
        filter_func: ``None``, or a function of the line(s) of an example (one argument per file)
            that returns whether to keep it.

    Raises:
        ValueError: If no path is given, an option has the wrong number of values, or the files
            have different numbers of lines.
    """

    def __init__(self, paths, encoding=None, errors=None, newline=None, filter_func=None):
        if isinstance(paths, str):
            paths = [paths]
        elif not paths:
            raise ValueError('at least one text file must be specified')
        paths = list(paths)
        self._paths = paths
        self._options = list(zip(_per_file(encoding, len(paths), 'encoding'),
                                 _per_file(errors, len(paths), 'errors'),
                                 _per_file(newline, len(paths), 'newline')))
        self._lock = threading.Lock()
        self._files = [self._open(i) for i in range(len(paths))]
        try:
            self._offsets = self._scan(filter_func)
        except BaseException:
            self.close()
            raise

    def _open(self, i):
        encoding, errors, newline = self._options[i]
        return io.open(self._paths[i], encoding=encoding, errors=errors, newline=newline)

    def _scan(self, filter_func):
        # The offsets (one per file) of every kept line.
        offsets = []
        while True:
            positions = [text_file.tell() for text_file in self._files]
            lines = [text_file.readline() for text_file in self._files]
            ended = [line == '' for line in lines]
            if all(ended):
                return offsets
            if any(ended):
                raise ValueError('the files {} have different numbers of lines'.format(
                    self._paths))
            if filter_func is None or filter_func(*lines):
                offsets.append(positions)

    def close(self):
        """Closes the files."""
        for text_file in self._files:
            text_file.close()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.close()

    def __getstate__(self):
        state = self.__dict__.copy()
        del state['_files'], state['_lock']
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._lock = threading.Lock()
        self._files = [self._open(i) for i in range(len(self._paths))]

    def __len__(self):
        return len(self._offsets)

    def get_example(self, i):
        positions = self._offsets[i]
        with self._lock:
            lines = []
            for text_file, position in zip(self._files, positions):
                text_file.seek(position)
                lines.append(text_file.readline())
        return lines[0] if len(lines) == 1 else tuple(lines)
