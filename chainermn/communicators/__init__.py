"""create_communicator and the communicator classes."""

from chainermn import _mpi
from chainermn.communicators.communicator_base import CommunicatorBase  # NOQA
from chainermn.communicators.flat_communicator import FlatCommunicator
from chainermn.communicators.mpi_communicator_base import MpiCommunicatorBase  # NOQA
from chainermn.communicators.naive_communicator import NaiveCommunicator
from chainermn.communicators.non_cuda_aware_communicator import NonCudaAwareCommunicator

_COMMUNICATORS = {
    'naive': NaiveCommunicator,
    'flat': FlatCommunicator,
    'non_cuda_aware': NonCudaAwareCommunicator,
}


def _pure_nccl(mpi_comm, allreduce_grad_dtype=None):
    from chainermn.communicators import pure_nccl_communicator
    return pure_nccl_communicator.PureNcclCommunicator(
        mpi_comm, allreduce_grad_dtype=allreduce_grad_dtype)


def create_communicator(communicator_name=None, mpi_comm=None, allreduce_grad_dtype=None,
                        batched_copy=False):
    """Creates a communicator over the processes of `mpi_comm` (default: COMM_WORLD).

    Args:
        communicator_name: 'naive' (one allreduce per parameter), 'flat' (one per dtype, host
            memory), 'non_cuda_aware' (GPU arrays staged through host memory over MPI) or
            'pure_nccl' (NCCL on GPUs; needs CuPy with NCCL). ``None`` (the default) picks 'flat'.
        mpi_comm: An ``mpi4py.MPI.Comm``.
        allreduce_grad_dtype: 'pure_nccl' only: the dtype gradients are summed in (e.g. float16).
        batched_copy: Accepted for compatibility (packing is always one pass per bucket here).

    Also makes an uncaught exception in any rank abort the whole job (Note [Abort on exception]).
    """
    del batched_copy
    name = 'flat' if communicator_name is None else communicator_name
    if name == 'pure_nccl':
        communicator = _pure_nccl(mpi_comm, allreduce_grad_dtype)
    elif name in _COMMUNICATORS:
        if allreduce_grad_dtype is not None:
            raise ValueError('allreduce_grad_dtype is only supported by pure_nccl')
        communicator = _COMMUNICATORS[name](mpi_comm=mpi_comm)
    else:
        raise ValueError('unknown communicator_name {!r}; expected one of {}'.format(
            communicator_name, sorted(list(_COMMUNICATORS) + ['pure_nccl'])))
    _mpi.install_abort_on_exception()
    return communicator
