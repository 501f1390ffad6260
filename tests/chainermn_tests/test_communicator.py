"""The array and object collectives of the MPI communicators, on every rank count."""

import numpy
import pytest

import chainerx
import chainermn
from chainermn.communicators import _arrays


def _host(x):
    return chainerx.to_numpy(x) if isinstance(x, chainerx.ndarray) else numpy.asarray(x)


def test_ranks_and_topology(comm):
    from mpi4py import MPI
    world = MPI.COMM_WORLD
    assert (comm.rank, comm.size) == (world.Get_rank(), world.Get_size())
    assert 0 <= comm.intra_rank < comm.intra_size <= comm.size
    assert 0 <= comm.inter_rank < comm.inter_size
    assert comm.intra_size * comm.inter_size == comm.size  # one machine here
    assert repr(comm).endswith('rank {} of {}>'.format(comm.rank, comm.size))


@pytest.mark.parametrize('dtype', ['float16', 'float32', 'float64', 'int8', 'int32', 'int64',
                                   'uint8', 'bool'])
def test_allreduce_sums_every_dtype(comm, make_array, dtype):
    base = numpy.arange(6).reshape(2, 3) % 3
    x = make_array((base + comm.rank).astype(dtype))
    y = comm.allreduce(x)
    expected = sum((base + r).astype(dtype) for r in range(comm.size)) if dtype != 'bool' else \
        numpy.logical_or.reduce([(base + r).astype(bool) for r in range(comm.size)])
    assert type(y) is type(x)
    assert str(numpy.dtype(y.dtype)) == dtype
    numpy.testing.assert_array_equal(_host(y), numpy.asarray(expected, dtype))


def test_allreduce_zero_size_zero_dim_and_non_contiguous(comm, make_array):
    empty = comm.allreduce(make_array(numpy.zeros((0, 3), numpy.float32)))
    assert empty.shape == (0, 3)
    scalar = comm.allreduce(make_array(numpy.array(comm.rank + 1.0)))
    assert float(scalar) == comm.size * (comm.size + 1) / 2
    strided = make_array(numpy.arange(12, dtype=numpy.float32).reshape(3, 4))[:, ::2]
    numpy.testing.assert_array_equal(_host(comm.allreduce(strided)),
                                     comm.size * numpy.arange(12.).reshape(3, 4)[:, ::2])


def test_allreduce_writes_nothing_into_its_input(comm):
    x = chainerx.full((4,), 2.0, chainerx.float32)
    comm.allreduce(x)
    numpy.testing.assert_array_equal(chainerx.to_numpy(x), numpy.full(4, 2.0))


def test_allreduce_mismatched_shapes_raise_on_every_rank(comm):
    if comm.size < 2:
        pytest.skip('needs 2 ranks')
    with pytest.raises(ValueError, match='rank 0: .*rank 1'):
        comm.allreduce(numpy.zeros(comm.rank + 1, numpy.float32))
    with pytest.raises(ValueError, match='disagree'):
        comm.allreduce(numpy.zeros(2, numpy.float32 if comm.rank == 0 else numpy.float64))
    # the communicator still works afterwards
    assert float(comm.allreduce(numpy.ones((), numpy.float32))) == comm.size


def test_bcast(comm, make_array):
    for root in range(comm.size):
        x = None
        if comm.rank == root:
            x = make_array(numpy.arange(5, dtype=numpy.float32) * (root + 1))
        y = comm.bcast(x, root=root)
        numpy.testing.assert_array_equal(_host(y), numpy.arange(5) * (root + 1))
        if comm.rank == root:
            assert y is x


def test_gather_and_allgather_with_shapes_per_rank(comm, make_array):
    x = make_array(numpy.arange(comm.rank + 1, dtype=numpy.float64).reshape(1, -1) + 10 * comm.rank)
    gathered = comm.gather(x, root=comm.size - 1)
    everyone = comm.allgather(x)
    expected = [numpy.arange(r + 1.).reshape(1, -1) + 10 * r for r in range(comm.size)]
    if comm.rank == comm.size - 1:
        assert len(gathered) == comm.size
        for got, want in zip(gathered, expected):
            assert type(got) is type(x)
            numpy.testing.assert_array_equal(_host(got), want)
    else:
        assert gathered is None
    for got, want in zip(everyone, expected):
        numpy.testing.assert_array_equal(_host(got), want)


def test_scatter(comm, make_array):
    xs = None
    if comm.rank == 0:
        xs = [make_array(numpy.full((r + 1,), r, numpy.int32)) for r in range(comm.size)]
    mine = comm.scatter(xs, root=0)
    numpy.testing.assert_array_equal(_host(mine), numpy.full(comm.rank + 1, comm.rank))
    # a stacked array is split along its first axis
    stacked = None
    if comm.rank == 0:
        stacked = make_array(numpy.arange(comm.size * 2.).reshape(comm.size, 2))
    numpy.testing.assert_array_equal(_host(comm.scatter(stacked)),
                                     [2 * comm.rank, 2 * comm.rank + 1])


