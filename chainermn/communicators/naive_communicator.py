"""NaiveCommunicator: one MPI allreduce per parameter."""

from chainermn.communicators import mpi_communicator_base


class NaiveCommunicator(mpi_communicator_base.MpiCommunicatorBase):
    """Averages each parameter's gradient with its own allreduce (simple; many small messages)."""

    _bucket_bytes = 0
