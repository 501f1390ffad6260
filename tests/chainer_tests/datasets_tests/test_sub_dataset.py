"""SubDataset and the splitting helpers (plain, random, n-way, cross-validation)."""

import numpy
import pytest

from chainer import datasets


def test_sub_dataset_range_and_order():
    base = list(range(10))
    sub = datasets.SubDataset(base, 2, 5)
    assert len(sub) == 3
    assert [sub[i] for i in range(3)] == [2, 3, 4]
    assert sub[-1] == 4 and sub[-3] == 2 and sub[1:] == [3, 4]
    order = list(reversed(range(10)))
    assert datasets.SubDataset(base, 2, 5, order)[:] == [7, 6, 5]
    for i in (3, -4):
        with pytest.raises(IndexError):
            sub[i]


@pytest.mark.parametrize('start, finish', [(-1, 3), (2, 11), (5, 4)])
def test_sub_dataset_rejects_overruns(start, finish):
    with pytest.raises(ValueError, match='overruns'):
        datasets.SubDataset(list(range(10)), start, finish)


def test_sub_dataset_rejects_order_of_wrong_length():
    with pytest.raises(ValueError, match='order'):
        datasets.SubDataset(list(range(10)), 0, 3, order=[0, 1, 2])


def test_split_dataset():
    first, second = datasets.split_dataset(list(range(5)), 2)
    assert (first[:], second[:]) == ([0, 1], [2, 3, 4])
    first, second = datasets.split_dataset(list(range(5)), numpy.int64(0), order=[4, 3, 2, 1, 0])
    assert (first[:], second[:]) == ([], [4, 3, 2, 1, 0])
    with pytest.raises(TypeError, match='split_at'):
        datasets.split_dataset(list(range(5)), 2.0)
    with pytest.raises(ValueError, match='non-negative'):
        datasets.split_dataset(list(range(5)), -1)
    with pytest.raises(ValueError, match='exceeds'):
        datasets.split_dataset(list(range(5)), 6)


def test_split_dataset_random_is_seeded_and_disjoint():
    first, second = datasets.split_dataset_random(list(range(10)), 4, seed=0)
    again, _ = datasets.split_dataset_random(list(range(10)), 4, seed=0)
    assert first[:] == again[:] and len(second) == 6
    assert sorted(first[:] + second[:]) == list(range(10))
    numpy.testing.assert_array_equal(first[:], numpy.random.RandomState(0).permutation(10)[:4])


def test_split_dataset_n():
    parts = datasets.split_dataset_n(list(range(7)), 3)
    assert [part[:] for part in parts] == [[0, 1], [2, 3], [4, 5]]
    parts = datasets.split_dataset_n_random(list(range(7)), 3, seed=1)
    values = [v for part in parts for v in part[:]]
    assert len(set(values)) == 6 and all(len(part) == 2 for part in parts)
    assert values == [v for part in datasets.split_dataset_n_random(list(range(7)), 3, seed=1)
                      for v in part[:]]


def test_cross_validation_datasets():
    splits = datasets.get_cross_validation_datasets(list(range(5)), 3)
    assert len(splits) == 3
    validations = [validation[:] for _, validation in splits]
    assert sorted(v for part in validations for v in part) == list(range(5))
    for train, validation in splits:
        assert sorted(train[:] + validation[:]) == list(range(5))
    assert [len(validation) for validation in validations] == [2, 2, 1]
    order = [4, 3, 2, 1, 0]
    splits = datasets.get_cross_validation_datasets(list(range(5)), n_folds=5, order=order)
    assert sorted(v[:][0] for _, v in splits) == list(range(5))
    legacy = datasets.get_cross_validation_datasets(list(range(4)), n_fold=2)
    assert [v[:] for _, v in legacy] == [[2, 3], [0, 1]]


def test_cross_validation_datasets_random():
    first = datasets.get_cross_validation_datasets_random(list(range(6)), 3, seed=2)
    second = datasets.get_cross_validation_datasets_random(list(range(6)), 3, seed=2)
    assert [v[:] for _, v in first] == [v[:] for _, v in second]
    assert sorted(x for _, v in first for x in v[:]) == list(range(6))
