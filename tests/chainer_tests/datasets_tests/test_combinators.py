"""TupleDataset, DictDataset, TransformDataset and ConcatenatedDataset."""

import numpy
import pytest

from chainer import datasets


def _columns():
    x = numpy.arange(12, dtype=numpy.float32).reshape(4, 3)
    return x, numpy.arange(4, dtype=numpy.int32), ['a', 'b', 'c', 'd']


def test_tuple_dataset_indexing():
    x, t, names = _columns()
    dataset = datasets.TupleDataset(x, t, names)
    assert len(dataset) == 4
    example = dataset[1]
    assert isinstance(example, tuple) and len(example) == 3
    numpy.testing.assert_array_equal(example[0], x[1])
    assert example[1:] == (1, 'b')
    assert dataset[-1][2] == 'd'
    for index in (slice(1, 3), [1, 2], numpy.array([1, 2])):
        batch = dataset[index]
        assert isinstance(batch, list) and [e[2] for e in batch] == ['b', 'c']
        numpy.testing.assert_array_equal(batch[1][0], x[2])


def test_dict_dataset_indexing():
    x, t, names = _columns()
    dataset = datasets.DictDataset(x=x, t=t, name=names)
    assert len(dataset) == 4
    example = dataset[2]
    assert sorted(example) == ['name', 't', 'x'] and example['name'] == 'c'
    for index in (slice(0, 4, 3), [0, 3], numpy.array([0, 3])):
        assert [e['t'] for e in dataset[index]] == [0, 3]


@pytest.mark.parametrize('make', [
    lambda *columns: datasets.TupleDataset(*columns),
    lambda *columns: datasets.DictDataset(**{str(i): c for i, c in enumerate(columns)}),
])
def test_combinators_reject_bad_lengths(make):
    with pytest.raises(ValueError, match='no datasets'):
        make()
    with pytest.raises(ValueError, match='wrong length'):
        make(numpy.zeros(3), [1, 2])


def test_transform_dataset():
    dataset = datasets.TransformDataset(datasets.TupleDataset([1, 2, 3], [4, 5, 6]),
                                        lambda example: example[0] * example[1])
    assert len(dataset) == 3
    assert dataset[1] == 10
    assert dataset[::2] == [4, 18]


def test_concatenated_dataset():
    dataset = datasets.ConcatenatedDataset([0, 1], [], numpy.array([2, 3, 4]))
    assert len(dataset) == 5
    assert [dataset[i] for i in range(5)] == [0, 1, 2, 3, 4]
    assert dataset[[4, 0]] == [4, 0]
    with pytest.raises(IndexError):
        dataset[5]
    with pytest.raises(IndexError, match='negative'):
        dataset[-1]
    assert len(datasets.ConcatenatedDataset()) == 0
