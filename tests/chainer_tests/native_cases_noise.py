"""Native cases of the noise functions (functions_tests/test_native.py): one per name."""

import numpy

import chainer
import chainer.functions as F
import chainerx


def _x(seed=0):
    values = numpy.random.RandomState(seed).uniform(-1, 1, (2, 3))
    return chainer.Variable(chainerx.array(values))


def _dropout():
    with chainer.using_config('train', True):
        return F.dropout(_x(), 0.5)


CASES = {
    'dropout': _dropout,
    'gaussian': lambda: F.gaussian(_x(), _x(seed=1)),
}
