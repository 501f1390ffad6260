"""NumPy names that NumPy 2 removed but the original ChainerX re-exported.

With NumPy 1.x the very same NumPy objects are used; with NumPy 2.x equal values are provided.
"""

import numpy


def _get(name, value):
    return getattr(numpy, name, value)


Inf = _get('Inf', float('inf'))
Infinity = _get('Infinity', float('inf'))
NAN = _get('NAN', float('nan'))
NINF = _get('NINF', float('-inf'))
NZERO = _get('NZERO', -0.0)
NaN = _get('NaN', float('nan'))
PINF = _get('PINF', float('inf'))
PZERO = _get('PZERO', 0.0)
infty = _get('infty', float('inf'))
