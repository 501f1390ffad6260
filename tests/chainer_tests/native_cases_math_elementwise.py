"""Native cases of the elementwise math functions (functions_tests/test_native.py): one per name."""

import numpy

import chainer
import chainer.functions as F
import chainerx


def _x(low=-0.9, high=0.9, shape=(2, 3), seed=0):
    values = numpy.random.RandomState(seed).uniform(low, high, shape)
    return chainer.Variable(chainerx.array(values))


def _positive():
    return _x(0.5, 2.0)


_UNARY = {
    'absolute': _x, 'arccos': _x, 'arcsin': _x, 'arctan': _x, 'arctanh': _x, 'ceil': _x, 'cos': _x,
    'cosh': _x, 'erf': _x, 'exp': _x, 'expm1': _x, 'fix': _x, 'floor': _x, 'log': _positive,
    'log10': _positive, 'log1p': _x, 'log2': _positive, 'rsqrt': _positive, 'sign': _x, 'sin': _x,
    'sinh': _x, 'sqrt': _positive, 'square': _x, 'tan': _x,
    # The special functions (chainerx/core/routines/special.h).
    'digamma': _positive, 'erfc': _x, 'erfcinv': lambda: _x(0.2, 1.8), 'erfcx': _x, 'erfinv': _x,
    'lgamma': _positive, 'log_ndtr': _x, 'ndtr': _x, 'ndtri': lambda: _x(0.1, 0.9),
}

CASES = {name: (lambda name=name, make=make: getattr(F, name)(make()))
         for name, make in _UNARY.items()}
CASES.update({
    'arctan2': lambda: F.arctan2(_x(), _x(0.2, 1.0, (3,), seed=1)),
    'clip': lambda: F.clip(_x(), -0.5, 0.5),
    'fmod': lambda: F.fmod(_x(-3.0, 3.0), _x(0.5, 1.5, (2, 1), seed=1)),
    'maximum': lambda: F.maximum(_x(), _x(shape=(3,), seed=1)),
    'minimum': lambda: F.minimum(_x(), _x(shape=(3,), seed=1)),
    'polygamma': lambda: F.polygamma(chainerx.array(numpy.array([[0], [2]])), _positive()),
    'zeta': lambda: F.zeta(chainerx.array(numpy.array([2.0, 3.5, 5.0])), _positive()),
})
