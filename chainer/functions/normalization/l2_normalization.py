"""F.normalize: divides vectors by their L2 norm (plus eps).

On chainerx it is one routine, chainerx._core._normalize, which records its own backward (two
kernels forward and three backward, Note [L2 normalization in two kernels] in
chainerx/core/routines/normalization_l2.cc); NumPy and CuPy compute the composition below.
"""

import chainerx

from chainer import backend
from chainer import function_node
from chainer.functions.loss import _util
from chainer.functions.math.sum_to import sum_to
from chainer.functions.normalization import _standardize
from chainer.utils import type_check


def _as_tuple(axis):
    return (axis,) if isinstance(axis, int) else tuple(axis)


def _axes(axis, ndim):
    return tuple(sorted(a % ndim for a in _as_tuple(axis)))


def _safe_norm(squared_sum, xp):
    """sqrt(squared_sum), written as sqrt(s + z) - z (z = 1 where s is 0, a constant) so that its
    derivative is finite at zero vectors (0 instead of NaN): the value is the same everywhere."""
    zero = (squared_sum == 0).astype(squared_sum.dtype)
    return xp.sqrt(squared_sum + zero) - zero


class NormalizeL2(_util.ArrayComposition):
    """y = x / (||x|| + eps), the norm taken over `axis`."""

    def __init__(self, eps=1e-5, axis=1):
        self.eps = eps
        self.axis = axis

    def check_type_forward(self, in_types):
        x_type, = _util.expect_floats(in_types, ('x',))
        for axis in _as_tuple(self.axis):
            type_check.expect(-x_type.ndim <= axis, x_type.ndim > axis)

    def fits(self, x):
        return x.dtype.kind == 'f' and all(-x.ndim <= a < x.ndim for a in _as_tuple(self.axis))

    def forward_chainerx(self, inputs):
        x, = inputs
        if not self.fits(x):
            return function_node.Fallback  # the fallback's type check raises
        return chainerx._core._normalize(x, self.eps, _axes(self.axis, x.ndim)),

    def compute(self, x):
        xp = backend.get_array_module(x)
        axes = _axes(self.axis, x.ndim)
        squared_sum = (x * x).sum(axis=axes, keepdims=True)
        return x / (_safe_norm(squared_sum, xp) + self.eps)

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        gy, = grad_outputs
        shape = _standardize.keepdims_shape(x.shape, _axes(self.axis, x.ndim))
        squared_sum = sum_to(x * x, shape)
        zero = _standardize.constant((squared_sum.array == 0).astype(x.dtype))
        norm = (squared_sum + zero) ** 0.5 - zero
        norm_eps = norm + self.eps
        # Where x is a zero vector the second term is 0 / 0: adding `zero` to the norm makes it 0.
        x_gy = sum_to(x * gy, shape) / (norm_eps * norm_eps * (norm + zero))
        return gy / norm_eps - x * x_gy,


def normalize(x, eps=1e-5, axis=1):
    """L2 normalization: divides x by its L2 norm over `axis` (plus eps).

    y = x / (sqrt(sum(x ** 2, axis)) + eps).

    Args:
        x (~chainer.Variable or array): Float input.
        eps (float): Added to the norm, so that zero vectors map to zero.
        axis (int or tuple of int): The axes the norm is taken over (default 1).

    Returns:
        ~chainer.Variable: The normalized x, of x's shape.
    """
    return NormalizeL2(eps, axis).apply((x,))[0]
