"""DatasetMixin's indexing protocol and the Iterator base class."""

import numpy
import pytest

from chainer import dataset


class _Squares(dataset.DatasetMixin):
    def __len__(self):
        return 6

    def get_example(self, i):
        if not -6 <= i < 6:
            raise IndexError(i)
        return (i % 6) ** 2


@pytest.mark.parametrize('index, expected', [
    (2, 4), (-1, 25), (slice(1, 4), [1, 4, 9]), (slice(None, None, -2), [25, 9, 1]),
    (slice(4, 100), [16, 25]), ([0, 5, 0], [0, 25, 0]), (numpy.array([3, 1]), [9, 1]),
    ([], []),
])
def test_indexing(index, expected):
    assert _Squares()[index] == expected


def test_out_of_range_and_abstract_methods():
    with pytest.raises(IndexError):
        _Squares()[6]
    with pytest.raises(NotImplementedError):
        len(dataset.DatasetMixin())
    with pytest.raises(NotImplementedError):
        dataset.DatasetMixin().get_example(0)


class _Countdown(dataset.Iterator):
    def __init__(self):
        self.value = 3
        self.finalized = 0

    def __next__(self):
        if self.value == 0:
            raise StopIteration
        self.value -= 1
        return [self.value]

    def finalize(self):
        self.finalized += 1


def test_iterator_protocol_and_context_manager():
    with _Countdown() as it:
        assert it.next() == [2]
        assert list(it) == [[1], [0]]
    assert it.finalized == 1


def test_iterator_base_members():
    it = dataset.Iterator()
    with pytest.raises(NotImplementedError):
        next(it)
    # The progress attributes are the subclass's: plain attributes it assigns, as the original's
    # examples do (`self.epoch = 0` in a custom iterator's __init__), or properties.
    for name in ('epoch', 'epoch_detail', 'previous_epoch_detail', 'is_new_epoch'):
        assert not hasattr(it, name)
        setattr(it, name, 0)
        assert getattr(it, name) == 0
    with pytest.raises(NotImplementedError):
        it.reset()
    it.finalize()
    it.serialize(None)
