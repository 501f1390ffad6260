"""The Fashion-MNIST dataset of clothing images (downloaded once, then read from the npz cache)."""

from typing import Any, Tuple

import numpy

from chainer.datasets import _mnist_helper

_BASE_URL = 'http://fashion-mnist.s3-website.eu-central-1.amazonaws.com/'
_URLS = {
    'train': (_BASE_URL + 'train-images-idx3-ubyte.gz', _BASE_URL + 'train-labels-idx1-ubyte.gz'),
    'test': (_BASE_URL + 't10k-images-idx3-ubyte.gz', _BASE_URL + 't10k-labels-idx1-ubyte.gz'),
}
_LABELS = ('T-shirt/top', 'Trouser', 'Pullover', 'Dress', 'Coat', 'Sandal', 'Shirt', 'Sneaker',
           'Bag', 'Ankle boot')


def get_fashion_mnist_labels() -> Tuple[str, ...]:
    """Returns the names of the ten Fashion-MNIST classes, by label."""
    return _LABELS


def get_fashion_mnist(
        withlabel: bool = True, ndim: int = 1, scale: float = 1., dtype: Any = None,
        label_dtype: Any = numpy.int32, rgb_format: bool = False) -> Tuple[Any, Any]:
    """Returns the Fashion-MNIST training and test datasets (28x28 greyscale, ten classes).

    Cached as ``pfnet/chainer/fashion-mnist/{train,test}.npz`` under the dataset root. The
    arguments are those of :func:`~chainer.datasets.get_mnist`.
    """
    return _mnist_helper.get_mnist_like('pfnet/chainer/fashion-mnist', _URLS, withlabel, ndim,
                                        scale, dtype, label_dtype, rgb_format)
