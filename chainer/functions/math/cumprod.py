"""F.cumprod: the cumulative product along an axis (or of the flattened array).

Note [Gradient of a cumulative product with zeros]: with y_i = x_0 ... x_i, the gradient of x_k is
g_k = sum_{i >= k} gy_i * y_i / x_k, the reverse cumulative sum of gy * y divided by x_k, which is
undefined at zeros. Let z be the first zero along the axis and g' the gradient at x', which is x
with x_z replaced by one (computed recursively: x' has one zero fewer per lane that had one, and
the recursion is as deep as the most zeros in a lane). Before z the formula holds
as it is (the terms from z on vanish with y). At z, g_z = g'_z, as g_z does not depend on x_z.
After z, g_k = x_z * g'_k: zero, but with the derivative g'_k with respect to x_z that the double
backward needs. All of it is written with differentiable functions (Cumsum, Cumprod, arithmetic).
On chainerx the routine (chainerx._core._cumprod) records the same recursion in C++.
"""

import chainerx

from chainer import backend
from chainer.functions.array.reshape import reshape
from chainer.functions.math.cumsum import CUMULATIVE_DOC
from chainer.functions.math.cumsum import Cumsum
from chainer.functions.math.sum import Reduction
from chainer.functions.math.sum import call_chainerx
from chainer.functions.math.sum import sum as sum_function


def _reverse_cumsum(x, axis):
    return Cumsum(axis, reverse=True).apply((x,))[0]


def _cumprod_grad(x, y, gy, axis, zeros_per_lane=None):
    """The gradient of cumprod(x) along `axis` (an int) for output gradient `gy` (Variables).

    `zeros_per_lane` bounds the recursion: the most zeros along `axis` in any lane, which one host
    read finds when not given (on a GPU a wait, paid by the backward of cumprod only).
    """
    x_array = x.array
    is_zero = x_array == 0
    if zeros_per_lane is None:
        zeros_per_lane = int(is_zero.sum(axis=axis).max()) if x_array.size else 0
    if zeros_per_lane == 0:
        return _reverse_cumsum(gy * y, axis) / x
    xp = backend.get_array_module(x_array)
    dtype = x.dtype
    zero = is_zero.astype(dtype)
    n_seen = xp.cumsum(zero, axis=axis)
    before = (n_seen == 0).astype(dtype)
    first = zero * (n_seen == 1).astype(dtype)
    after = 1 - before - first
    gx_before = _reverse_cumsum(gy * y, axis) / (x * before + (1 - before)) * before
    x_first_one = x * (1 - first) + first
    y_first_one = Cumprod(axis).apply((x_first_one,))[0]
    gx_first_one = _cumprod_grad(x_first_one, y_first_one, gy, axis, zeros_per_lane - 1)
    x_first = sum_function(x * first, axis, keepdims=True)
    return gx_before + gx_first_one * (first + x_first * after)


class Cumprod(Reduction):
    """Cumulative product along an axis."""

    _single_axis = True

    def __init__(self, axis=None):
        super().__init__(axis)

    def _chainerx_forward(self, x):
        return chainerx._core._cumprod(x, self.axis)

    def forward(self, inputs):
        self.retain_inputs((0,))
        self.retain_outputs((0,))
        x, = inputs
        xp = backend.get_array_module(x)
        if self.axis is None:
            return xp.cumprod(x.reshape((-1,)), axis=0),
        return xp.cumprod(x, axis=self.axis),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        y, = self.get_retained_outputs()
        if self.axis is not None:
            return _cumprod_grad(x, y, grad_outputs[0], self.axis),
        gx = _cumprod_grad(reshape(x, (-1,)), y, grad_outputs[0], 0)
        return reshape(gx, x.shape),


def cumprod(x, axis=None):
    """Computes the cumulative product of the elements along an axis."""
    y = call_chainerx(chainerx._core._cumprod, x, axis)
    return Cumprod(axis).apply((x,))[0] if y is None else y


cumprod.__doc__ += CUMULATIVE_DOC.format(verb='multiplies', what='products', name='cumprod',
                                         row0=' 1.,  2.', row1=' 3., 12.')
