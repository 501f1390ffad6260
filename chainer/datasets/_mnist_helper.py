"""What the MNIST-format loaders (MNIST, Fashion-MNIST, Kuzushiji-MNIST) share: the IDX-file
parser, the npz cache and the preprocessing into datasets."""

import gzip
import os

import numpy

import chainer
from chainer.dataset import download
from chainer.datasets import tuple_dataset


def _read_idx(path, magic):
    # The payload of a gzipped IDX file (big-endian header: magic, then one int32 per dimension).
    with gzip.open(path, 'rb') as idx_file:
        data = idx_file.read()
    found, = numpy.frombuffer(data[:4], '>i4')
    if found != magic:
        raise RuntimeError('{} is not an IDX file of magic {}, found {}'.format(path, magic, found))
    n_dims = magic & 0xff
    shape = tuple(int(d) for d in numpy.frombuffer(data[4:4 + 4 * n_dims], '>i4'))
    return numpy.frombuffer(data[4 + 4 * n_dims:], numpy.uint8).reshape(shape)


def make_npz(path, urls):
    """Downloads the images and labels files of `urls`, saves them as ``x``/``y`` in an npz."""
    x_url, y_url = urls
    x = _read_idx(download.cached_download(x_url), 0x803)
    y = _read_idx(download.cached_download(y_url), 0x801)
    if len(x) != len(y):
        raise RuntimeError('wrong pair of MNIST images and labels: {} images, {} labels'.format(
            len(x), len(y)))
    x = x.reshape(len(x), -1)
    numpy.savez_compressed(path, x=x, y=y)
    return {'x': x, 'y': y}


def retrieve(dataset_name, file_name, urls):
    """The raw ``{'x', 'y'}`` arrays of one split, from the cache or downloaded."""
    root = download.get_dataset_directory(dataset_name)
    path = os.path.join(root, file_name)
    return download.cache_or_load_file(path, lambda temp_path: make_npz(temp_path, urls),
                                       numpy.load)


def preprocess(raw, withlabel, ndim, scale, image_dtype, label_dtype, rgb_format):
    """Turns raw uint8 images (and labels) into the array or TupleDataset the loaders return."""
    images = raw['x']
    if ndim == 2:
        images = images.reshape(-1, 28, 28)
    elif ndim == 3:
        images = images.reshape(-1, 1, 28, 28)
        if rgb_format:
            images = numpy.broadcast_to(images, (len(images), 3) + images.shape[2:])
    elif ndim != 1:
        raise ValueError('invalid ndim for MNIST dataset: {} (expected 1, 2 or 3)'.format(ndim))
    images = images.astype(image_dtype)
    images *= scale / 255.
    if withlabel:
        labels = raw['y'].astype(label_dtype)
        return tuple_dataset.TupleDataset(images, labels)
    return images


def get_mnist_like(dataset_name, urls, withlabel, ndim, scale, dtype, label_dtype, rgb_format):
    """The (train, test) pair of an MNIST-format dataset; `urls` maps 'train'/'test' to the
    (images, labels) URLs."""
    dtype = chainer.get_dtype(dtype)
    return tuple(
        preprocess(retrieve(dataset_name, split + '.npz', urls[split]), withlabel, ndim, scale,
                   dtype, label_dtype, rgb_format)
        for split in ('train', 'test'))
