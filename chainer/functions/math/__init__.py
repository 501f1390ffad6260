"""chainer.functions: the math family (the Variable operators, elementwise functions, reductions, products).

The elementwise functions are gathered by _elementwise.py and the reductions/products by _reduction.py; each
lists its public names in `__all__` and its natively running ones in `NATIVE`.
"""

from chainer.functions.math.basic_math import add  # NOQA
from chainer.functions.math.identity import identity  # NOQA
from chainer.functions.math.sum_to import sum_to  # NOQA

try:  # TODO(#14): unguard when both aggregators land (helpers in progress)
    from chainer.functions.math import _elementwise
    from chainer.functions.math._elementwise import *  # NOQA
except ImportError:
    _elementwise = None
try:
    from chainer.functions.math import _reduction
    from chainer.functions.math._reduction import *  # NOQA
except ImportError:
    _reduction = None

__all__ = ['add', 'identity', 'sum_to'] + [
    name for module in (_elementwise, _reduction) if module is not None for name in module.__all__]
NATIVE = frozenset({'add', 'identity', 'sum_to'}).union(
    *[module.NATIVE for module in (_elementwise, _reduction) if module is not None])
