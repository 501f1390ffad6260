"""AllreducePersistent: persistent arrays (running statistics) averaged over the ranks."""

from chainer.training import extension


class AllreducePersistent(extension.Extension):
    """Replaces every persistent array of `model` by its mean over the ranks (each epoch).

    Data-parallel training keeps the parameters identical on every rank, but the persistent values
    of a link (BatchNormalization's running mean and variance) are updated from each rank's own
    batches and drift apart; averaging them before evaluation or a snapshot makes every rank hold
    the statistics of the whole data. Persistent values that are not arrays (counters) are left as
    they are.

    Args:
        model: The link whose persistent arrays are averaged (every rank passes the same
            architecture).
        comm: A chainermn communicator.
    """

    trigger = 1, 'epoch'
    # before the evaluator and the snapshot, which use the statistics
    priority = extension.PRIORITY_WRITER + 1

    def __init__(self, model, comm):
        self.model = model
        self.comm = comm

    def __call__(self, trainer=None):
        for _, link in sorted(self.model.namedlinks()):
            for name in sorted(link._persistent):
                value = getattr(link, name)
                if value is None or not hasattr(value, 'shape') or not hasattr(value, 'dtype'):
                    continue
                total = self.comm.allreduce(value)
                value[...] = total / self.comm.size
