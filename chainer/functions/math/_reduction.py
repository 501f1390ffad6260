"""The reductions, products and linear algebra of the math family: public names and native ones.

Native (Note [Native paths] in chainer/function_node.py) means that on float Variables holding
chainerx arrays the forward, backward and double backward never take the NumPy fallback: the
chainerx routines (sum, amax/amin, argmax/argmin, cumsum, logsumexp, matmul, dot, linalg.inv,
linalg.cholesky, and the private _prod, _cumprod, _det and _batch_inv), or compositions of them
(einsum: Note [Einsum on chainerx]), record their backward in C++: all of them are native. argmax
and argmin are not differentiable (their int32 outputs are off the graph).
"""

from chainer.functions.math.argminmax import argmax  # NOQA
from chainer.functions.math.argminmax import argmin  # NOQA
from chainer.functions.math.average import average  # NOQA
from chainer.functions.math.average import mean  # NOQA
from chainer.functions.math.batch_l2_norm_squared import batch_l2_norm_squared  # NOQA
from chainer.functions.math.bias import bias  # NOQA
from chainer.functions.math.cholesky import cholesky  # NOQA
from chainer.functions.math.cumprod import cumprod  # NOQA
from chainer.functions.math.cumsum import cumsum  # NOQA
from chainer.functions.math.det import batch_det  # NOQA
from chainer.functions.math.det import det  # NOQA
from chainer.functions.math.einsum import einsum  # NOQA
from chainer.functions.math.fft import fft  # NOQA
from chainer.functions.math.fft import ifft  # NOQA
from chainer.functions.math.inv import batch_inv  # NOQA
from chainer.functions.math.inv import inv  # NOQA
from chainer.functions.math.linear_interpolate import linear_interpolate  # NOQA
from chainer.functions.math.logsumexp import logsumexp  # NOQA
from chainer.functions.math.matmul import batch_matmul  # NOQA
from chainer.functions.math.matmul import matmul  # NOQA
from chainer.functions.math.minmax_reduction import max  # NOQA
from chainer.functions.math.minmax_reduction import min  # NOQA
from chainer.functions.math.prod import prod  # NOQA
from chainer.functions.math.scale import scale  # NOQA
from chainer.functions.math.sparse_matmul import sparse_matmul  # NOQA
from chainer.functions.math.sum import sum  # NOQA
from chainer.functions.math.tensordot import tensordot  # NOQA

__all__ = [
    'argmax', 'argmin', 'average', 'batch_det', 'batch_inv', 'batch_l2_norm_squared',
    'batch_matmul', 'bias', 'cholesky', 'cumprod', 'cumsum', 'det', 'einsum', 'fft', 'ifft', 'inv',
    'linear_interpolate', 'logsumexp', 'matmul', 'max', 'mean', 'min', 'prod', 'scale',
    'sparse_matmul', 'sum', 'tensordot',
]

NATIVE = frozenset(__all__)
