"""Parameter gradients laid out in flat buffers (buckets) that MPI sums in place.

Note [Gradient buckets]
Every MPI communicator averages gradients the same way: the gradients are copied into host buffers,
one per bucket, each bucket is summed over the ranks with one MPI allreduce (non-blocking when it
overlaps backward, see MeanGradSession), and the sums divided by the number of ranks are written
back into the gradients. A bucket holds consecutive
parameters (in the layout's order) of one dtype, up to `bucket_bytes`: None makes one bucket per
dtype (the 'flat' communicator), 0 one bucket per parameter ('naive'), and the multi-node
optimizer's default a few MiB, so that the first buckets can be sent while backward still computes
the rest.

Each bucket also carries one count per parameter: 1 where this rank has a gradient, 0 where it has
none (``grad is None``), contributing zeros. After the sum every rank knows whether any rank had a
gradient; a parameter that none had keeps ``grad = None`` unless `zero_fill`, so every rank does
the same thing and parameters never drift apart, even when ranks disagree on which parameters got
gradients (the original sent garbage then).

Buckets are started strictly in order, on every rank, whatever order the gradients become ready in:
MPI requires the collectives of a communicator to be started in the same order by all processes.
"""

import zlib

import numpy

from chainer import backend
from chainermn import _mpi
from chainermn.communicators import _arrays


class _Bucket:
    def __init__(self, dtype):
        self.dtype = dtype  # the dtype of the sums (see _mpi.reduction_dtype)
        self.indexes = []  # the parameters' positions in the layout
        self.shapes = []
        self.size = 0
        self.buffer = None
        self.values = None  # per parameter, its part of the buffer shaped like the parameter
        self.counts = None  # the has-gradient counts, after the values

    def add(self, index, shape):
        self.indexes.append(index)
        self.shapes.append(tuple(shape))
        self.size += _count(shape)

    def allocate(self):
        self.buffer = numpy.empty(self.size + len(self.indexes), self.dtype)
        self.values = []
        offset = 0
        for shape in self.shapes:
            count = _count(shape)
            self.values.append(self.buffer[offset:offset + count].reshape(shape))
            offset += count
        self.counts = self.buffer[self.size:]


def initialized_params(model):
    """`model`'s ``(name, Parameter)`` pairs that have arrays, in name order (the same on every
    rank)."""
    return sorted(model.namedparams(include_uninit=False))


class GradLayout:
    """The buckets of a fixed list of initialised parameters.

    Args:
        named_params: ``(name, Parameter)`` pairs with arrays, in the same order on every rank.
        bucket_bytes: The most bytes of gradients per bucket (None: unlimited; 0: one parameter).
        order: Positions in `named_params` in the order buckets are filled (default: reversed,
            roughly the order in which backward produces the gradients).
    """

    def __init__(self, named_params, bucket_bytes, order=None):
        self.names = [name for name, _ in named_params]
        self.params = [param for _, param in named_params]
        if order is None:
            order = range(len(self.params) - 1, -1, -1)
        self.order = list(order)
        self.buckets = []
        self.bucket_of = [0] * len(self.params)
        for index in self.order:
            array = self.params[index].array
            dtype = _mpi.reduction_dtype(array.dtype)
            nbytes = array.size * dtype.itemsize
            bucket = self.buckets[-1] if self.buckets else None
            if bucket is None or bucket.dtype != dtype or (
                    bucket_bytes is not None and bucket.indexes and
                    (bucket.size * dtype.itemsize + nbytes > bucket_bytes)):
                bucket = _Bucket(dtype)
                self.buckets.append(bucket)
            bucket.add(index, array.shape)
            self.bucket_of[index] = len(self.buckets) - 1
        for bucket in self.buckets:
            bucket.allocate()

    @staticmethod
    def signature(named_params):
        """What must agree across ranks: names, shapes and dtypes, in order."""
        return [(name, tuple(param.array.shape), str(numpy.dtype(param.array.dtype)))
                for name, param in named_params]

    @staticmethod
    def fingerprint(signature):
        """A 63-bit digest of a signature, equal across processes for equal signatures."""
        digest = zlib.crc32(repr(signature).encode())
        return (digest << 31) ^ zlib.adler32(repr(signature).encode())

    def pack(self, b):
        """Copies the gradients of bucket `b` into its buffer (zeros where a gradient is None)."""
        bucket = self.buckets[b]
        counts = bucket.counts
        params = self.params
        for k, index in enumerate(bucket.indexes):
            grad = params[index].grad
            values = bucket.values[k]
            if grad is None:
                values.fill(0)
                counts[k] = 0
                continue
            view = _arrays.host_view(grad)
            numpy.copyto(values, view if view is not None else _arrays.host_buffer(grad),
                         casting='unsafe')
            counts[k] = 1
        return bucket.buffer

    def unpack(self, b, n_ranks, zero_fill):
        """Writes the summed bucket `b`, divided by `n_ranks`, into the gradients."""
        bucket = self.buckets[b]
        counts = bucket.counts
        for k, index in enumerate(bucket.indexes):
            if not counts[k] and not zero_fill:
                continue  # no rank has a gradient (Note [Gradient buckets])
            param = self.params[index]
            values = bucket.values[k]
            grad = param.grad
            if grad is None:
                grad = _zero_grad(param)
            view = _arrays.host_view(grad)
            if view is not None:
                numpy.divide(values, n_ranks, out=view, casting='unsafe')
            else:
                _arrays.write_back(grad, values / n_ranks)


