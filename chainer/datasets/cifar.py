"""The CIFAR-10 and CIFAR-100 datasets of 32x32 colour images (downloaded once, then cached)."""

import os
import pickle
import tarfile
from typing import Any, Tuple

import numpy

import chainer
from chainer.dataset import download
from chainer.datasets import tuple_dataset


def get_cifar10(withlabel: bool = True, ndim: int = 3, scale: float = 1., dtype: Any = None
                ) -> Tuple[Any, Any]:
    """Returns the CIFAR-10 training and test datasets (50000 and 10000 images, ten classes).

    The first call downloads the archive and caches it as ``pfnet/chainer/cifar/cifar-10.npz``
    (arrays ``train_x``, ``train_y``, ``test_x``, ``test_y``) under the dataset root.

    Args:
        withlabel: Whether to return :class:`~chainer.datasets.TupleDataset` of (image, int32
            label), or the image arrays only.
        ndim: 3 for ``(3, 32, 32)`` images, 1 for flat ``(3072,)`` ones.
        scale: The pixel values are scaled to ``[0, scale]``.
        dtype: The dtype of the images (``None``: ``chainer.config.dtype``).

    Returns:
        A tuple ``(train, test)``.

    Raises:
        ValueError: If `ndim` is not 1 or 3.
    """
    return _get_cifar('cifar-10', withlabel, ndim, scale, dtype)


def get_cifar100(withlabel: bool = True, ndim: int = 3, scale: float = 1., dtype: Any = None
                 ) -> Tuple[Any, Any]:
    """Returns the CIFAR-100 training and test datasets (fine labels, 100 classes).

    Cached as ``pfnet/chainer/cifar/cifar-100.npz``; the arguments are those of
    :func:`get_cifar10`.
    """
    return _get_cifar('cifar-100', withlabel, ndim, scale, dtype)


def _get_cifar(name, withlabel, ndim, scale, dtype):
    root = download.get_dataset_directory(os.path.join('pfnet', 'chainer', 'cifar'))
    npz_path = os.path.join(root, '{}.npz'.format(name))
    url = 'https://www.cs.toronto.edu/~kriz/{}-python.tar.gz'.format(name)

    def creator(path):
        archive_path = download.cached_download(url)
        with tarfile.open(archive_path, 'r:gz') as archive:
            if name == 'cifar-10':
                raw = _read_cifar10(archive)
            else:
                raw = _read_cifar100(archive)
        numpy.savez_compressed(path, **raw)
        return raw

    raw = download.cache_or_load_file(npz_path, creator, numpy.load)
    return tuple(_preprocess_cifar(raw[split + '_x'], raw[split + '_y'], withlabel, ndim, scale,
                                   dtype)
                 for split in ('train', 'test'))


def _load_batch(archive, member, label_key):
    # The (images, labels) of one pickled batch of the archive (pickled with Python 2 str keys).
    batch = pickle.load(archive.extractfile(member), encoding='latin-1')
    images = numpy.asarray(batch['data'], numpy.uint8).reshape(-1, 3072)
    return images, numpy.asarray(batch[label_key], numpy.uint8)


def _read_cifar10(archive):
    batches = [_load_batch(archive, 'cifar-10-batches-py/data_batch_{}'.format(i), 'labels')
               for i in range(1, 6)]
    test_x, test_y = _load_batch(archive, 'cifar-10-batches-py/test_batch', 'labels')
    return {'train_x': numpy.concatenate([x for x, _ in batches]),
            'train_y': numpy.concatenate([y for _, y in batches]),
            'test_x': test_x, 'test_y': test_y}


def _read_cifar100(archive):
    train_x, train_y = _load_batch(archive, 'cifar-100-python/train', 'fine_labels')
    test_x, test_y = _load_batch(archive, 'cifar-100-python/test', 'fine_labels')
    return {'train_x': train_x, 'train_y': train_y, 'test_x': test_x, 'test_y': test_y}


def _preprocess_cifar(images, labels, withlabel, ndim, scale, dtype):
    if ndim == 1:
        images = images.reshape(-1, 3072)
    elif ndim == 3:
        images = images.reshape(-1, 3, 32, 32)
    else:
        raise ValueError('invalid ndim for CIFAR dataset: {} (expected 1 or 3)'.format(ndim))
    images = images.astype(chainer.get_dtype(dtype))
    images *= scale / 255.
    if withlabel:
        return tuple_dataset.TupleDataset(images, labels.astype(numpy.int32))
    return images
