"""The standard-dataset loaders: reading caches in the original layout under the dataset root, every
preprocessing option, and building the cache from downloads (file:// URLs or a filled download
cache; there is no network in tests)."""

import gzip
import hashlib
import io
import os
import pickle
import tarfile

import numpy
import pytest

import chainer
from chainer import datasets
from chainer.dataset import download
from chainer.datasets import fashion_mnist
from chainer.datasets import kuzushiji_mnist
from chainer.datasets import mnist
from chainer.datasets import ptb

_RNG = numpy.random.RandomState(0)
MNIST_RAW = {split: {'x': _RNG.randint(0, 256, (n, 784)).astype(numpy.uint8),
                     'y': _RNG.randint(0, 10, n).astype(numpy.uint8)}
             for split, n in (('train', 3), ('test', 2))}
MNIST_LIKE = [
    (datasets.get_mnist, mnist, 'pfnet/chainer/mnist'),
    (datasets.get_fashion_mnist, fashion_mnist, 'pfnet/chainer/fashion-mnist'),
    (datasets.get_kuzushiji_mnist, kuzushiji_mnist, 'pfnet/chainer/kuzushiji_mnist'),
]


@pytest.fixture
def root(tmp_path, monkeypatch):
    path = tmp_path / 'root'
    monkeypatch.setattr(download, '_dataset_root', str(path))
    return path


def _fill_download_cache(root, url, content):
    # What cached_download would have stored for `url`.
    cache = os.path.join(str(root), '_dl_cache')
    os.makedirs(cache, exist_ok=True)
    with open(os.path.join(cache, hashlib.md5(url.encode()).hexdigest()), 'wb') as f:
        f.write(content)


def _check_mnist_options(get, raw):
    train, test = get()
    assert len(train) == 3 and len(test) == 2
    image, label = train[1]
    assert image.shape == (784,) and image.dtype == numpy.float32
    assert label.dtype == numpy.int32 and label == raw['train']['y'][1]
    numpy.testing.assert_allclose(image, raw['train']['x'][1] / 255., rtol=1e-6)
    images, _ = get(withlabel=False, ndim=2, scale=2., dtype=numpy.float64)
    assert images.shape == (3, 28, 28) and images.dtype == numpy.float64
    numpy.testing.assert_allclose(images[2].ravel(), raw['train']['x'][2] * 2. / 255.)
    assert get(ndim=3)[1][0][0].shape == (1, 28, 28)
    rgb = get(withlabel=False, ndim=3, rgb_format=True)[0]
    assert rgb.shape == (3, 3, 28, 28)
    numpy.testing.assert_array_equal(rgb[:, 0], rgb[:, 2])
    assert get(label_dtype=numpy.int64)[0][0][1].dtype == numpy.int64
    with chainer.using_config('dtype', numpy.float16):
        assert get()[0][0][0].dtype == numpy.float16
    with pytest.raises(ValueError, match='ndim'):
        get(ndim=4)


@pytest.mark.parametrize('get, module, name', MNIST_LIKE)
def test_mnist_like_reads_an_existing_cache(root, get, module, name):
    directory = root / name
    directory.mkdir(parents=True)
    for split, raw in MNIST_RAW.items():
        numpy.savez_compressed(str(directory / (split + '.npz')), **raw)
    _check_mnist_options(get, MNIST_RAW)


def _write_idx(path, array, magic):
    header = numpy.array([magic] + list(array.shape), '>i4').tobytes()
    with gzip.open(str(path), 'wb') as f:
        f.write(header + array.tobytes())
    return path.as_uri()


@pytest.mark.parametrize('get, module, name', MNIST_LIKE)
def test_mnist_like_downloads_and_builds_the_cache(root, tmp_path, monkeypatch, get, module,
                                                   name):
    urls = {}
    for split, raw in MNIST_RAW.items():
        urls[split] = (
            _write_idx(tmp_path / (split + '-images.gz'), raw['x'].reshape(-1, 28, 28), 0x803),
            _write_idx(tmp_path / (split + '-labels.gz'), raw['y'], 0x801))
    monkeypatch.setattr(module, '_URLS', urls)
    _check_mnist_options(get, MNIST_RAW)
    with numpy.load(str(root / name / 'train.npz')) as cache:
        assert sorted(cache.files) == ['x', 'y']
        numpy.testing.assert_array_equal(cache['x'], MNIST_RAW['train']['x'])
        assert cache['x'].dtype == numpy.uint8 and cache['y'].dtype == numpy.uint8


def test_mnist_rejects_mismatched_files(root, tmp_path, monkeypatch):
    raw = MNIST_RAW['train']
    images = _write_idx(tmp_path / 'images.gz', raw['x'].reshape(-1, 28, 28), 0x803)
    labels = _write_idx(tmp_path / 'labels.gz', raw['y'][:2], 0x801)
    monkeypatch.setattr(mnist, '_URLS', {'train': (images, labels), 'test': (images, labels)})
    with pytest.raises(RuntimeError, match='wrong pair'):
        datasets.get_mnist()
    monkeypatch.setattr(mnist, '_URLS', {'train': (labels, images), 'test': (labels, images)})
    with pytest.raises(RuntimeError, match='magic'):
        datasets.get_mnist()


def test_mnist_default_urls_and_label_names():
    assert mnist._URLS['train'][0] == 'http://yann.lecun.com/exdb/mnist/train-images-idx3-ubyte.gz'
    assert datasets.get_fashion_mnist_labels()[9] == 'Ankle boot'
    assert len(datasets.get_kuzushiji_mnist_labels()) == 10


