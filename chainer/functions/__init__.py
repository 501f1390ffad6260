"""chainer.functions: differentiable functions on Variables, NumPy-backed and chainerx-backed.

Each family package (activation, array, connection, evaluation, loss, math, noise, normalization, pooling, rnn,
util) lists its public names in `__all__` and the names that run natively on chainerx in `NATIVE` (see
chainer/functions/_native.py).
"""

from chainer.functions.activation import *  # NOQA
from chainer.functions.array import *  # NOQA
from chainer.functions.connection import *  # NOQA
from chainer.functions.evaluation import *  # NOQA
from chainer.functions.loss import *  # NOQA
from chainer.functions.math import *  # NOQA
from chainer.functions.noise import *  # NOQA
from chainer.functions.normalization import *  # NOQA
from chainer.functions.pooling import *  # NOQA
from chainer.functions.rnn import *  # NOQA
from chainer.functions.util import *  # NOQA
