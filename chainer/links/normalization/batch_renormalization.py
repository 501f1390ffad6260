"""L.BatchRenormalization: batch normalization corrected toward the running statistics."""

import numpy

from chainer.functions.normalization.batch_renormalization import batch_renormalization
from chainer.links.normalization import batch_normalization


class BatchRenormalization(batch_normalization.BatchNormalization):
    """Batch renormalization layer (Ioffe, 2017).

    In training mode it normalizes with :func:`chainer.functions.batch_renormalization`: the batch
    statistics corrected by r = clip(std / running_std, 1 / rmax, rmax) and
    d = clip((mean - running_mean) / running_std, -dmax, dmax), which updates the running
    statistics like :class:`BatchNormalization`; in test mode it is batch normalization with the
    running statistics. The parameters are those of :class:`BatchNormalization` (normalizing
    over axis 0 and the axes after the parameters').

    Args:
        size (int or tuple of ints): The shape of gamma, beta and the statistics.
        rmax (float): The bound of r (at least 1).
        dmax (float): The bound of d (at least 0).
        decay (float): Decay of the running averages.
        eps (float): Added to the variance for stability.
        dtype: The dtype of the parameters and statistics.
        use_gamma (bool): Learn a scale.
        use_beta (bool): Learn a shift.
        initial_gamma: Initializer of gamma (default 1).
        initial_beta: Initializer of beta (default 0).
        initial_avg_mean: Initializer of the running mean (default 0).
        initial_avg_var: Initializer of the running variance (default 1).
    """

    def __init__(self, size, rmax=1, dmax=0, decay=0.9, eps=2e-5, dtype=numpy.float32,
                 use_gamma=True, use_beta=True, initial_gamma=None, initial_beta=None,
                 initial_avg_mean=None, initial_avg_var=None):
        super().__init__(size, decay, eps, dtype, use_gamma, use_beta, initial_gamma,
                         initial_beta, initial_avg_mean=initial_avg_mean,
                         initial_avg_var=initial_avg_var)
        self.rmax = rmax
        self.dmax = dmax

    def forward(self, x, finetune=False):
        """Renormalizes `x` in training mode, normalizes it with the stored statistics in test mode.

        Args:
            x (~chainer.Variable or array): The input batch.
            finetune (bool): Fine-tuning mode (see :meth:`BatchNormalization.forward`).

        Returns:
            ~chainer.Variable: The normalized x.
        """
        return self._forward(x, finetune)

    def _normalize_batch(self, x, gamma, beta, decay, update):
        return batch_renormalization(
            x, gamma, beta, self.rmax, self.dmax, self.eps, self.avg_mean, self.avg_var, decay,
            update_statistics=update)