def _cifar_archive(name, raw):
    # A tiny archive with the members and pickled dicts of the real one.
    if name == 'cifar-10':
        members = {'cifar-10-batches-py/data_batch_{}'.format(i + 1):
                   {'data': raw['train_x'][i:i + 1], 'labels': list(raw['train_y'][i:i + 1])}
                   for i in range(5)}
        members['cifar-10-batches-py/test_batch'] = {'data': raw['test_x'],
                                                     'labels': list(raw['test_y'])}
    else:
        members = {'cifar-100-python/' + split: {'data': raw[split + '_x'],
                                                 'fine_labels': list(raw[split + '_y'])}
                   for split in ('train', 'test')}
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode='w:gz') as archive:
        for member, content in members.items():
            data = pickle.dumps(content, protocol=2)
            info = tarfile.TarInfo(member)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


CIFAR_RAW = {'train_x': _RNG.randint(0, 256, (5, 3072)).astype(numpy.uint8),
             'train_y': numpy.arange(5, dtype=numpy.uint8),
             'test_x': _RNG.randint(0, 256, (2, 3072)).astype(numpy.uint8),
             'test_y': numpy.array([7, 9], numpy.uint8)}


def _check_cifar_options(get):
    train, test = get()
    assert len(train) == 5 and len(test) == 2
    image, label = test[1]
    assert image.shape == (3, 32, 32) and image.dtype == numpy.float32
    assert label.dtype == numpy.int32 and label == 9
    numpy.testing.assert_allclose(image.ravel(), CIFAR_RAW['test_x'][1] / 255., rtol=1e-6)
    flat = get(withlabel=False, ndim=1, scale=3., dtype=numpy.float64)[0]
    assert flat.shape == (5, 3072) and flat.dtype == numpy.float64
    numpy.testing.assert_allclose(flat, CIFAR_RAW['train_x'] * 3. / 255.)
    with pytest.raises(ValueError, match='ndim'):
        get(ndim=2)


@pytest.mark.parametrize('get, name', [(datasets.get_cifar10, 'cifar-10'),
                                       (datasets.get_cifar100, 'cifar-100')])
def test_cifar_reads_an_existing_cache(root, get, name):
    directory = root / 'pfnet' / 'chainer' / 'cifar'
    directory.mkdir(parents=True)
    numpy.savez_compressed(str(directory / (name + '.npz')), **CIFAR_RAW)
    _check_cifar_options(get)


@pytest.mark.parametrize('get, name', [(datasets.get_cifar10, 'cifar-10'),
                                       (datasets.get_cifar100, 'cifar-100')])
def test_cifar_builds_the_cache_from_the_downloaded_archive(root, get, name):
    url = 'https://www.cs.toronto.edu/~kriz/{}-python.tar.gz'.format(name)
    _fill_download_cache(root, url, _cifar_archive(name, CIFAR_RAW))
    _check_cifar_options(get)
    with numpy.load(str(root / 'pfnet' / 'chainer' / 'cifar' / (name + '.npz'))) as cache:
        assert sorted(cache.files) == ['test_x', 'test_y', 'train_x', 'train_y']
        numpy.testing.assert_array_equal(cache['train_y'], CIFAR_RAW['train_y'])


PTB_TEXT = {'train': ' a b c\n b a\n', 'valid': ' c a\n', 'test': ' b\n'}


def test_ptb_builds_and_reads_the_cache(root):
    for split, text in PTB_TEXT.items():
        _fill_download_cache(root, ptb._BASE_URL + 'ptb.{}.txt'.format(split), text.encode())
    vocab = datasets.get_ptb_words_vocabulary()
    assert vocab == {'a': 0, 'b': 1, 'c': 2, '<eos>': 3}
    train, valid, test = datasets.get_ptb_words()
    assert train.dtype == numpy.int32
    assert train.tolist() == [0, 1, 2, 3, 1, 0, 3]
    assert valid.tolist() == [2, 0, 3] and test.tolist() == [1, 3]
    directory = root / 'pfnet' / 'chainer' / 'ptb'
    assert sorted(os.listdir(str(directory))) == ['test.npz', 'train.npz', 'valid.npz',
                                                   'vocab.txt']
    # A second call reads the caches only (the downloads are gone).
    for name in os.listdir(str(root / '_dl_cache')):
        os.remove(str(root / '_dl_cache' / name))
    assert datasets.get_ptb_words_vocabulary() == vocab
    assert datasets.get_ptb_words()[1].tolist() == [2, 0, 3]


def test_svhn_reads_an_existing_cache(root):
    directory = root / 'pfnet' / 'chainer' / 'svhn'
    directory.mkdir(parents=True)
    raw = {}
    for split, n in (('train', 3), ('test', 2), ('extra', 1)):
        raw[split] = {'x': _RNG.randint(0, 256, (32, 32, 3, n)).astype(numpy.uint8),
                      'y': numpy.array([[10], [1], [5]][:n], numpy.uint8)}
        numpy.savez_compressed(str(directory / (split + '.npz')), **raw[split])
    train, test = datasets.get_svhn()
    image, label = train[0]
    assert image.shape == (3, 32, 32) and image.dtype == numpy.float32
    assert label.dtype == numpy.int32 and label == 0  # the digit 0 is stored as 10
    numpy.testing.assert_allclose(image, raw['train']['x'][..., 0].transpose(2, 0, 1) / 255.,
                                  rtol=1e-6)
    assert [int(t) for _, t in test] == [0, 1]
    images = datasets.get_svhn(withlabel=False, scale=2., dtype=numpy.float64)[0]
    assert images.shape == (3, 3, 32, 32) and images.dtype == numpy.float64
    train, test, extra = datasets.get_svhn(add_extra=True, label_dtype=numpy.int64)
    assert len(extra) == 1 and extra[0][1].dtype == numpy.int64
