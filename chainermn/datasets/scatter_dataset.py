"""scatter_dataset and scatter_index: each rank gets its part of a dataset."""

import pickle

import numpy

from chainer.datasets import sub_dataset
from chainermn.communicators import communicator_base


def _bounds(n_total, size, force_equal_length):
    """``[(begin, end)]`` per rank: consecutive parts; with `force_equal_length` each is
    ceil(n/size) long, the parts overlapping by at most one example where n is not a multiple."""
    n_sub = -(-n_total // size)
    bounds = []
    for i in range(size):
        begin = n_total * i // size
        end = begin + n_sub if force_equal_length else n_total * (i + 1) // size
        bounds.append((begin, end))
    return bounds


def _check_comm(comm, root):
    communicator_base.check_communicator(comm, 'comm')
    if isinstance(root, bool) or not isinstance(root, (int, numpy.integer)) or \
            not 0 <= root < comm.size:
        raise ValueError('root must be a rank of the communicator (0..{}), got {!r}'.format(
            comm.size - 1, root))


def scatter_index(n_total_indices, comm, root=0, *, force_equal_length=True):
    """Returns ``(begin, end)``: the part of ``range(n_total_indices)`` of this rank.

    Rank `root`'s `n_total_indices` is used. With `force_equal_length` every rank gets the same
    number of indices (parts may share an index), so that all ranks run the same number of steps.
    """
    _check_comm(comm, root)
    n_total = comm.bcast_obj(int(n_total_indices) if comm.rank == root else None, root=root)
    return _bounds(n_total, comm.size, force_equal_length)[comm.rank]


def scatter_dataset(dataset, comm, root=0, shuffle=False, seed=None, max_buf_len=256 * 1024 * 1024,
                    *, force_equal_length=True):
    """Splits rank `root`'s dataset into one part per rank and returns this rank's part.

    Rank `root` sends each rank the examples of its part (pickled, in chunks of `max_buf_len`
    bytes); the other ranks' `dataset` is ignored (pass None). With `shuffle` the examples are
    dealt in a random order drawn from `seed`. With `force_equal_length` (the default) every part
    has ceil(len/size) examples, so all ranks run the same number of iterations per epoch.

    Returns:
        A :class:`chainer.datasets.SubDataset` over this rank's examples.
    """
    _check_comm(comm, root)
    if comm.rank == root:
        n_total = len(dataset)
        if shuffle:
            order = numpy.random.RandomState(seed).permutation(n_total)
        else:
            order = numpy.arange(n_total)
        mine = None
        for rank, (begin, end) in enumerate(_bounds(n_total, comm.size, force_equal_length)):
            part = [dataset[int(i)] for i in order[begin:end]]
            if rank == root:
                mine = part
            else:
                _send_pickled(comm, part, rank, max_buf_len)
        return sub_dataset.SubDataset(mine, 0, len(mine))
    mine = _recv_pickled(comm, root)
    return sub_dataset.SubDataset(mine, 0, len(mine))


def _send_pickled(comm, obj, dest, max_buf_len):
    # Pickled once and sent as byte arrays of at most max_buf_len: one MPI message holds < 2 GiB.
    payload = numpy.frombuffer(pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL), numpy.uint8)
    chunk = max(1, int(max_buf_len))
    comm.send_obj((len(payload), chunk), dest=dest)
    for start in range(0, len(payload), chunk):
        comm.send(payload[start:start + chunk], dest=dest)


def _recv_pickled(comm, source):
    length, chunk = comm.recv_obj(source=source, tag=0)
    parts = [comm.recv(source=source) for _ in range(0, length, chunk)]
    return pickle.loads(b''.join(bytes(numpy.asarray(part)) for part in parts))
