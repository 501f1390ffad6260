"""Resuming iterators through serialize(): a restored iterator continues with exactly the batches,
epochs and orders that the saved one would have given."""

import importlib.util

import numpy
import pytest

from chainer import iterators

from iterator_checks import DictLoader, DictSaver, KINDS, make_iterator, ReverseOrderSampler


def _state(it):
    return (it.epoch, it.current_position, it.is_new_epoch, it.epoch_detail,
            it.previous_epoch_detail)


def _take(iterator, n):
    return [next(iterator) for _ in range(n)]


@pytest.mark.parametrize('saved_kind', KINDS)
@pytest.mark.parametrize('loaded_kind', KINDS)
@pytest.mark.parametrize('n_before', [0, 1, 2, 3])
def test_resume_continues_identically_across_epochs(saved_kind, loaded_kind, n_before):
    # ReverseOrderSampler is deterministic, so the continuation is fixed across epoch ends too.
    with make_iterator(saved_kind, list(range(5)), 2, order_sampler=ReverseOrderSampler()) as it:
        _take(it, n_before)
        saver = DictSaver()
        it.serialize(saver)
        state = _state(it)
        continuation = _take(it, 5)
    with make_iterator(loaded_kind, list(range(5)), 2, order_sampler=ReverseOrderSampler()) as it:
        _take(it, 1)  # a different position, and a prefetched batch to discard
        it.serialize(DictLoader(saver.target))
        assert _state(it) == state
        assert _take(it, 5) == continuation


@pytest.mark.parametrize('kind', KINDS)
def test_resume_restores_a_shuffled_order_mid_epoch(kind):
    sampler = iterators.ShuffleOrderSampler(numpy.random.RandomState(0))
    with make_iterator(kind, list(range(9)), 2, order_sampler=sampler) as it:
        _take(it, 2)
        saver = DictSaver()
        it.serialize(saver)
        rest_of_epoch = [example for batch in _take(it, 2) for example in batch]
    assert saver.target['current_position'] == 4
    assert saver.target['order'].shape == (9,)
    with make_iterator(kind, list(range(9)), 2, shuffle=True) as it:
        it.serialize(DictLoader(saver.target))
        assert [example for batch in _take(it, 2) for example in batch] == rest_of_epoch


@pytest.mark.parametrize('kind', KINDS)
def test_resume_without_shuffle_and_after_the_end(kind):
    with make_iterator(kind, list(range(3)), 2, repeat=False, shuffle=False) as it:
        assert list(it) == [[0, 1], [2]]
        saver = DictSaver()
        it.serialize(saver)
    assert 'order' not in saver.target
    with make_iterator(kind, list(range(3)), 2, repeat=False, shuffle=False) as it:
        it.serialize(DictLoader(saver.target))
        assert (it.epoch, it.is_new_epoch) == (1, True)
        with pytest.raises(StopIteration):
            next(it)


@pytest.mark.parametrize('kind', KINDS)
def test_snapshot_without_previous_epoch_detail_is_estimated(kind):
    source = {'current_position': 4, 'epoch': 1, 'is_new_epoch': False}
    with make_iterator(kind, list(range(5)), 2, shuffle=False) as it:
        it.serialize(DictLoader(source))
        assert it.epoch_detail == pytest.approx(1.8)
        assert it.previous_epoch_detail == pytest.approx(1.4)
    source = {'current_position': 0, 'epoch': 0, 'is_new_epoch': False}
    with make_iterator(kind, list(range(5)), 2, shuffle=False) as it:
        it.serialize(DictLoader(source))
        assert it.previous_epoch_detail is None


@pytest.mark.skipif(importlib.util.find_spec('chainer.serializers') is None,
                    reason='chainer.serializers is not there yet')
@pytest.mark.parametrize('kind', KINDS)
def test_resume_through_npz_snapshot(kind, tmp_path):
    from chainer import serializers
    path = str(tmp_path / 'iterator.npz')
    with make_iterator(kind, list(range(7)), 3, order_sampler=ReverseOrderSampler()) as it:
        _take(it, 3)
        serializers.save_npz(path, it)
        state = _state(it)
        continuation = _take(it, 4)
    with make_iterator(kind, list(range(7)), 3, order_sampler=ReverseOrderSampler()) as it:
        serializers.load_npz(path, it)
        assert _state(it) == state
        assert _take(it, 4) == continuation