def _zero_grad(param):
    """Gives `param` a gradient of zeros and returns it."""
    param.grad = backend.get_array_module(param.array).zeros_like(param.array)
    return param.grad


def _count(shape):
    count = 1
    for extent in shape:
        count *= extent
    return count


class MeanGradSession:
    """One averaging of a layout's gradients over MPI, bucket by bucket.

    With `overlap`, buckets are summed by non-blocking allreduces that run while the caller goes on
    (backward, or a whole iteration with double buffering); without it, by blocking ones, which
    Open MPI runs about twice as fast (its non-blocking collectives use slower algorithms). The
    choice must be the same on every rank (a blocking collective never matches a non-blocking one),
    so it is made by the caller, never from the order gradients happen to arrive in.

    :meth:`ready` is called with a parameter's position when its gradient is final (from the
    gradient-ready hook during backward); buckets whose parameters are all ready are started in
    order. :meth:`finish` starts the rest, waits for all and writes the means into the gradients.
    """

    def __init__(self, mpi_comm, layout, zero_fill, overlap, through_buffers=False):
        self._mpi_comm = mpi_comm
        self._overlap = overlap
        self.layout = self._layout = layout
        self._zero_fill = zero_fill
        self._remaining = [len(bucket.indexes) for bucket in layout.buckets]
        self._seen = [False] * len(layout.params)
        self._next = 0
        self._requests = []
        self.ready_order = []  # parameter positions in the order their gradients became ready
        self.n_started_early = 0  # buckets started by ready(), i.e. while backward was running
        # With one process the mean is the gradient itself: nothing is copied or sent, unless the
        # caller needs the buffers (double buffering applies them an iteration later).
        self._single = mpi_comm.Get_size() == 1 and not through_buffers

    def watched_arrays(self):
        """The parameters' chainerx arrays for the gradient-ready hook, or None if some parameter
        is not a chainerx array (then every bucket starts in :meth:`finish`)."""
        params = self._layout.params
        if not all(getattr(param, '_has_chainerx_array', False) for param in params):
            return None
        # the arrays on the graph, whose grads backward stores (`param.array` is a view with the
        # gradient stopped)
        return [param._data[0] for param in params]

    def ready(self, index):
        if self._single or self._seen[index]:
            return
        self._seen[index] = True
        self.ready_order.append(index)
        self._remaining[self._layout.bucket_of[index]] -= 1
        while self._next < len(self._remaining) and self._remaining[self._next] == 0:
            self._start(self._next)
            self.n_started_early += 1
        if self._requests:
            # MPI progresses non-blocking collectives only inside MPI calls
            _mpi.mpi().Request.Testall(self._requests)

    def _start(self, b):
        MPI = _mpi.mpi()
        buffer = self._layout.pack(b)
        op, datatype = _mpi.sum_op_and_type(buffer.dtype)
        if self._overlap:
            self._requests.append(self._mpi_comm.Iallreduce(MPI.IN_PLACE, [buffer, datatype], op))
        else:
            self._mpi_comm.Allreduce(MPI.IN_PLACE, [buffer, datatype], op)
        self._next = b + 1

    def start_all(self):
        """Starts every bucket not started yet."""
        while self._next < len(self._remaining):
            self._start(self._next)

    def _finish_single(self):
        if self._zero_fill:
            for param in self._layout.params:
                if param.grad is None:
                    _zero_grad(param)

    def finish_without_unpack(self):
        self.start_all()
        _mpi.mpi().Request.Waitall(self._requests)

    def finish(self):
        if self._single:
            self._finish_single()
            return
        self.finish_without_unpack()
        n_ranks = self._mpi_comm.Get_size()
        for b in range(len(self._layout.buckets)):
            self._layout.unpack(b, n_ranks, self._zero_fill)
