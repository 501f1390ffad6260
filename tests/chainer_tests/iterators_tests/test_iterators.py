"""Batches, epochs, shuffling and argument checks of SerialIterator, MultithreadIterator and
MultiprocessIterator, which must all behave alike."""

import numpy
import pytest

from chainer import dataset
from chainer import iterators

from iterator_checks import KINDS, make_iterator, ReverseOrderSampler, WrongLengthSampler


@pytest.fixture(params=KINDS)
def kind(request):
    return request.param


def _take(iterator, n):
    return [next(iterator) for _ in range(n)]


def test_repeat_without_shuffle_wraps_into_next_epoch(kind):
    with make_iterator(kind, list(range(5)), 2, shuffle=False) as it:
        assert it.previous_epoch_detail is None
        expected = [([0, 1], 0, False, 0.4, 0.), ([2, 3], 0, False, 0.8, 0.4),
                    ([4, 0], 1, True, 1.2, 0.8), ([1, 2], 1, False, 1.6, 1.2)]
        for batch, epoch, is_new_epoch, detail, previous in expected:
            assert next(it) == batch
            assert (it.epoch, it.is_new_epoch) == (epoch, is_new_epoch)
            assert it.epoch_detail == pytest.approx(detail)
            assert it.previous_epoch_detail == pytest.approx(previous)


def test_no_repeat_ends_with_a_short_batch_then_stops(kind):
    with make_iterator(kind, list(range(5)), 2, repeat=False, shuffle=False) as it:
        assert next(it) == [0, 1]
        assert next(it) == [2, 3]
        assert next(it) == [4]
        assert (it.epoch, it.is_new_epoch, it.epoch_detail) == (1, True, 1.)
        with pytest.raises(StopIteration):
            next(it)
        with pytest.raises(StopIteration):
            next(it)
        assert it.epoch == 1


def test_no_repeat_exact_multiple(kind):
    with make_iterator(kind, numpy.arange(4), 2, repeat=False, shuffle=False) as it:
        assert [list(batch) for batch in it] == [[0, 1], [2, 3]]


def test_batch_larger_than_dataset_spans_epochs(kind):
    with make_iterator(kind, list(range(3)), 7, shuffle=False) as it:
        assert next(it) == [0, 1, 2, 0, 1, 2, 0]
        assert (it.epoch, it.current_position, it.is_new_epoch) == (2, 1, True)
    with make_iterator(kind, list(range(3)), 7, repeat=False, shuffle=False) as it:
        assert next(it) == [0, 1, 2]


def test_shuffle_visits_every_example_once_per_epoch(kind):
    numpy.random.seed(0)
    with make_iterator(kind, list(range(10)), 5, shuffle=True) as it:
        batches = _take(it, 6)
    for epoch in range(3):
        assert sorted(batches[2 * epoch] + batches[2 * epoch + 1]) == list(range(10))
    assert batches[0] + batches[1] != list(range(10))


def test_seeded_samplers_give_identical_batches_across_kinds():
    def run(kind):
        sampler = iterators.ShuffleOrderSampler(numpy.random.RandomState(3))
        with make_iterator(kind, list(range(7)), 3, order_sampler=sampler) as it:
            return _take(it, 8)
    reference = run('serial')
    assert run('thread') == reference
    assert run('process') == reference


def test_custom_order_sampler(kind):
    with make_iterator(kind, list(range(4)), 3, order_sampler=ReverseOrderSampler()) as it:
        # reset reverses arange(4); each epoch end reverses the previous order again
        assert _take(it, 3) == [[3, 2, 1], [0, 0, 1], [2, 3, 3]]


@pytest.mark.parametrize('fail_at', [0, 1])
def test_order_of_wrong_length_raises(kind, fail_at):
    sampler = WrongLengthSampler(fail_at)
    if fail_at == 0:
        with pytest.raises(ValueError, match='length'):
            make_iterator(kind, list(range(4)), 2, order_sampler=sampler)
        return
    with make_iterator(kind, list(range(4)), 2, order_sampler=sampler) as it:
        next(it)
        with pytest.raises(ValueError, match='length'):
            next(it)


def test_reset_restarts_from_the_beginning(kind):
    with make_iterator(kind, list(range(5)), 2, shuffle=False) as it:
        _take(it, 3)
        it.reset()
        assert (it.epoch, it.current_position, it.previous_epoch_detail) == (0, 0, None)
        assert next(it) == [0, 1]
    with make_iterator(kind, list(range(3)), 2, repeat=False, shuffle=False) as it:
        assert list(it) == [[0, 1], [2]]
        it.reset()
        assert list(it) == [[0, 1], [2]]


@pytest.mark.parametrize('batch_size', [0, -2])
def test_non_positive_batch_size_raises(kind, batch_size):
    with pytest.raises(ValueError, match='batch_size'):
        make_iterator(kind, [1, 2], batch_size)


def test_non_integer_batch_size_raises(kind):
    with pytest.raises(TypeError, match='batch_size'):
        make_iterator(kind, [1, 2], 1.5)


def test_shuffle_and_order_sampler_together_raise(kind):
    with pytest.raises(ValueError, match='order_sampler'):
        make_iterator(kind, [1, 2], 1, shuffle=True, order_sampler=ReverseOrderSampler())


def test_empty_dataset(kind):
    with make_iterator(kind, [], 2) as it:
        with pytest.raises(ValueError, match='empty'):
            next(it)
    with make_iterator(kind, [], 2, repeat=False) as it:
        with pytest.raises(StopIteration):
            next(it)
        assert it.epoch == 1


def test_dataset_error_propagates(kind):
    class Broken(dataset.DatasetMixin):
        def __len__(self):
            return 4

        def get_example(self, i):
            if i == 2:
                raise KeyError('broken example')
            return i

    with make_iterator(kind, Broken(), 2, shuffle=False) as it:
        assert next(it) == [0, 1]
        with pytest.raises(KeyError, match='broken example'):
            next(it)


def test_is_an_iterator_and_finalize_is_idempotent(kind):
    it = make_iterator(kind, list(range(3)), 2, shuffle=False)
    assert iter(it) is it
    assert isinstance(it, dataset.Iterator)
    assert it.next() == [0, 1]
    it.finalize()
    it.finalize()


def test_shuffle_false_and_default_samplers():
    assert iterators.SerialIterator([1], 1, shuffle=False).order_sampler is None
    default = iterators.SerialIterator([1], 1).order_sampler
    assert isinstance(default, iterators.ShuffleOrderSampler)
    sampler = ReverseOrderSampler()
    assert iterators.SerialIterator([1], 1, order_sampler=sampler).order_sampler is sampler


def test_shuffle_order_sampler_uses_its_random_state():
    first = iterators.ShuffleOrderSampler(numpy.random.RandomState(5))(numpy.arange(6), 0)
    second = iterators.ShuffleOrderSampler(numpy.random.RandomState(5))(numpy.arange(6), 0)
    numpy.testing.assert_array_equal(first, second)
    assert sorted(first) == list(range(6))
    numpy.random.seed(1)
    global_first = iterators.ShuffleOrderSampler()(numpy.arange(6), 0)
    numpy.random.seed(1)
    numpy.testing.assert_array_equal(global_first, numpy.random.permutation(6))
