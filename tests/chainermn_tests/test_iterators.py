"""create_synchronized_iterator and create_multi_node_iterator."""

import numpy
import pytest

import chainer
import chainermn


def test_synchronized_iterator_gives_every_rank_the_same_order(comm):
    numpy.random.seed(comm.rank)  # different global seeds: the orders would differ
    iterator = chainer.iterators.SerialIterator(list(range(10)), 3)
    iterator = chainermn.create_synchronized_iterator(iterator, comm)
    batches = [next(iterator) for _ in range(7)]  # more than two epochs
    everyone = comm.allgather_obj(batches)
    assert all(other == batches for other in everyone)
    assert sorted(sum(batches[:3], []) + batches[3][:1]) == list(range(10))
    with pytest.raises(TypeError, match='order_sampler'):
        chainermn.create_synchronized_iterator(iter([1]), comm)


def test_multi_node_iterator_broadcasts_the_masters_batches_and_position(comm):
    master = comm.size - 1
    dataset = [(i, -i) for i in range(5)] if comm.rank == master else []
    actual = chainer.iterators.SerialIterator(
        dataset if comm.rank == master else chainermn.create_empty_dataset(range(5)), 2,
        repeat=False, shuffle=False)
    iterator = chainermn.create_multi_node_iterator(actual, comm, rank_master=master)
    assert iterator.epoch == 0 and iterator.batch_size == 2
    batches = list(iterator)
    assert batches == [[(0, 0), (1, -1)], [(2, -2), (3, -3)], [(4, -4)]]
    assert iterator.epoch == 1 and iterator.is_new_epoch
    iterator.reset()
    assert iterator.epoch == 0
    assert next(iterator) == [(0, 0), (1, -1)]
    with pytest.raises(ValueError, match='rank_master'):
        chainermn.create_multi_node_iterator(actual, comm, rank_master=comm.size)
