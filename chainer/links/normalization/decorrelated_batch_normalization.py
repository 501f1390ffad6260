"""L.DecorrelatedBatchNormalization: whitening of channel groups with running statistics."""

import numpy

from chainer import configuration
from chainer import link
from chainer.functions.normalization.decorrelated_batch_normalization import (
    decorrelated_batch_normalization, fixed_decorrelated_batch_normalization)
from chainer.links.normalization import _util
from chainer.utils import argument


class DecorrelatedBatchNormalization(link.Link):
    """Decorrelated batch normalization layer (Huang et al., CVPR 2018).

    The channels are split into `groups` groups of C = size / groups channels, each whitened with
    the ZCA projection of its batch covariance in training mode (see
    :func:`chainer.functions.decorrelated_batch_normalization`), which also updates the running
    mean and projection; test mode projects with the running statistics. Fine-tuning and
    recomputation behave as in :class:`BatchNormalization`.

    Args:
        size (int): The number of channels.
        groups (int): The number of channel groups; it must divide `size`.
        decay (float): Decay of the running averages.
        eps (float): Added to the diagonal of the covariances.
        dtype: The dtype of the running statistics.

    Raises:
        ValueError: `groups` is not a positive divisor of `size`.

    Attributes:
        avg_mean (array): The running means, of shape (groups, C) (persistent).
        avg_projection (array): The running projections, of shape (groups, C, C), identities at
            first (persistent).
        N (int): The number of fine-tuning steps since ``start_finetuning`` (persistent).
    """

    def __init__(self, size, groups=16, decay=0.9, eps=2e-5, dtype=numpy.float32):
        super().__init__()
        if not isinstance(groups, int) or groups <= 0 or size % groups:
            raise ValueError('groups must be a positive divisor of size {}, got {}'.format(
                size, groups))
        channels = size // groups
        dtype = numpy.dtype(dtype)
        self.add_persistent('avg_mean', numpy.zeros((groups, channels), dtype))
        self.add_persistent('avg_projection', numpy.broadcast_to(
            numpy.eye(channels, dtype=dtype), (groups, channels, channels)).copy())
        self.add_persistent('N', 0)
        self.decay = decay
        self.eps = eps
        self.groups = groups

    def forward(self, x, **kwargs):
        """forward(self, x, finetune=False)

        Whitens `x` with its batch statistics in training mode, with the running ones in test
        mode.

        Args:
            x (~chainer.Variable or array): Input of shape (N, size, ...).
            finetune (bool): Fine-tuning mode (see :meth:`BatchNormalization.forward`).

        Returns:
            ~chainer.Variable: The whitened x.
        """
        finetune, = argument.parse_kwargs(kwargs, ('finetune', False), test=_util.TEST_RETIRED)
        if not configuration.config.train:
            return fixed_decorrelated_batch_normalization(
                x, self.avg_mean, self.avg_projection, groups=self.groups)
        decay = _util.next_decay(self, finetune)
        running = (self.avg_mean, self.avg_projection)
        if configuration.config.in_recomputing:
            if finetune:
                self.N -= 1
            running = (None, None)
        return decorrelated_batch_normalization(
            x, groups=self.groups, eps=self.eps, running_mean=running[0],
            running_projection=running[1], decay=decay)

    def start_finetuning(self):
        """Resets the fine-tuning step count N (call it before fine-tuning)."""
        self.N = 0
