"""Native cases of the activation functions (functions_tests/test_native.py): one per name."""

import numpy

import chainer
import chainer.functions as F
import chainerx


def _x(shape=(2, 4), seed=0):
    values = numpy.random.RandomState(seed).uniform(-2, 2, shape)
    return chainer.Variable(chainerx.array(values))


def _rrelu():
    with chainer.using_config('train', True):
        return F.rrelu(_x())


_UNARY = ['clipped_relu', 'elu', 'hard_sigmoid', 'leaky_relu', 'log_softmax', 'relu', 'relu6',
          'selu', 'sigmoid', 'softmax', 'softplus', 'tanh']

CASES = {name: (lambda name=name: getattr(F, name)(_x())) for name in _UNARY}
CASES.update({
    'crelu': lambda: F.crelu(_x(), axis=0),
    'maxout': lambda: F.maxout(_x(), 2),
    'rrelu': _rrelu,
    'prelu': lambda: F.prelu(_x((2, 4, 3)), _x((4,), seed=1)),
    'swish': lambda: F.swish(_x((2, 4, 3)), _x((4, 3), seed=1)),
})
