"""Native cases of the Tier 3 loss, noise and normalization functions (functions_tests/
test_native.py).

The functions are imported from their modules, so the cases work whether or not the family
packages export them yet.
"""

import warnings

import numpy

import chainer
import chainerx
from chainer.functions.loss.contrastive import contrastive
from chainer.functions.loss.cross_covariance import cross_covariance
from chainer.functions.loss.ctc import connectionist_temporal_classification
from chainer.functions.loss.decov import decov
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


CASES = {
    'batch_renormalization': _batch_renormalization,
    'connectionist_temporal_classification': _ctc,
    'contrastive': lambda: (contrastive(_x(3, 4), _x(3, 4, seed=1), _ints([0, 1, 0])),
                           contrastive(_x(2, 2), _x(2, 2), _ints([0, 1]), reduce='no')),
    'cross_covariance': lambda: (cross_covariance(_x(4, 3), _x(4, 2, seed=1)),
                                 cross_covariance(_x(4, 3), _x(4, 2, seed=1), reduce='no')),
    'decorrelated_batch_normalization': _decorrelated_batch_normalization,
    'decov': lambda: (decov(_x(4, 3)), decov(_x(4, 3), reduce='no')),
    'fixed_batch_renormalization': _fixed_batch_renormalization,
    'fixed_decorrelated_batch_normalization': lambda: fixed_decorrelated_batch_normalization(
        _x(3, 4, 2), _x(2, 2, seed=1), _x(2, 2, 2, seed=2), groups=2),
    'gumbel_softmax': lambda: gumbel_softmax(_x(3, 4), tau=0.5),
    'simplified_dropconnect': lambda: (
        simplified_dropconnect(_x(3, 4), _x(2, 4, seed=1), _x(2, seed=2)),
        simplified_dropconnect(_x(3, 2, 2), _x(2, 4, seed=1), use_batchwise_mask=False)),
    'triplet': lambda: (triplet(_x(3, 4), _x(3, 4, seed=1), _x(3, 4, seed=2), margin=1.),
                        triplet(_x(3, 4), _x(3, 4, seed=1), _x(3, 4, seed=2), reduce='no')),
    'zoneout': _zoneout,
}
