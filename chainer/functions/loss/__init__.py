"""chainer.functions: the loss family (its public names are listed in __all__)."""

from chainer.functions.loss.absolute_error import absolute_error  # NOQA
from chainer.functions.loss.hinge import hinge  # NOQA
from chainer.functions.loss.huber_loss import huber_loss  # NOQA
from chainer.functions.loss.mean_absolute_error import mean_absolute_error  # NOQA
from chainer.functions.loss.mean_squared_error import mean_squared_error  # NOQA
from chainer.functions.loss.sigmoid_cross_entropy import sigmoid_cross_entropy  # NOQA
from chainer.functions.loss.softmax_cross_entropy import softmax_cross_entropy  # NOQA
from chainer.functions.loss.squared_error import squared_difference  # NOQA
from chainer.functions.loss.squared_error import squared_error  # NOQA
from chainer.functions.loss.vae import bernoulli_nll  # NOQA
from chainer.functions.loss.vae import gaussian_kl_divergence  # NOQA
from chainer.functions.loss.vae import gaussian_nll  # NOQA
from chainer.functions.loss.black_out import black_out  # NOQA
from chainer.functions.loss.contrastive import contrastive  # NOQA
from chainer.functions.loss.crf1d import argmax_crf1d  # NOQA
from chainer.functions.loss.crf1d import crf1d  # NOQA
from chainer.functions.loss.cross_covariance import cross_covariance  # NOQA
from chainer.functions.loss.ctc import connectionist_temporal_classification  # NOQA
from chainer.functions.loss.decov import decov  # NOQA
from chainer.functions.loss.discriminative_loss import (  # NOQA
    discriminative_margin_based_clustering_loss)
from chainer.functions.loss.negative_sampling import negative_sampling  # NOQA
from chainer.functions.loss.triplet import triplet  # NOQA

__all__ = [
    'absolute_error', 'argmax_crf1d', 'bernoulli_nll', 'black_out',
    'connectionist_temporal_classification', 'contrastive', 'crf1d', 'cross_covariance', 'decov',
    'discriminative_margin_based_clustering_loss', 'gaussian_kl_divergence', 'gaussian_nll',
    'hinge', 'huber_loss', 'mean_absolute_error', 'mean_squared_error', 'negative_sampling',
    'sigmoid_cross_entropy', 'softmax_cross_entropy', 'squared_difference', 'squared_error',
    'triplet',
]
# Each name's forward is a chainerx composition recorded by chainerx (forward_chainerx), a
# composition of native chainer functions (the vae losses, crf1d, the sampled losses, the
# clustering loss), or, for CTC, a forward run on chainerx arrays as they are
# (_chainerx_xp_forward).
NATIVE = frozenset(__all__)
