"""Datasets backed by files: TextDataset, PickleDataset (and its writer), ImageDataset and
LabeledImageDataset (with Pillow)."""

import io
import os
import pickle
import zipfile

import numpy
import pytest

from chainer import datasets
from chainer.datasets import image_dataset


def _write(path, text, encoding='utf-8'):
    with open(str(path), 'w', encoding=encoding, newline='') as f:
        f.write(text)
    return str(path)


def test_text_dataset_single_file(tmp_path):
    path = _write(tmp_path / 'a.txt', 'first\nsecond line\n\nlast')
    dataset = datasets.TextDataset(path, encoding='utf-8')
    assert len(dataset) == 4
    assert dataset[1] == 'second line\n'
    assert dataset[:] == ['first\n', 'second line\n', '\n', 'last']
    assert dataset[[3, 0]] == ['last', 'first\n']
    dataset.close()


def test_text_dataset_parallel_files_encodings_and_filter(tmp_path):
    english = _write(tmp_path / 'en.txt', 'one\ntwo\nthree\n')
    japanese = _write(tmp_path / 'ja.txt', 'いち\nに\nさん\n', encoding='euc_jp')
    with datasets.TextDataset([english, japanese], encoding=['utf-8', 'euc_jp'],
                              filter_func=lambda en, ja: en != 'two\n') as dataset:
        assert len(dataset) == 2
        assert dataset[1] == ('three\n', 'さん\n')
        with pickle.loads(pickle.dumps(dataset)) as restored:
            assert restored[0] == ('one\n', 'いち\n')


def test_text_dataset_errors(tmp_path):
    short = _write(tmp_path / 'short.txt', 'a\n')
    long = _write(tmp_path / 'long.txt', 'a\nb\n')
    with pytest.raises(ValueError, match='at least one'):
        datasets.TextDataset([])
    with pytest.raises(ValueError, match='numbers of lines'):
        datasets.TextDataset([short, long])
    with pytest.raises(ValueError, match='encoding'):
        datasets.TextDataset([short, long], encoding=['utf-8'])
    with datasets.TextDataset(short) as dataset, pytest.raises(IndexError):
        dataset[1]


def test_text_dataset_newline_and_errors_options(tmp_path):
    path = str(tmp_path / 'crlf.txt')
    with open(path, 'wb') as f:
        f.write(b'a\r\nb\xff\r\n')
    with datasets.TextDataset(path, encoding='utf-8', errors='replace', newline='') as dataset:
        assert dataset[:] == ['a\r\n', 'b\ufffd\r\n']


def test_pickle_dataset_round_trip(tmp_path):
    path = str(tmp_path / 'data.pkl')
    examples = [numpy.arange(3), {'label': 1}, 'text', None]
    with datasets.open_pickle_dataset_writer(path) as writer:
        for example in examples:
            writer.write(example)
        writer.flush()
    with datasets.open_pickle_dataset(path) as dataset:
        assert len(dataset) == 4
        assert dataset[2] == 'text' and dataset[3] is None
        numpy.testing.assert_array_equal(dataset[0], examples[0])
        assert dataset[[1, 2]] == [{'label': 1}, 'text']
        assert dataset[-3] == {'label': 1}


def test_pickle_dataset_with_file_objects_and_protocol(tmp_path):
    path = str(tmp_path / 'data.pkl')
    with open(path, 'wb') as f:
        writer = datasets.PickleDatasetWriter(f, protocol=2)
        writer.write((1, 2))
    with open(path, 'rb') as f:
        assert datasets.PickleDataset(f)[0] == (1, 2)


def test_pickle_dataset_rejects_unseekable_readers():
    class Unseekable:
        def seekable(self):
            return False

    with pytest.raises(ValueError, match='random access'):
        datasets.PickleDataset(Unseekable())


def test_pickle_dataset_in_worker_processes(tmp_path):
    from chainer import iterators
    path = str(tmp_path / 'data.pkl')
    with datasets.open_pickle_dataset_writer(path) as writer:
        for i in range(6):
            writer.write(i * 10)
    with datasets.open_pickle_dataset(path) as dataset:
        with iterators.MultiprocessIterator(dataset, 3, n_processes=2, shuffle=False) as it:
            assert [next(it) for _ in range(2)] == [[0, 10, 20], [30, 40, 50]]


_needs_pillow = pytest.mark.skipif(image_dataset.Image is None, reason='Pillow is not installed')


