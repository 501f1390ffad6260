"""Native cases of the util functions (functions_tests/test_native.py): one per name."""

import numpy

import chainer
import chainer.functions as F
import chainerx


def _x(seed=0):
    values = numpy.random.RandomState(seed).uniform(-1, 1, (2, 3))
    return chainer.Variable(chainerx.array(values))


def _block(x, y):
    h = F.tanh(x * y)
    return F.relu(h + x), h * y


CASES = {
    'forget': lambda: F.forget(_block, _x(), _x(seed=1)),
}
