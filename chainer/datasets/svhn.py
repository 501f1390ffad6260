"""The SVHN (Street View House Numbers) dataset of 32x32 digit crops (downloaded once, cached)."""

import os
from typing import Any, Tuple

import numpy

import chainer
from chainer.dataset import download
from chainer.datasets import tuple_dataset

_BASE_URL = 'http://ufldl.stanford.edu/housenumbers/'


def get_svhn(withlabel: bool = True, scale: float = 1., dtype: Any = None,
             label_dtype: Any = numpy.int32, add_extra: bool = False) -> Tuple[Any, ...]:
    """Returns the SVHN training and test datasets (and the extra set with `add_extra`).

    The first call downloads the MATLAB files (reading them needs SciPy) and caches them as
    ``pfnet/chainer/svhn/{train,test,extra}.npz`` under the dataset root; reading the cache does
    not need SciPy. Images are ``(3, 32, 32)``; the digit 0 has label 0.

    Args:
        withlabel: Whether to return :class:`~chainer.datasets.TupleDataset` of (image, label),
            or the image arrays only.
        scale: The pixel values are scaled to ``[0, scale]``.
        dtype: The dtype of the images (``None``: ``chainer.config.dtype``).
        label_dtype: The dtype of the labels.
        add_extra: Whether to return the extra training set as a third element.

    Returns:
        A tuple ``(train, test)`` or ``(train, test, extra)``.

    Raises:
        RuntimeError: If a download is needed and SciPy is not available.
    """
    dtype = chainer.get_dtype(dtype)
    splits = ('train', 'test', 'extra') if add_extra else ('train', 'test')
    return tuple(_preprocess_svhn(_retrieve_svhn(split), withlabel, scale, dtype, label_dtype)
                 for split in splits)


def _retrieve_svhn(split):
    path = os.path.join(download.get_dataset_directory('pfnet/chainer/svhn'), split + '.npz')
    url = '{}{}_32x32.mat'.format(_BASE_URL, split)
    return download.cache_or_load_file(path, lambda temp_path: _make_npz(temp_path, url),
                                       numpy.load)


def _make_npz(path, url):
    try:
        from scipy import io
    except ImportError as error:
        raise RuntimeError('SciPy is needed to read the downloaded SVHN files: {}'.format(error))
    raw = io.loadmat(download.cached_download(url))
    images = raw['X'].astype(numpy.uint8)  # (32, 32, 3, N), as in the MATLAB file
    labels = raw['y'].astype(numpy.uint8)  # (N, 1), the digit 0 labelled 10
    numpy.savez_compressed(path, x=images, y=labels)
    return {'x': images, 'y': labels}


def _preprocess_svhn(raw, withlabel, scale, image_dtype, label_dtype):
    images = raw['x'].transpose(3, 2, 0, 1).astype(image_dtype)
    images *= scale / 255.
    if not withlabel:
        return images
    labels = raw['y'].astype(label_dtype).flatten()
    labels[labels == 10] = 0
    return tuple_dataset.TupleDataset(images, labels)
