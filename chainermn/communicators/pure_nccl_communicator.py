"""PureNcclCommunicator: gradients averaged on the GPUs with NCCL (MPI only sets it up)."""

import numpy

from chainer import backend
from chainermn.communicators import _grad_buckets
from chainermn.communicators import mpi_communicator_base


def _nccl():
    try:
        import cupy
        from cupy.cuda import nccl
    except ImportError as error:
        raise RuntimeError("communicator 'pure_nccl' needs CuPy with NCCL (cupy.cuda.nccl) and "
                           'a GPU; use \'flat\' for CPU training') from error
    if cupy.cuda.runtime.getDeviceCount() == 0:
        raise RuntimeError("communicator 'pure_nccl' needs a GPU; none is visible")
    return cupy, nccl


_NCCL_TYPES = {'float16': 'NCCL_FLOAT16', 'float32': 'NCCL_FLOAT32', 'float64': 'NCCL_FLOAT64'}


class PureNcclCommunicator(mpi_communicator_base.MpiCommunicatorBase):
    """Averages GPU gradients with one ncclAllReduce per dtype on the GPUs; everything else
    (objects, arrays, set-up) goes over MPI like the other communicators.

    Gradients are packed into one device buffer per dtype (or `allreduce_grad_dtype`, e.g. float16
    to halve the traffic), summed in place by NCCL on the current stream, divided by the number of
    ranks and written back. The NCCL communicator is made on first use, on the current device
    (pick it from ``intra_rank``).
    """

    def __init__(self, mpi_comm=None, allreduce_grad_dtype=None):
        self._cupy, self._nccl_module = _nccl()  # before any collective: every rank fails alike
        super().__init__(mpi_comm)
        if allreduce_grad_dtype is not None:
            allreduce_grad_dtype = numpy.dtype(allreduce_grad_dtype)
            if allreduce_grad_dtype.name not in _NCCL_TYPES:
                raise ValueError('allreduce_grad_dtype must be float16, float32 or float64, got '
                                 '{}'.format(allreduce_grad_dtype))
        self.allreduce_grad_dtype = allreduce_grad_dtype
        self._nccl_comm = None

    def _nccl_communicator(self):
        if self._nccl_comm is None:
            nccl = self._nccl_module
            uid = self.mpi_comm.bcast(nccl.get_unique_id() if self.rank == 0 else None, root=0)
            self._nccl_comm = nccl.NcclCommunicator(self.size, uid, self.rank)
        return self._nccl_comm

    def multi_node_mean_grad(self, model, zero_fill=False):
        named = _grad_buckets.initialized_params(model)
        self._check_agree(_grad_buckets.GradLayout.signature(named),
                          'multi_node_mean_grad: parameters (name, shape, dtype)')
        groups = {}
        for _, param in named:
            groups.setdefault(numpy.dtype(param.array.dtype).name, []).append(param)
        for name in sorted(groups):
            self._mean_group(groups[name], zero_fill)

    def _mean_group(self, params, zero_fill):
        nccl = self._nccl_module
        xp = backend.get_array_module(params[0].array)
        dtype = self.allreduce_grad_dtype or numpy.dtype(params[0].array.dtype)
        # the has-gradient counts ride along, as in Note [Gradient buckets]
        parts = [(xp.zeros_like(p.array) if p.grad is None else p.grad).reshape(-1).astype(dtype)
                 for p in params]
        device = backend.get_device_from_array(params[0].array)
        parts.append(device.send(numpy.array([0 if p.grad is None else 1 for p in params], dtype)))
        buffer = xp.concatenate(parts)
        pointer = buffer.data_ptr + buffer.offset if hasattr(buffer, 'data_ptr') else \
            buffer.data.ptr
        stream = self._cupy.cuda.get_current_stream().ptr
        self._nccl_communicator().allReduce(
            pointer, pointer, buffer.size, getattr(nccl, _NCCL_TYPES[dtype.name]), nccl.NCCL_SUM,
            stream)
        counts = backend.CpuDevice().send(buffer[buffer.size - len(params):])
        offset = 0
        for param, count in zip(params, counts):
            size = param.array.size
            if count or zero_fill:
                mean = (buffer[offset:offset + size] / self.size).reshape(param.array.shape)
                mean = mean.astype(param.array.dtype)
                if param.grad is None:
                    param.grad = mean
                else:
                    param.grad[...] = mean
            offset += size

    def finalize(self):
        if self._nccl_comm is not None:
            self._nccl_comm.destroy()
            self._nccl_comm = None
