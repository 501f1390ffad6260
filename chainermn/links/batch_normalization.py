"""MultiNodeBatchNormalization and create_mnbn_model."""

import copy

import chainer
from chainer import links
from chainermn.functions import batch_normalization as mn_batch_normalization


class MultiNodeBatchNormalization(links.BatchNormalization):
    """L.BatchNormalization whose training-mode statistics are those of all ranks' batches.

    In data-parallel training each rank normalizes with its own small batch unless the statistics
    are shared; this link allreduces them (Note [Multi-node batch statistics]), so training behaves
    as one process with the global batch. Test mode, the running statistics, fine-tuning and the
    parameters are those of :class:`chainer.links.BatchNormalization`.

    Args:
        size: The shape of gamma, beta and the statistics (the number of channels).
        comm: A chainermn communicator.
        decay, eps, dtype, use_gamma, use_beta, initial_gamma, initial_beta: As for
            :class:`chainer.links.BatchNormalization`.
        communication_backend: Accepted for the original's signature; the statistics always go
            through `comm`'s allreduce.
    """

    def __init__(self, size, comm, decay=0.9, eps=2e-5, dtype=None, use_gamma=True,
                 use_beta=True, initial_gamma=None, initial_beta=None,
                 communication_backend='auto'):
        super().__init__(size, decay=decay, eps=eps, dtype=dtype, use_gamma=use_gamma,
                         use_beta=use_beta, initial_gamma=initial_gamma,
                         initial_beta=initial_beta)
        if communication_backend not in ('auto', 'mpi', 'nccl'):
            raise ValueError("communication_backend must be 'auto', 'mpi' or 'nccl', got "
                             '{!r}'.format(communication_backend))
        self.comm = comm

    def _normalize_batch(self, x, gamma, beta, decay, update):
        running = (self.avg_mean, self.avg_var) if update else (None, None)
        return mn_batch_normalization.multi_node_batch_normalization(
            x, gamma, beta, self.comm, eps=self.eps, axis=self.axis, running_mean=running[0],
            running_var=running[1], decay=decay)


def create_mnbn_model(link, comm, communication_backend='auto'):
    """A copy of `link` in which every L.BatchNormalization is a MultiNodeBatchNormalization
    (with the same parameters and statistics).

    Args:
        link: A link (a Chain, a ChainList or a BatchNormalization itself).
        comm: A chainermn communicator.
        communication_backend: Passed to every MultiNodeBatchNormalization.
    """
    return _converted(copy.deepcopy(link), comm, communication_backend)


def _converted(link, comm, communication_backend):
    """`link` with its batch normalizations replaced, in place (a new link if it is one)."""
    if isinstance(link, links.BatchNormalization):
        if isinstance(link, MultiNodeBatchNormalization):
            return link
        converted = MultiNodeBatchNormalization(
            link.avg_mean.shape, comm, decay=link.decay, eps=link.eps,
            dtype=link.avg_mean.dtype, use_gamma=link.gamma is not None,
            use_beta=link.beta is not None, communication_backend=communication_backend)
        converted.to_device(link.device)
        converted.copyparams(link)
        converted.avg_mean[...] = link.avg_mean
        converted.avg_var[...] = link.avg_var
        converted.N = link.N
        return converted
    if isinstance(link, chainer.Chain):
        for name, child in link._named_children():
            replacement = _converted(child, comm, communication_backend)
            if replacement is not child:
                delattr(link, name)
                link.add_link(name, replacement)
    elif isinstance(link, chainer.ChainList):
        for index, child in enumerate(list(link)):
            replacement = _converted(child, comm, communication_backend)
            if replacement is not child:
                link[index] = replacement
    return link
