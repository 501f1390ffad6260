"""The MNIST dataset of handwritten digits (downloaded once, then read from the npz cache)."""

from typing import Any, Tuple

import numpy

from chainer.datasets import _mnist_helper

_BASE_URL = 'http://yann.lecun.com/exdb/mnist/'
_URLS = {
    'train': (_BASE_URL + 'train-images-idx3-ubyte.gz', _BASE_URL + 'train-labels-idx1-ubyte.gz'),
    'test': (_BASE_URL + 't10k-images-idx3-ubyte.gz', _BASE_URL + 't10k-labels-idx1-ubyte.gz'),
}


def get_mnist(withlabel: bool = True, ndim: int = 1, scale: float = 1., dtype: Any = None,
              label_dtype: Any = numpy.int32, rgb_format: bool = False) -> Tuple[Any, Any]:
    """Returns the MNIST training and test datasets (60000 and 10000 28x28 greyscale digits).

    The first call downloads the data and caches it as ``pfnet/chainer/mnist/{train,test}.npz``
    under the dataset root (see :func:`chainer.dataset.get_dataset_root`); later calls read the
    cache only.

    Args:
        withlabel: Whether to return :class:`~chainer.datasets.TupleDataset` of (image, label),
            or the image arrays only.
        ndim: The shape of each image: 1 for ``(784,)``, 2 for ``(28, 28)``, 3 for
            ``(1, 28, 28)`` (``(3, 28, 28)`` with `rgb_format`).
        scale: The pixel values are scaled to ``[0, scale]``.
        dtype: The dtype of the images (``None``: ``chainer.config.dtype``).
        label_dtype: The dtype of the labels.
        rgb_format: With ``ndim=3``, repeat the channel three times.

    Returns:
        A tuple ``(train, test)``.

    Raises:
        ValueError: If `ndim` is not 1, 2 or 3.
    """
    return _mnist_helper.get_mnist_like('pfnet/chainer/mnist', _URLS, withlabel, ndim, scale,
                                        dtype, label_dtype, rgb_format)
