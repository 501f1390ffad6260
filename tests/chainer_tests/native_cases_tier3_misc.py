"""Native cases of the Tier 3 loss, noise and normalization functions (functions_tests/
test_native.py).

The functions are imported from their modules, so the cases work whether or not the family
packages export them yet.
"""

import warnings

import numpy

import chainer
import chainerx
from chainer.functions.loss.black_out import black_out
from chainer.functions.loss.contrastive import contrastive
from chainer.functions.loss.crf1d import argmax_crf1d
from chainer.functions.loss.crf1d import crf1d
from chainer.functions.loss.cross_covariance import cross_covariance
from chainer.functions.loss.ctc import connectionist_temporal_classification
from chainer.functions.loss.decov import decov
from chainer.functions.loss.discriminative_loss import discriminative_margin_based_clustering_loss
from chainer.functions.loss.negative_sampling import negative_sampling
from chainer.functions.loss.triplet import triplet
from chainer.functions.noise.gumbel_softmax import gumbel_softmax
from chainer.functions.noise.simplified_dropconnect import simplified_dropconnect
from chainer.functions.noise.zoneout import zoneout
from chainer.functions.normalization.batch_renormalization import batch_renormalization
from chainer.functions.normalization.batch_renormalization import fixed_batch_renormalization
from chainer.functions.normalization.decorrelated_batch_normalization import (
    decorrelated_batch_normalization)
from chainer.functions.normalization.decorrelated_batch_normalization import (
    fixed_decorrelated_batch_normalization)


def _x(*shape, seed=0, low=-1, high=1):
    values = numpy.random.RandomState(seed).uniform(low, high, shape)
    return chainer.Variable(chainerx.array(values))


def _ints(values):
    return chainerx.array(numpy.asarray(values, numpy.int32))


def _ctc():
    frames = [_x(2, 4, seed=i) for i in range(3)]
    return (connectionist_temporal_classification(frames, _ints([[1, 2], [3, 3]]), 0),
            connectionist_temporal_classification(
                frames, _ints([[1, 2], [3, 3]]), 0, input_length=_ints([3, 2]),
                label_length=_ints([1, 2]), reduce='no'))


def _zoneout():
    with chainer.using_config('train', True):
        return zoneout(_x(2, 3), _x(2, 3, seed=1), ratio=0.4)


def _batch_renormalization():
    mean, var = chainerx.zeros((3,), 'float64'), chainerx.ones((3,), 'float64')
    return batch_renormalization(_x(4, 3, 2), _x(3, low=.5), _x(3), 2., 1., running_mean=mean,
                                 running_var=var, update_statistics=True)


def _fixed_batch_renormalization():
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', DeprecationWarning)
        return fixed_batch_renormalization(_x(4, 3), _x(3), _x(3), _x(3), _x(3, low=.5))


def _decorrelated_batch_normalization():
    mean, projection = chainerx.zeros((2, 2), 'float64'), chainerx.zeros((2, 2, 2), 'float64')
    return decorrelated_batch_normalization(_x(5, 4, 2), groups=2, running_mean=mean,
                                            running_projection=projection)


def _crf1d_inputs():
    steps = [_x(3, 3, seed=1), _x(2, 3, seed=2), _x(1, 3, seed=3)]
    return _x(3, 3), steps, [_ints([0, 2, 1]), _ints([1, 1]), _ints([2])]


def _crf1d():
    cost, xs, ys = _crf1d_inputs()
    return crf1d(cost, xs, ys), crf1d(cost, xs, ys, reduce='no')


def _argmax_crf1d():
    cost, xs, _ = _crf1d_inputs()
    return argmax_crf1d(cost, xs)  # (score, path): the score is the Variable


def _samples(shape):
    return _ints([[0, 2, 3], [0, 1, 4], [0, 5, 2]])


CASES = {
    'argmax_crf1d': _argmax_crf1d,
    'batch_renormalization': _batch_renormalization,
    'black_out': lambda: (
        black_out(_x(3, 4), _ints([1, 0, 5]), _x(6, 4, seed=1), _ints([[2, 3], [1, 5], [0, 2]])),
        black_out(_x(3, 4), _ints([1, 0, 5]), _x(6, 4, seed=1), _ints([[2, 3], [1, 5], [0, 2]]),
                  reduce='no')),
    'connectionist_temporal_classification': _ctc,
    'contrastive': lambda: (contrastive(_x(3, 4), _x(3, 4, seed=1), _ints([0, 1, 0])),
                           contrastive(_x(2, 2), _x(2, 2), _ints([0, 1]), reduce='no')),
    'crf1d': _crf1d,
    'cross_covariance': lambda: (cross_covariance(_x(4, 3), _x(4, 2, seed=1)),
                                 cross_covariance(_x(4, 3), _x(4, 2, seed=1), reduce='no')),
    'decorrelated_batch_normalization': _decorrelated_batch_normalization,
    'decov': lambda: (decov(_x(4, 3)), decov(_x(4, 3), reduce='no')),
    'fixed_batch_renormalization': _fixed_batch_renormalization,
    'fixed_decorrelated_batch_normalization': lambda: fixed_decorrelated_batch_normalization(
        _x(3, 4, 2), _x(2, 2, seed=1), _x(2, 2, 2, seed=2), groups=2),
    'discriminative_margin_based_clustering_loss': lambda: (
        discriminative_margin_based_clustering_loss(
            _x(2, 3, 3, 4), _ints(numpy.random.RandomState(0).randint(0, 5, (2, 3, 4))), 0.3, 1.0, 3)
        + discriminative_margin_based_clustering_loss(
            _x(2, 3, 3, 4), _ints(numpy.random.RandomState(0).randint(0, 5, (2, 3, 4))), 0.3, 1.0, 3,
            norm=2)),
    'gumbel_softmax': lambda: gumbel_softmax(_x(3, 4), tau=0.5),
    'negative_sampling': lambda: (
        negative_sampling(_x(3, 4), _ints([1, -1, 5]), _x(6, 4, seed=1), _samples, 2),
        negative_sampling(_x(3, 4), _ints([1, -1, 5]), _x(6, 4, seed=1), _samples, 2, reduce='no')),
    'simplified_dropconnect': lambda: (
        simplified_dropconnect(_x(3, 4), _x(2, 4, seed=1), _x(2, seed=2)),
        simplified_dropconnect(_x(3, 2, 2), _x(2, 4, seed=1), use_batchwise_mask=False)),
    'triplet': lambda: (triplet(_x(3, 4), _x(3, 4, seed=1), _x(3, 4, seed=2), margin=1.),
                        triplet(_x(3, 4), _x(3, 4, seed=1), _x(3, 4, seed=2), reduce='no')),
    'zoneout': _zoneout,
}
