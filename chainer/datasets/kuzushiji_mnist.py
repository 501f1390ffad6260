"""The Kuzushiji-MNIST dataset of cursive Japanese characters (downloaded once, then cached)."""

from typing import Any, Tuple

import numpy

from chainer.datasets import _mnist_helper

_BASE_URL = 'http://codh.rois.ac.jp/kmnist/dataset/kmnist/'
_URLS = {
    'train': (_BASE_URL + 'train-images-idx3-ubyte.gz', _BASE_URL + 'train-labels-idx1-ubyte.gz'),
    'test': (_BASE_URL + 't10k-images-idx3-ubyte.gz', _BASE_URL + 't10k-labels-idx1-ubyte.gz'),
}
_LABELS = ('o', 'ki', 'su', 'tsu', 'na', 'ha', 'ma', 'ya', 're', 'wo')


def get_kuzushiji_mnist_labels() -> Tuple[str, ...]:
    """Returns the romanized names of the ten Kuzushiji-MNIST characters, by label."""
    return _LABELS


def get_kuzushiji_mnist(
        withlabel: bool = True, ndim: int = 1, scale: float = 1., dtype: Any = None,
        label_dtype: Any = numpy.int32, rgb_format: bool = False) -> Tuple[Any, Any]:
    """Returns the Kuzushiji-MNIST training and test datasets (28x28 greyscale, ten classes).

    Cached as ``pfnet/chainer/kuzushiji_mnist/{train,test}.npz`` under the dataset root. The
    arguments are those of :func:`~chainer.datasets.get_mnist`.
    """
    return _mnist_helper.get_mnist_like('pfnet/chainer/kuzushiji_mnist', _URLS, withlabel, ndim,
                                        scale, dtype, label_dtype, rgb_format)
