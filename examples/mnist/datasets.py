"""Handwritten-digit data for the examples: scikit-learn's 8x8 digits or the MNIST files."""

import collections
import gzip
import os

import numpy

# x_* are float32 (N, features) in [0, 1] (images flattened row by row), t_* int64 labels 0..9;
# image_shape is (rows, cols) of one image.
Dataset = collections.namedtuple('Dataset', 'name image_shape x_train t_train x_test t_test')

_MNIST_FILES = {
    'x_train': 'train-images-idx3-ubyte',
    't_train': 'train-labels-idx1-ubyte',
    'x_test': 't10k-images-idx3-ubyte',
    't_test': 't10k-labels-idx1-ubyte',
}


def _read_idx(path):
    """Reads an IDX file (the MNIST format: big-endian header, then uint8 data), gzipped or not."""
    opener = gzip.open if path.endswith('.gz') else open
    with opener(path, 'rb') as f:
        raw = f.read()
    ndim = raw[3]
    dims = numpy.frombuffer(raw, '>i4', count=ndim, offset=4)
    return numpy.frombuffer(raw, numpy.uint8, offset=4 + 4 * ndim).reshape(tuple(dims))


def _find(directory, stem):
    for name in (stem, stem + '.gz'):
        path = os.path.join(directory, name)
        if os.path.exists(path):
            return path
    raise FileNotFoundError('MNIST file {} (or .gz) not found in {}'.format(stem, directory))


def load_mnist(directory):
    """MNIST from its four standard files: images scaled to [0, 1], flattened to 784 features."""
    arrays = {key: _read_idx(_find(directory, stem)) for key, stem in _MNIST_FILES.items()}
    return Dataset(
        'MNIST', arrays['x_train'].shape[1:],
        (arrays['x_train'].reshape(len(arrays['x_train']), -1) / 255.0).astype(numpy.float32),
        arrays['t_train'].astype(numpy.int64),
        (arrays['x_test'].reshape(len(arrays['x_test']), -1) / 255.0).astype(numpy.float32),
        arrays['t_test'].astype(numpy.int64))


def load_digits(seed=0, test_fraction=0.2):
    """scikit-learn's 8x8 digits (1,797 images, pixel values 0..16) split into train and test."""
    from sklearn.datasets import load_digits as sklearn_digits
    digits = sklearn_digits()
    x = (digits.data / 16.0).astype(numpy.float32)
    t = digits.target.astype(numpy.int64)
    order = numpy.random.RandomState(seed).permutation(len(t))
    n_test = int(len(t) * test_fraction)
    test, train = order[:n_test], order[n_test:]
    return Dataset('sklearn digits 8x8', (8, 8), x[train], t[train], x[test], t[test])


def load(mnist_dir=None, seed=0):
    """MNIST when a directory is given, else the digits that ship with scikit-learn.

    A relative directory is taken from where ``bazel run`` was called (it runs the example
    elsewhere, in its runfiles).
    """
    if not mnist_dir:
        return load_digits(seed)
    return load_mnist(os.path.join(os.environ.get('BUILD_WORKING_DIRECTORY', ''), mnist_dir))