def _save_png(directory, name, array):
    image_dataset.Image.fromarray(array).save(os.path.join(str(directory), name))
    return name


@_needs_pillow
def test_image_datasets_read_pngs(tmp_path):
    rgb = numpy.arange(2 * 3 * 3, dtype=numpy.uint8).reshape(2, 3, 3)
    grey = numpy.array([[0, 255], [128, 7]], dtype=numpy.uint8)
    names = [_save_png(tmp_path, 'rgb.png', rgb), _save_png(tmp_path, 'grey.png', grey)]
    dataset = datasets.ImageDataset(names, root=str(tmp_path))
    assert len(dataset) == 2 and dataset[0].dtype == numpy.float32
    numpy.testing.assert_array_equal(dataset[0], rgb.transpose(2, 0, 1))
    numpy.testing.assert_array_equal(dataset[1], grey[None])
    listing = _write(tmp_path / 'list.txt', '\n'.join(names) + '\n')
    from_file = datasets.ImageDataset(listing, root=str(tmp_path), dtype=numpy.uint8)
    assert from_file[1].dtype == numpy.uint8 and len(from_file) == 2
    pairs = _write(tmp_path / 'pairs.txt', 'rgb.png 3\ngrey.png 5\n')
    labeled = datasets.LabeledImageDataset(pairs, root=str(tmp_path), label_dtype=numpy.int64)
    image, label = labeled[1]
    numpy.testing.assert_array_equal(image, grey[None])
    assert label.dtype == numpy.int64 and label == 5
    bad = _write(tmp_path / 'bad.txt', 'rgb.png\n')
    with pytest.raises(ValueError, match='line 0'):
        datasets.LabeledImageDataset(bad)


def test_image_datasets_need_pillow(tmp_path, monkeypatch):
    monkeypatch.setattr(image_dataset, '_pil_import_error', ImportError('No module named PIL'))
    with pytest.raises(ImportError, match='Pillow'):
        datasets.ImageDataset(['a.png'])
    with pytest.raises(ImportError, match='Pillow'):
        datasets.LabeledImageDataset([('a.png', 0)])
    archive = _zip(tmp_path / 'a.zip', {'a.png': b'x'})
    with pytest.raises(ImportError, match='Pillow'):
        datasets.ZippedImageDataset(archive)[0]


def _zip(path, members):
    with zipfile.ZipFile(str(path), 'w') as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return str(path)


def _png_bytes(array):
    buffer = io.BytesIO()
    image_dataset.Image.fromarray(array).save(buffer, format='PNG')
    return buffer.getvalue()


def test_zipped_image_datasets_index_members(tmp_path):
    first = _zip(tmp_path / 'a.zip', {'dir/': b'', 'dir/x.png': b'1', 'y.png': b'2'})
    second = _zip(tmp_path / 'b.zip', {'z.png': b'3'})
    dataset = datasets.ZippedImageDataset(first)
    assert len(dataset) == 2
    assert len(pickle.loads(pickle.dumps(dataset))) == 2
    multi = datasets.MultiZippedImageDataset([first, second])
    assert len(multi) == 3
    with pytest.raises(IndexError):
        multi.get_example(3)
    labels = _write(tmp_path / 'labels.txt', 'y.png 4\ndir/x.png 2\n')
    assert len(datasets.LabeledZippedImageDataset(first, labels)) == 2
    bad = _write(tmp_path / 'bad.txt', 'y.png 4 extra\n')
    with pytest.raises(ValueError, match='line 0'):
        datasets.LabeledZippedImageDataset(first, bad)


@_needs_pillow
def test_zipped_image_datasets_read_pngs(tmp_path):
    images = [numpy.full((2, 2, 3), v, numpy.uint8) for v in (10, 20, 30)]
    first = _zip(tmp_path / 'a.zip', {'p.png': _png_bytes(images[0]),
                                      'q.png': _png_bytes(images[1])})
    second = _zip(tmp_path / 'b.zip', {'r.png': _png_bytes(images[2])})
    multi = datasets.MultiZippedImageDataset([first, second], dtype=numpy.float64)
    for i in range(3):
        numpy.testing.assert_array_equal(multi[i], images[i].transpose(2, 0, 1))
    labels = _write(tmp_path / 'labels.txt', 'q.png 7\n')
    image, label = datasets.LabeledZippedImageDataset(first, labels)[0]
    numpy.testing.assert_array_equal(image, images[1].transpose(2, 0, 1))
    assert label == 7 and label.dtype == numpy.int32
