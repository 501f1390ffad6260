"""FlatCommunicator: all gradients of a dtype in one buffer, one MPI allreduce."""

from chainermn.communicators import mpi_communicator_base


class FlatCommunicator(mpi_communicator_base.MpiCommunicatorBase):
    """Packs every gradient into one host buffer per dtype and averages it with one allreduce."""

    _bucket_bytes = None
