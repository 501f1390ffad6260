"""Native cases of the normalization family (see functions_tests/test_native.py)."""

import numpy

import chainer
import chainer.functions as F
import chainerx


def _x(*shape, low=-1, high=1):
    return chainer.Variable(chainerx.array(numpy.random.RandomState(0).uniform(low, high, shape)))


def _batch_normalization():
    running = (chainerx.zeros((3,), 'float64'), chainerx.ones((3,), 'float64'))
    with_stats = F.batch_normalization(_x(4, 3, 2), _x(3), _x(3), running_mean=running[0],
                                       running_var=running[1])
    return with_stats, F.batch_normalization(_x(4, 3), _x(3), _x(3))


CASES = {
    'batch_normalization': _batch_normalization,
    'fixed_batch_normalization': lambda: F.fixed_batch_normalization(
        _x(4, 3, 2), _x(3), _x(3), _x(3), _x(3, low=0.5, high=1)),
    'group_normalization': lambda: F.group_normalization(_x(2, 4, 3), 2, _x(4), _x(4)),
    'layer_normalization': lambda: F.layer_normalization(_x(3, 4), _x(4), _x(4)),
    'local_response_normalization': lambda: F.local_response_normalization(_x(2, 5, 2), n=3),
    'normalize': lambda: F.normalize(_x(3, 4)),
}
