"""F.prod: the product of the elements over some axes.

Note [Gradient of a product with zeros]: the gradient of y = prod(x) with respect to x_k is the
product of the other elements, y / x_k, which is undefined at x_k == 0. Where the reduction holds
no zero the backward uses y / x (so its own gradient flows through y, which is again a prod). Where
it holds zeros, an element that is not zero gets 0 (its "others" include a zero). A zero gets R, the
product of the nonzero elements, if it is the only zero; if there are exactly two, R times the other
zero (0, but its derivative with respect to that zero is R, as the double backward needs); with
more zeros 0. All of it is written with differentiable functions. On chainerx the routine
(chainerx._core._prod) records the same formula in C++.
"""

import chainerx

from chainer import backend
from chainer import utils
from chainer.functions.math.sum import REDUCTION_DOC
from chainer.functions.math.sum import Reduction
from chainer.functions.math.sum import call_chainerx
from chainer.functions.math.sum import sum as sum_function
from chainer.functions.math.sum import unreduce


def _products_of_others(x, y, axis, keepdims):
    """For each element of `x`, the product of the other elements of its reduction (a Variable)."""
    shape = x.shape
    y = unreduce(y, shape, axis, keepdims)
    x_array = x.array
    is_zero = x_array == 0
    # The quotient by x where no element is zero; on a GPU always the general formula, which
    # checking would make the host wait for.
    if backend._reads_without_waiting(x_array) and not bool(is_zero.any()):
        return y / x
    zero = is_zero.astype(x.dtype)
    nonzero = (x_array != 0).astype(x.dtype)
    x_ones = x * nonzero + zero
    n_zeros = zero.sum(axis=axis, keepdims=True)
    only_zero = zero * (n_zeros == 1).astype(x.dtype)
    pair_zero = zero * (n_zeros == 2).astype(x.dtype)
    x_zeros = x * zero
    other_zero = unreduce(sum_function(x_zeros, axis, True), shape, axis, True) - x_zeros
    nonzero_product = unreduce(prod(x_ones, axis, True), shape, axis, True)
    return y / x_ones * nonzero + nonzero_product * (only_zero + other_zero * pair_zero)


class Prod(Reduction):
    """Product of the elements over some axes."""

    def _chainerx_forward(self, x):
        return chainerx._core._prod(x, self.axis, self.keepdims)

    def forward(self, inputs):
        self.retain_inputs((0,))
        self.retain_outputs((0,))
        x, = inputs
        return utils.force_array(x.prod(axis=self.axis, keepdims=self.keepdims)),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        y, = self.get_retained_outputs()
        gy = unreduce(grad_outputs[0], x.shape, self.axis, self.keepdims)
        return gy * _products_of_others(x, y, self.axis, self.keepdims),


def prod(x, axis=None, keepdims=False):
    """Multiplies the elements of an array over the given axes."""
    y = call_chainerx(chainerx._core._prod, x, axis, keepdims)
    return Prod(axis, keepdims).apply((x,))[0] if y is None else y


prod.__doc__ += REDUCTION_DOC.format(
    gradient='', verb='multiply over', what='product', empty='', name='prod',
    example='numpy.array([[1., 2.], [3., 4.]]), axis=0', result='array([3., 8.])')
