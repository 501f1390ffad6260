"""chainer.functions: the math family (the Variable operators, elementwise functions, reductions, products).

The elementwise functions are gathered by _elementwise.py and the reductions/products by _reduction.py; each
lists its public names in `__all__` and its natively running ones in `NATIVE`.
"""

from chainer.functions.math import _elementwise
from chainer.functions.math import _reduction
from chainer.functions.math._elementwise import *  # NOQA
from chainer.functions.math._reduction import *  # NOQA
from chainer.functions.math.basic_math import add  # NOQA
from chainer.functions.math.identity import identity  # NOQA
from chainer.functions.math.sum_to import sum_to  # NOQA

__all__ = ['add', 'identity', 'sum_to'] + _elementwise.__all__ + _reduction.__all__
NATIVE = frozenset({'add', 'identity', 'sum_to'}) | _elementwise.NATIVE | _reduction.NATIVE
