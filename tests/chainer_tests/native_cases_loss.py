"""Native cases of the loss family (see functions_tests/test_native.py)."""

import numpy

import chainer
import chainer.functions as F
import chainerx


def _x(*shape, low=-1, high=1):
    return chainer.Variable(chainerx.array(numpy.random.RandomState(0).uniform(low, high, shape)))


def _labels(values):
    return chainerx.array(numpy.asarray(values, numpy.int32))


CASES = {
    'absolute_error': lambda: F.absolute_error(_x(2, 3), _x(2, 3) * 0.5),
    'bernoulli_nll': lambda: F.bernoulli_nll(_x(2, 3), _x(2, 3), reduce='mean'),
    'gaussian_kl_divergence': lambda: F.gaussian_kl_divergence(_x(2, 3), _x(2, 3)),
    'gaussian_nll': lambda: F.gaussian_nll(_x(2, 3), _x(2, 3) * 0.5, _x(2, 3)),
    'hinge': lambda: F.hinge(_x(3, 4), _labels([0, 3, 1]), norm='L2'),
    'huber_loss': lambda: F.huber_loss(_x(2, 3, low=-2, high=2), _x(2, 3) * 0.5, 1.0),
    'mean_absolute_error': lambda: F.mean_absolute_error(_x(2, 3), _x(2, 3) * 0.5),
    'mean_squared_error': lambda: F.mean_squared_error(_x(2, 3), _x(2, 3) * 0.5),
    'sigmoid_cross_entropy': lambda: F.sigmoid_cross_entropy(
        _x(2, 3), _labels([[0, 1, -1], [1, 1, 0]])),
    'softmax_cross_entropy': lambda: (
        F.softmax_cross_entropy(_x(3, 4, 2), _labels([[0, 1], [3, -1], [2, 2]])),
        F.softmax_cross_entropy(_x(3, 4), _labels([0, 1, 0]), ignore_label=0,
                                class_weight=numpy.arange(1., 5.), reduce='no'),
        F.softmax_cross_entropy(_x(3, 4), F.softmax(_x(3, 4) * 2),
                                soft_target_loss='kl-divergence')),
    'squared_difference': lambda: F.squared_difference(_x(2, 3), _x(2, 3) * 0.5),
    'squared_error': lambda: F.squared_error(_x(2, 3), _x(2, 3) * 0.5),
}
