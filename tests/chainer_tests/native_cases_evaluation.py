"""Native cases of the evaluation family (see functions_tests/test_native.py)."""

import numpy

import chainer
import chainer.functions as F
import chainerx


def _x(*shape):
    return chainer.Variable(chainerx.array(numpy.random.RandomState(0).uniform(-1, 1, shape)))


def _labels(values):
    return chainerx.array(numpy.asarray(values, numpy.int32))


CASES = {
    'accuracy': lambda: F.accuracy(_x(3, 4), _labels([0, 1, -1]), ignore_label=-1),
    'binary_accuracy': lambda: F.binary_accuracy(_x(2, 3), _labels([[0, 1, -1], [1, 1, 0]])),
    'r2_score': lambda: F.r2_score(_x(4, 2), _x(4, 2) * 0.5, multioutput='raw_values'),
}
