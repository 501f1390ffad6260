"""Native cases of the reductions, products and linear algebra (functions_tests/test_native.py).

One case per name in chainer.functions.math._reduction.NATIVE.
"""

import warnings

import numpy

import chainer
import chainer.functions as F
import chainerx


def _x(*shape, low=-0.9, high=0.9, seed=0):
    values = numpy.random.RandomState(seed).uniform(low, high, shape)
    return chainer.Variable(chainerx.array(values))


def _spd():
    a = numpy.random.RandomState(1).uniform(-1, 1, (3, 3))
    return chainer.Variable(chainerx.array(a @ a.T + 3 * numpy.eye(3)))


def _batch_matmul():
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', DeprecationWarning)
        return F.batch_matmul(_x(2, 3, 4), _x(2, 4), transa=False)


CASES = {
    'argmax': lambda: F.argmax(_x(2, 3), axis=1),
    'argmin': lambda: F.argmin(_x(2, 3)),
    'average': lambda: F.average(_x(2, 3), axis=1, weights=_x(3, low=0.5, high=1.5, seed=1)),
    'batch_l2_norm_squared': lambda: F.batch_l2_norm_squared(_x(2, 3, 2)),
    'batch_matmul': _batch_matmul,
    'bias': lambda: F.bias(_x(2, 3, 2), _x(3, seed=1)),
    'batch_det': lambda: F.batch_det(_x(2, 3, 3, low=0.5, high=1.5) + chainerx.eye(3)),
    'batch_inv': lambda: F.batch_inv(_x(2, 3, 3) + 3 * chainerx.eye(3)),
    'cholesky': lambda: F.cholesky(_spd()),
    'cumprod': lambda: F.cumprod(chainer.Variable(chainerx.array([[0.5, 0.0, 2.0], [1.5, -1.0, 0.0]])), axis=1),
    'cumsum': lambda: F.cumsum(_x(2, 3), axis=1),
    'det': lambda: F.det(_spd()),
    'einsum': lambda: F.einsum('...ij,jk,kk->...ik', _x(2, 3, 4), _x(4, 2, seed=1), _x(2, 2, seed=2)),
    'inv': lambda: F.inv(_spd()),
    'linear_interpolate': lambda: F.linear_interpolate(
        _x(2, 3, low=0.0, high=1.0), _x(2, 3, seed=1), _x(2, 3, seed=2)),
    'logsumexp': lambda: F.logsumexp(_x(2, 3), axis=1),
    'matmul': lambda: F.matmul(_x(2, 3), _x(2, 4, seed=1), transa=True),
    'max': lambda: F.max(_x(2, 3), axis=1),
    'mean': lambda: F.mean(_x(2, 3), axis=(0, 1), keepdims=True),
    'min': lambda: F.min(_x(2, 3)),
    'prod': lambda: F.prod(chainer.Variable(chainerx.array([[0.5, 0.0, 2.0], [1.5, -1.0, 3.0]])), axis=1),
    'scale': lambda: F.scale(_x(2, 3, 2), _x(3, 2, seed=1)),
    'sum': lambda: F.sum(_x(2, 3), axis=0),
    'tensordot': lambda: F.tensordot(_x(2, 3, 4), _x(4, 3, seed=1), axes=((1, 2), (1, 0))),
}
