"""NonCudaAwareCommunicator: GPU gradients averaged through host memory over MPI."""

from chainermn.communicators import mpi_communicator_base


class NonCudaAwareCommunicator(mpi_communicator_base.MpiCommunicatorBase):
    """For an MPI that cannot read GPU memory: device arrays are copied to one host buffer per
    dtype, averaged with one allreduce, and copied back (what every MPI communicator here does for
    device arrays, Note [Zero-copy buffers]); host arrays are used in place."""

    _bucket_bytes = None
