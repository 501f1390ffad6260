"""Datasets of images read with Pillow on access: from image files (ImageDataset,
LabeledImageDataset) or from zip archives of them (ZippedImageDataset and its variants)."""

import bisect
import io
import os
import threading
import zipfile

import numpy

import chainer
from chainer.dataset import dataset_mixin

try:
    from PIL import Image
    _pil_import_error = None
except ImportError as error:
    Image = None
    _pil_import_error = error


def _check_pillow_availability():
    if _pil_import_error is not None:
        raise ImportError(
            'PIL cannot be loaded. Install Pillow!\nThe actual import error is as follows:\n'
            + str(_pil_import_error))


def _read_image_as_chw(path, dtype):
    # The image (a path or a binary file) as a (channels, height, width) array; greyscale images
    # get one channel.
    _check_pillow_availability()
    with Image.open(path) as image:
        array = numpy.asarray(image, dtype=dtype)
    if array.ndim == 2:
        array = array[:, :, numpy.newaxis]
    return array.transpose(2, 0, 1)


def _read_lines(path):
    with open(path) as lines_file:
        return [line.strip() for line in lines_file]


class ImageDataset(dataset_mixin.DatasetMixin):
    """A dataset of images read from files, as ``(channels, height, width)`` arrays.

    Args:
        paths: A list of image paths, or the path of a text file listing one path per line.
        root: The directory that relative image paths are relative to.
        dtype: The dtype of the arrays (``None``: ``chainer.config.dtype``).

    Raises:
        ImportError: If Pillow is not installed.
    """

    def __init__(self, paths, root='.', dtype=None):
        _check_pillow_availability()
        if isinstance(paths, str):
            paths = _read_lines(paths)
        self._paths = paths
        self._root = root
        self._dtype = chainer.get_dtype(dtype)

    def __len__(self):
        return len(self._paths)

    def get_example(self, i):
        return _read_image_as_chw(os.path.join(self._root, self._paths[i]), self._dtype)


class LabeledImageDataset(dataset_mixin.DatasetMixin):
    """A dataset of ``(image, label)`` pairs: images read from files, integer labels.

    Args:
        pairs: A list of ``(path, label)`` pairs, or the path of a text file whose lines are
            ``path label`` (separated by whitespace).
        root: The directory that relative image paths are relative to.
        dtype: The dtype of the images (``None``: ``chainer.config.dtype``).
        label_dtype: The dtype of the labels (0-d arrays).

    Raises:
        ImportError: If Pillow is not installed.
        ValueError: If a line of the pairs file is not ``path label``.
    """

    def __init__(self, pairs, root='.', dtype=None, label_dtype=numpy.int32):
        _check_pillow_availability()
        if isinstance(pairs, str):
            pairs = _read_pairs(pairs)
        self._pairs = pairs
        self._root = root
        self._dtype = chainer.get_dtype(dtype)
        self._label_dtype = label_dtype

    def __len__(self):
        return len(self._pairs)

    def get_example(self, i):
        path, label = self._pairs[i]
        image = _read_image_as_chw(os.path.join(self._root, path), self._dtype)
        return image, numpy.array(label, dtype=self._label_dtype)


def _read_pairs(pairs_path):
    pairs = []
    for i, line in enumerate(_read_lines(pairs_path)):
        pair = line.split()
        if len(pair) != 2:
            raise ValueError('invalid format at line {} in file {}'.format(i, pairs_path))
        pairs.append((pair[0], int(pair[1])))
    return pairs


class ZippedImageDataset(dataset_mixin.DatasetMixin):
    """A dataset of the images in a zip archive (every member that is not a directory).

    The archive is reopened after a fork and after unpickling, so that the dataset can be used
    by worker processes.

    Args:
        zipfilename: The path of the zip archive.
        dtype: The dtype of the ``(channels, height, width)`` arrays (``None``:
            ``chainer.config.dtype``).
    """

    def __init__(self, zipfilename, dtype=None):
        self._zipfilename = zipfilename
        self._zip_file = zipfile.ZipFile(zipfilename)
        self._zip_pid = os.getpid()
        self._dtype = chainer.get_dtype(dtype)
        self._paths = [name for name in self._zip_file.namelist() if not name.endswith('/')]
        self._lock = threading.Lock()

    def __len__(self):
        return len(self._paths)

    def __getstate__(self):
        state = self.__dict__.copy()
        state['_zip_file'] = state['_lock'] = None
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._lock = threading.Lock()

    def get_example(self, i_or_filename):
        """Returns the image of index `i` or of the member named `i_or_filename`."""
        name = i_or_filename if isinstance(i_or_filename, str) else self._paths[i_or_filename]
        with self._lock:
            if self._zip_file is None or self._zip_pid != os.getpid():
                self._zip_file = zipfile.ZipFile(self._zipfilename)
                self._zip_pid = os.getpid()
            data = self._zip_file.read(name)
        # Pillow seeks in the file, which a member of a zip file does not support.
        return _read_image_as_chw(io.BytesIO(data), self._dtype)


class MultiZippedImageDataset(dataset_mixin.DatasetMixin):
    """A dataset of the images of several zip archives, one archive after the other.

    Args:
        zipfilenames: The paths of the archives.
        dtype: The dtype of the images (``None``: ``chainer.config.dtype``).
    """

    def __init__(self, zipfilenames, dtype=None):
        self._datasets = [ZippedImageDataset(name, dtype) for name in zipfilenames]
        self._offsets = [0]
        for dataset in self._datasets:
            self._offsets.append(self._offsets[-1] + len(dataset))

    def __len__(self):
        return self._offsets[-1]

    def get_example(self, i):
        if not 0 <= i < len(self):
            raise IndexError('index {} out of range for {} images'.format(i, len(self)))
        archive = bisect.bisect(self._offsets, i) - 1
        return self._datasets[archive].get_example(i - self._offsets[archive])


class LabeledZippedImageDataset(dataset_mixin.DatasetMixin):
    """A dataset of ``(image, label)`` pairs: images in a zip archive, labels in a text file.

    Args:
        zipfilename: The path of the zip archive.
        labelfilename: A text file whose lines are ``member-name label``.
        dtype: The dtype of the images (``None``: ``chainer.config.dtype``).
        label_dtype: The dtype of the labels (0-d arrays).

    Raises:
        ValueError: If a line of the label file is not ``name label``.
    """

    def __init__(self, zipfilename, labelfilename, dtype=None, label_dtype=numpy.int32):
        self._dataset = ZippedImageDataset(zipfilename, dtype=dtype)
        self._label_dtype = label_dtype
        self._pairs = _read_pairs(labelfilename)

    def __len__(self):
        return len(self._pairs)

    def get_example(self, i):
        name, label = self._pairs[i]
        return self._dataset.get_example(name), numpy.array(label, dtype=self._label_dtype)
