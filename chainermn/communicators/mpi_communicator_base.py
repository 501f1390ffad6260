"""MpiCommunicatorBase: every collective of a communicator over an mpi4py communicator."""

import pickle

import numpy

from chainermn import _mpi
from chainermn.communicators import _arrays
from chainermn.communicators import _grad_buckets
from chainermn.communicators import communicator_base

_DEFAULT_MAX_BUF_LEN = 256 * 1024 * 1024
_ALIGNMENT = 64  # bytes between the arrays that gather/allgather/alltoall receive into one buffer


class MpiCommunicatorBase(communicator_base.CommunicatorBase):
    """A communicator on an ``mpi4py.MPI.Comm`` (COMM_WORLD by default).

    Arrays move through mpi4py's buffer interface (Note [Zero-copy buffers]); only small headers
    (shapes and dtypes) and ``*_obj`` objects are pickled. Collectives check that the ranks agree on
    shapes and dtypes where MPI itself cannot, and raise ValueError on every rank when they do not.
    Subclasses differ in how :meth:`multi_node_mean_grad` buckets the gradients
    (Note [Gradient buckets]): `_bucket_bytes`.
    """

    _bucket_bytes = None

    def __init__(self, mpi_comm=None):
        MPI = _mpi.mpi()
        if mpi_comm is None:
            mpi_comm = MPI.COMM_WORLD
        if not isinstance(mpi_comm, MPI.Comm):
            raise TypeError('mpi_comm must be an mpi4py.MPI.Comm, got {}'.format(
                type(mpi_comm).__name__))
        self.mpi_comm = mpi_comm
        self._rank = mpi_comm.Get_rank()
        self._size = mpi_comm.Get_size()
        # The processes of one machine share memory; machines are numbered in the order of their
        # lowest rank.
        local = mpi_comm.Split_type(MPI.COMM_TYPE_SHARED, key=self._rank)
        self._intra_rank = local.Get_rank()
        self._intra_size = local.Get_size()
        leader = local.bcast(self._rank, root=0)
        local.Free()
        leaders = sorted(set(mpi_comm.allgather(leader)))
        self._inter_rank = leaders.index(leader)
        self._inter_size = len(leaders)
        self._layouts = {}

    def __repr__(self):
        return '<{} rank {} of {}>'.format(type(self).__name__, self._rank, self._size)

    rank = property(lambda self: self._rank, doc=communicator_base.CommunicatorBase.rank.__doc__)
    size = property(lambda self: self._size, doc=communicator_base.CommunicatorBase.size.__doc__)
    intra_rank = property(lambda self: self._intra_rank)
    intra_size = property(lambda self: self._intra_size)
    inter_rank = property(lambda self: self._inter_rank)
    inter_size = property(lambda self: self._inter_size)

    def split(self, color, key):
        return type(self)(mpi_comm=self.mpi_comm.Split(color, key))

    # --- checks ---------------------------------------------------------------------------------

    def _check_rank(self, rank, what):
        return communicator_base.check_rank(rank, self._size, what)

    def _check_agree(self, value, what, fingerprint=None):
        """Raises ValueError on every rank unless all ranks pass equal `value` (a picklable
        description, or its `fingerprint` if already computed); one tiny allreduce when they
        agree (none for a single process)."""
        if self._size == 1:
            return
        MPI = _mpi.mpi()
        if fingerprint is None:
            fingerprint = _grad_buckets.GradLayout.fingerprint(value)
        bounds = numpy.array([fingerprint, -fingerprint], numpy.int64)
        self.mpi_comm.Allreduce(MPI.IN_PLACE, [bounds, MPI.INT64_T], MPI.MAX)
        if bounds[0] != -bounds[1]:
            values = self.mpi_comm.allgather(value)
            raise ValueError('{}: the ranks disagree: {}'.format(
                what, '; '.join('rank {}: {}'.format(r, v) for r, v in enumerate(values))))

    @staticmethod
    def _header(x):
        return (_arrays.kind(x), tuple(x.shape), numpy.dtype(x.dtype).str)

    @staticmethod
    def _new(header):
        array_kind, shape, dtype = header
        return _arrays.empty(array_kind, shape, numpy.dtype(dtype))

    # --- point to point ---------------------------------------------------------------------

    def send(self, data, dest, tag=0):
        MPI = _mpi.mpi()
        dest = self._check_rank(dest, 'dest')
        many = isinstance(data, (tuple, list))
        arrays = tuple(data) if many else (data,)
        for x in arrays:
            _arrays.check_array(x, 'send: data')
        self.mpi_comm.send((many, [self._header(x) for x in arrays]), dest=dest, tag=tag)
        for x in arrays:
            self.mpi_comm.Send([_arrays.host_buffer(x), MPI.BYTE], dest=dest, tag=tag)

    def recv(self, source, tag=0):
        MPI = _mpi.mpi()
        if source != MPI.ANY_SOURCE:
            source = self._check_rank(source, 'source')
        status = MPI.Status()
        many, headers = self.mpi_comm.recv(source=source, tag=tag, status=status)
        source, tag = status.Get_source(), status.Get_tag()
        arrays = []
        for header in headers:
            out = self._new(header)
            buffer, finish = _arrays.receive_buffer(out)
            self.mpi_comm.Recv([buffer, MPI.BYTE], source=source, tag=tag)
            finish()
            arrays.append(out)
        return tuple(arrays) if many else arrays[0]

    # --- collectives on arrays ----------------------------------------------------------------

    def bcast(self, data, max_buf_len=None, root=0):
        MPI = _mpi.mpi()
        root = self._check_rank(root, 'root')
        if self._rank == root:
            _arrays.check_array(data, 'bcast: data')
        header = self.mpi_comm.bcast(self._header(data) if self._rank == root else None, root=root)
        if self._rank == root:
            self.mpi_comm.Bcast([_arrays.host_buffer(data), MPI.BYTE], root=root)
            return data
        out = self._new(header)
        buffer, finish = _arrays.receive_buffer(out)
        self.mpi_comm.Bcast([buffer, MPI.BYTE], root=root)
        finish()
        return out

    def _gatherv(self, x, root):
        """Gathers every rank's array into one aligned byte buffer; returns the arrays (views)."""
        MPI = _mpi.mpi()
        headers = (self.mpi_comm.allgather(self._header(x)) if root is None
                   else self.mpi_comm.gather(self._header(x), root=root))
        send = _arrays.host_buffer(x)
        if root is not None and self._rank != root:
            self.mpi_comm.Gatherv([send, MPI.BYTE], None, root=root)
            return None
        buffer, counts, offsets = _receive_layout(headers)
        spec = [buffer, counts, offsets, MPI.BYTE]
        if root is None:
            self.mpi_comm.Allgatherv([send, MPI.BYTE], spec)
        else:
            self.mpi_comm.Gatherv([send, MPI.BYTE], spec, root=root)
        return _arrays_in(buffer, headers, offsets)

    def gather(self, data, root=0):
        _arrays.check_array(data, 'gather: data')
        return self._gatherv(data, self._check_rank(root, 'root'))

    def allgather(self, x):
        _arrays.check_array(x, 'allgather: x')
        return self._gatherv(x, None)

    def scatter(self, xs, root=0):
        MPI = _mpi.mpi()
        root = self._check_rank(root, 'root')
        headers = None
        if self._rank == root:
            if _arrays.is_array(xs):
                xs = tuple(xs[i] for i in range(len(xs)))
            if not isinstance(xs, (tuple, list)) or len(xs) != self._size:
                raise ValueError('scatter: xs must hold one array per rank ({}), got {}'.format(
                    self._size, len(xs) if isinstance(xs, (tuple, list)) else type(xs).__name__))
            for x in xs:
                _arrays.check_array(x, 'scatter: xs[i]')
            headers = [self._header(x) for x in xs]
        header = self.mpi_comm.scatter(headers, root=root)
        out = self._new(header)
        buffer, finish = _arrays.receive_buffer(out)
        if self._rank == root:
            send, counts, offsets = _receive_layout(headers)
            for x, offset, count in zip(xs, offsets, counts):
                send[offset:offset + count] = _arrays.host_buffer(x).reshape(-1).view(numpy.uint8)
            self.mpi_comm.Scatterv([send, counts, offsets, MPI.BYTE], [buffer, MPI.BYTE], root=root)
        else:
            self.mpi_comm.Scatterv(None, [buffer, MPI.BYTE], root=root)
        finish()
        return out

    def alltoall(self, xs):
        MPI = _mpi.mpi()
        if not isinstance(xs, (tuple, list)) or len(xs) != self._size:
            raise ValueError('alltoall: xs must hold one array per rank ({}), got {}'.format(
                self._size, len(xs) if isinstance(xs, (tuple, list)) else type(xs).__name__))
        for x in xs:
            _arrays.check_array(x, 'alltoall: xs[i]')
        headers = self.mpi_comm.alltoall([self._header(x) for x in xs])
        send, send_counts, send_offsets = _receive_layout([self._header(x) for x in xs])
        for x, offset, count in zip(xs, send_offsets, send_counts):
            send[offset:offset + count] = _arrays.host_buffer(x).reshape(-1).view(numpy.uint8)
        buffer, counts, offsets = _receive_layout(headers)
        self.mpi_comm.Alltoallv([send, send_counts, send_offsets, MPI.BYTE],
                                [buffer, counts, offsets, MPI.BYTE])
        return _arrays_in(buffer, headers, offsets)

    def allreduce(self, data):
        MPI = _mpi.mpi()
        _arrays.check_array(data, 'allreduce: data')
        header = self._header(data)
        self._check_agree(header[1:], 'allreduce: shape and dtype')
        dtype = numpy.dtype(header[2])
        reduced = _mpi.reduction_dtype(dtype)
        op, datatype = _mpi.sum_op_and_type(reduced)
        if reduced == dtype:
            out = self._new(header)
            buffer, finish = _arrays.receive_buffer(out)
            self.mpi_comm.Allreduce([_arrays.host_buffer(data), datatype], [buffer, datatype], op)
            finish()
            return out
        buffer = _arrays.host_buffer(data).astype(reduced)
        self.mpi_comm.Allreduce(MPI.IN_PLACE, [buffer, datatype], op)
        return _arrays.from_host(buffer.astype(dtype), header[0])

    # --- objects ------------------------------------------------------------------------------

    def send_obj(self, obj, dest, tag=0):
        self.mpi_comm.send(obj, dest=self._check_rank(dest, 'dest'), tag=tag)

    def recv_obj(self, source, status=None, tag=None):
        MPI = _mpi.mpi()
        if source != MPI.ANY_SOURCE:
            source = self._check_rank(source, 'source')
        return self.mpi_comm.recv(source=source, tag=MPI.ANY_TAG if tag is None else tag,
                                  status=status)

    def bcast_obj(self, obj, max_buf_len=None, root=0):
        # Pickled once at the root and broadcast as bytes in chunks of max_buf_len, so objects of
        # any size (a whole dataset) pass the 2 GiB limit of one MPI message.
        MPI = _mpi.mpi()
        root = self._check_rank(root, 'root')
        chunk = max_buf_len or _DEFAULT_MAX_BUF_LEN
        payload = None
        if self._rank == root:
            payload = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
        length = self.mpi_comm.bcast(len(payload) if payload is not None else None, root=root)
        buffer = (numpy.frombuffer(payload, numpy.uint8) if payload is not None
                  else numpy.empty(length, numpy.uint8))
        for start in range(0, length, chunk):
            self.mpi_comm.Bcast([buffer[start:start + chunk], MPI.BYTE], root=root)
        return obj if self._rank == root else pickle.loads(buffer.tobytes())

    def gather_obj(self, obj, root=0):
        return self.mpi_comm.gather(obj, root=self._check_rank(root, 'root'))

    def allgather_obj(self, obj):
        return self.mpi_comm.allgather(obj)

    def allreduce_obj(self, obj):
        # Summed in rank order on every rank, so all ranks get the same (bit-identical) value.
        values = self.mpi_comm.allgather(obj)
        total = values[0]
        for value in values[1:]:
            total = total + value
        return total

    # --- models -------------------------------------------------------------------------------

    def bcast_data(self, model):
        MPI = _mpi.mpi()
        named = _grad_buckets.initialized_params(model)
        self._check_agree(_grad_buckets.GradLayout.signature(named), 'bcast_data: parameters')
        for _, param in named:
            if self._rank == 0:
                self.mpi_comm.Bcast([_arrays.host_buffer(param.array), MPI.BYTE], root=0)
            else:
                buffer, finish = _arrays.receive_buffer(param.array)
                self.mpi_comm.Bcast([buffer, MPI.BYTE], root=0)
                finish()

    def multi_node_mean_grad(self, model, zero_fill=False):
        self._mean_grad_session(model, zero_fill, self._bucket_bytes).finish()

    def _mean_grad_session(self, model, zero_fill, bucket_bytes, order=None, slot=0,
                           overlap=False, through_buffers=False):
        """A :class:`~chainermn.communicators._grad_buckets.MeanGradSession` over `model`'s
        initialised parameters, after checking that every rank has the same ones. Sessions in
        flight at the same time need different `slot`s (their buffers are the slot's)."""
        named = _grad_buckets.initialized_params(model)
        # The layout (and its signature's digest) is reused while the parameters hold the same
        # array objects: shapes and dtypes cannot have changed then.
        arrays = [param.array for _, param in named]
        key = (tuple(name for name, _ in named), bucket_bytes,
               None if order is None else tuple(order), slot)
        cached = self._layouts.get(key)
        if cached is None or len(cached[1]) != len(arrays) or any(
                a is not b for a, b in zip(cached[1], arrays)) or any(
                p is not q for p, (_, q) in zip(cached[0].params, named)):
            signature = _grad_buckets.GradLayout.signature(named)
            layout = _grad_buckets.GradLayout(named, bucket_bytes, order)
            if len(self._layouts) >= 4:  # layouts of models or orders no longer used
                self._layouts.clear()
            cached = (layout, arrays, signature, _grad_buckets.GradLayout.fingerprint(signature))
            self._layouts[key] = cached
        layout, _, signature, fingerprint = cached
        self._check_agree(signature, 'multi_node_mean_grad: parameters (name, shape, dtype)',
                          fingerprint)
        return _grad_buckets.MeanGradSession(self.mpi_comm, layout, zero_fill, overlap,
                                             through_buffers)


def _receive_layout(headers):
    """``(uint8 buffer, byte counts, byte offsets)`` for arrays described by `headers`, each
    starting at a multiple of _ALIGNMENT bytes."""
    counts, offsets, end = [], [], 0
    for _, shape, dtype in headers:
        count = int(numpy.prod(shape, dtype=numpy.int64)) * numpy.dtype(dtype).itemsize
        offsets.append(end)
        counts.append(count)
        end += -(-count // _ALIGNMENT) * _ALIGNMENT
    return _aligned_bytes(end), counts, offsets


def _aligned_bytes(n):
    raw = numpy.empty(n + _ALIGNMENT, numpy.uint8)
    start = -raw.ctypes.data % _ALIGNMENT
    return raw[start:start + n]


def _arrays_in(buffer, headers, offsets):
    """The arrays described by `headers` at `offsets` in `buffer` (host arrays share it)."""
    arrays = []
    for (array_kind, shape, dtype), offset in zip(headers, offsets):
        dtype = numpy.dtype(dtype)
        count = int(numpy.prod(shape, dtype=numpy.int64))
        host = buffer[offset:offset + count * dtype.itemsize].view(dtype).reshape(shape)
        arrays.append(_arrays.from_host(host, array_kind))
    return tuple(arrays)
