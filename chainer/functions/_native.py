"""The machine-readable list of chainer.functions names that run natively on chainerx-backed Variables.

A name is native when its forward, backward and double backward on chainerx Variables never take the
NumPy/CuPy fallback (Note [Native paths] in chainer/function_node.py): tests/chainer_tests/functions_tests/
test_native.py runs a case of every name listed here and fails if `chainer.function_node.fallback_count` moves.
"""

from chainer.functions import activation
from chainer.functions import array
from chainer.functions import connection
from chainer.functions import evaluation
from chainer.functions import loss
from chainer.functions import math
from chainer.functions import noise
from chainer.functions import normalization
from chainer.functions import pooling
from chainer.functions import rnn
from chainer.functions import util

_FAMILIES = (activation, array, connection, evaluation, loss, math, noise, normalization, pooling, rnn, util)

NATIVE = frozenset().union(*[family.NATIVE for family in _FAMILIES])


def is_native(name):
    """Whether chainer.functions.<name> runs natively on chainerx-backed Variables."""
    return name in NATIVE
