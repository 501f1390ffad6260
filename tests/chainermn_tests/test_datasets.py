"""scatter_dataset, scatter_index and create_empty_dataset."""

import numpy
import pytest

import chainer
import chainermn


def _everyone(comm, part):
    return comm.allgather_obj([tuple(numpy.asarray(e).ravel()) if not isinstance(e, int) else e
                               for e in part])


@pytest.mark.parametrize('n', [0, 1, 7, 12, 13])
@pytest.mark.parametrize('force_equal_length', [True, False])
def test_parts_cover_the_dataset(flat_comm, n, force_equal_length):
    comm = flat_comm
    dataset = list(range(n)) if comm.rank == 0 else None
    part = chainermn.scatter_dataset(dataset, comm, force_equal_length=force_equal_length)
    assert isinstance(part, chainer.datasets.SubDataset)
    parts = comm.allgather_obj(list(part))
    assert set().union(*map(set, parts)) == set(range(n))
    if force_equal_length:
        assert {len(p) for p in parts} == {-(-n // comm.size)}
    else:
        assert sorted(sum(parts, [])) == list(range(n))  # a partition
        assert max(map(len, parts)) - min(map(len, parts)) <= 1


def test_shuffle_is_seeded_and_examples_keep_their_structure(comm):
    x = numpy.arange(20, dtype=numpy.float32).reshape(10, 2)
    t = numpy.arange(10, dtype=numpy.int32)
    dataset = chainer.datasets.TupleDataset(x, t) if comm.rank == comm.size - 1 else None
    first = chainermn.scatter_dataset(dataset, comm, root=comm.size - 1, shuffle=True, seed=5)
    again = chainermn.scatter_dataset(dataset, comm, root=comm.size - 1, shuffle=True, seed=5)
    assert [int(ex[1]) for ex in first] == [int(ex[1]) for ex in again]
    for xi, ti in first:
        numpy.testing.assert_array_equal(xi, x[ti])
    labels = comm.allgather_obj(sorted(int(ex[1]) for ex in first))
    assert set().union(*map(set, labels)) == set(range(10))
    if comm.size > 1:
        assert [int(ex[1]) for ex in first] != list(range(len(first))) or comm.rank != 0


def test_large_parts_travel_in_chunks(flat_comm):
    comm = flat_comm
    dataset = [numpy.full(100, i, numpy.float64) for i in range(30)] if comm.rank == 0 else None
    part = chainermn.scatter_dataset(dataset, comm, max_buf_len=257)
    for example in part:
        assert example.shape == (100,) and len(set(example.tolist())) == 1


def test_scatter_index(flat_comm):
    comm = flat_comm
    begin, end = chainermn.scatter_index(10 if comm.rank == 0 else None, comm)
    assert end - begin == -(-10 // comm.size)
    bounds = comm.allgather_obj((begin, end))
    assert bounds[0][0] == 0 and bounds[-1][1] == 10
    begin, end = chainermn.scatter_index(10, comm, force_equal_length=False)
    assert sum(e - b for b, e in comm.allgather_obj((begin, end))) == 10


def test_create_empty_dataset():
    empty = chainermn.create_empty_dataset(chainer.datasets.TupleDataset(numpy.zeros(5)))
    assert len(empty) == 5 and empty[3] == ()


def test_bad_arguments(flat_comm):
    with pytest.raises(TypeError, match='communicator'):
        chainermn.scatter_dataset([1, 2], object())
    with pytest.raises(ValueError, match='root'):
        chainermn.scatter_dataset([1, 2], flat_comm, root=flat_comm.size)
    with pytest.raises(ValueError, match='root'):
        chainermn.scatter_index(3, flat_comm, root=-1)
