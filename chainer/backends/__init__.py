"""Chainer's backends: one module per kind of device (NumPy, CuPy, iDeep, ChainerX).

``chainer.backends.cuda`` and ``chainer.backends.intel64`` are public modules, as in the original
Chainer; the device classes are also reachable from :mod:`chainer.backend`.
"""

from chainer.backends import cuda  # NOQA
from chainer.backends import intel64  # NOQA