def test_alltoall(comm, make_array):
    xs = [make_array(numpy.full((j + 1, 2), 10 * comm.rank + j, numpy.float32))
          for j in range(comm.size)]
    ys = comm.alltoall(xs)
    assert len(ys) == comm.size
    for r, y in enumerate(ys):
        numpy.testing.assert_array_equal(_host(y),
                                         numpy.full((comm.rank + 1, 2), 10 * r + comm.rank))


def test_send_recv_arrays_and_tuples(comm, make_array):
    if comm.size < 2:
        pytest.skip('needs 2 ranks')
    if comm.rank == 0:
        comm.send(make_array(numpy.arange(3, dtype=numpy.float16)), dest=1, tag=5)
        comm.send((make_array(numpy.ones((2, 2))), make_array(numpy.zeros(0, numpy.int64))), dest=1)
    elif comm.rank == 1:
        single = comm.recv(0, tag=5)
        pair = comm.recv(0)
        assert type(single) is type(make_array(numpy.zeros(1)))
        numpy.testing.assert_array_equal(_host(single), numpy.arange(3, dtype=numpy.float16))
        assert isinstance(pair, tuple) and len(pair) == 2
        numpy.testing.assert_array_equal(_host(pair[0]), numpy.ones((2, 2)))
        assert pair[1].shape == (0,)


def test_received_native_arrays_share_the_receive_buffer(flat_comm):
    # Note [Zero-copy buffers]: arrays arrive in memory MPI wrote, handed to chainerx without a copy
    y = flat_comm.allgather(chainerx.ones((4,), chainerx.float32))
    assert all(a.device.name == 'native:0' and a.is_contiguous for a in y)
    assert _arrays.shares_host(y[0])


def test_objects(comm):
    assert comm.bcast_obj({'rank': comm.rank}, root=comm.size - 1) == {'rank': comm.size - 1}
    assert comm.allreduce_obj(comm.rank) == sum(range(comm.size))
    assert comm.allreduce_obj(numpy.array([0.1 * comm.rank])) == pytest.approx(
        [0.1 * sum(range(comm.size))])
    gathered = comm.gather_obj(('x', comm.rank))
    assert gathered == ([('x', r) for r in range(comm.size)] if comm.rank == 0 else None)
    big = comm.bcast_obj(list(range(1000)) if comm.rank == 0 else None, max_buf_len=100)
    assert big == list(range(1000))
    if comm.size >= 2:
        if comm.rank == 0:
            comm.send_obj({'a': 1}, dest=1, tag=7)
        elif comm.rank == 1:
            assert comm.recv_obj(0, tag=7) == {'a': 1}


def test_split(comm):
    sub = comm.split(color=comm.rank % 2, key=comm.rank)
    assert type(sub) is type(comm)
    assert sub.size == len(range(comm.rank % 2, comm.size, 2))
    assert sub.rank == comm.rank // 2
    assert float(sub.allreduce(numpy.ones((), numpy.float32))) == sub.size


def test_bad_arguments(comm):
    with pytest.raises(ValueError, match='out of range'):
        comm.send(numpy.zeros(1), dest=comm.size)
    with pytest.raises(TypeError, match='int rank'):
        comm.bcast(numpy.zeros(1), root=numpy.zeros(1))
    with pytest.raises(TypeError, match='must be a numpy, chainerx or cupy array'):
        comm.allreduce([1, 2])
    with pytest.raises(ValueError, match='one array per rank'):
        comm.alltoall([numpy.zeros(1)] * (comm.size + 1))
    with pytest.raises(ValueError, match='out of range'):
        comm.gather(numpy.zeros(1), root=-1)
    for bad in (numpy.array([object()] * comm.size), numpy.array(['ab'] * comm.size),
                numpy.zeros(2, numpy.complex64)):
        with pytest.raises(TypeError, match='boolean, integer or floating dtype'):
            comm.allreduce(bad)
        with pytest.raises(TypeError, match='boolean, integer or floating dtype'):
            comm.send(bad, dest=(comm.rank + 1) % comm.size)  # refused before anything is sent
        with pytest.raises(TypeError, match='boolean, integer or floating dtype'):
            comm.alltoall([bad] * comm.size)
    with pytest.raises(ValueError, match='unknown communicator_name'):
        chainermn.create_communicator('hierarchical-foo')
    with pytest.raises(TypeError, match='mpi4py.MPI.Comm'):
        chainermn.create_communicator('flat', mpi_comm=object())
