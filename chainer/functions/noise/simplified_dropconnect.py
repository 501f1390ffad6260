"""F.simplified_dropconnect: a linear layer whose weights are dropped at random."""

import numpy

import chainerx

from chainer import backend
from chainer import function_node
from chainer import variable
from chainer.functions.array.cast import cast
from chainer.functions.array.reshape import reshape
from chainer.functions.math.matmul import matmul
from chainer.functions.math.sum import sum as sum_
from chainer.functions.noise import _random
from chainer.utils import type_check


def _cast(v, dtype):
    return v if v.dtype == dtype else cast(v, dtype)


class SimplifiedDropconnect(function_node.FunctionNode):
    """y = x (W * mask / (1 - ratio))^T + b, with a mask per example or one for the batch.

    A mask of 3 dimensions (given, or drawn when `use_batchwise_mask`) has one (M, N) mask per
    example; a mask of 2 dimensions is shared by the batch (Note [Noise on chainerx] in
    _random.py says where the random masks come from).
    """

    def __init__(self, ratio, mask=None, use_batchwise_mask=True):
        if not 0.0 <= ratio < 1.0:
            raise ValueError('ratio must be in the range [0, 1)')
        self.ratio = ratio
        self.mask = mask
        self.use_batchwise_mask = use_batchwise_mask if mask is None else mask.ndim == 3

    def check_type_forward(self, in_types):
        n_in = in_types.size()
        type_check.expect(2 <= n_in, n_in <= 3)
        type_check._argname(in_types, ('x', 'W', 'b')[:type_check.eval(n_in)])
        x_type, w_type = in_types[:2]
        type_check.expect(
            x_type.dtype.kind == 'f',
            w_type.dtype.kind == 'f',
            x_type.ndim >= 2,
            w_type.ndim == 2,
            type_check.prod(x_type.shape[1:]) == w_type.shape[1],
        )
        if type_check.eval(n_in) == 3:
            b_type = in_types[2]
            type_check.expect(
                b_type.dtype == x_type.dtype,
                b_type.ndim == 1,
                b_type.shape[0] == w_type.shape[0],
            )
        if self.mask is not None:
            mask = type_check.make_variable(
                type_check.TypeInfo(self.mask.shape, self.mask.dtype), 'mask')
            if self.use_batchwise_mask:
                type_check.expect(
                    mask.shape[0] == x_type.shape[0],
                    mask.shape[1:] == w_type.shape,
                )
            else:
                type_check.expect(mask.shape == w_type.shape)

    def _mask_shape(self, x, W):
        return (len(x),) + W.shape if self.use_batchwise_mask else W.shape

    def _scaled_mask(self, x, W):
        """The mask times 1 / (1 - ratio), an array of W's dtype (drawn if none is given)."""
        if self.mask is None:
            random = _random.random_module(W)
            self.mask = random.random_sample(self._mask_shape(x, W)) >= self.ratio
        scale = W.dtype.type(1. / (1 - self.ratio))
        return _random.as_dtype(self.mask, W.dtype) * scale

    def forward_chainerx(self, inputs):
        x, W = inputs[:2]
        b = inputs[2] if len(inputs) == 3 else None
        if x.dtype.kind != 'f' or W.dtype != x.dtype or W.ndim != 2 or x.ndim < 2 or \
                (b is not None and (b.dtype != x.dtype or b.shape != W.shape[:1])) or \
                x.size // max(len(x), 1) != W.shape[1] or \
                (self.mask is not None and self.mask.shape != self._mask_shape(x, W)):
            return function_node.Fallback  # the fallback's type check reports it
        mask = _random.on_device_of(self._scaled_mask(x, W), x)
        x2 = x.reshape(len(x), W.shape[1])
        if not self.use_batchwise_mask:
            return chainerx.linear(x2, W * mask, b),
        y = chainerx.matmul(W * mask, x2.reshape(x2.shape + (1,))).reshape(len(x), len(W))
        return (y if b is None else y + b),

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, W = inputs[:2]
        xp = backend.get_array_module(x)
        if self.mask is not None:
            self.mask = backend.get_device_from_array(W).send(self.mask)
        self.scaled_mask = self._scaled_mask(x, W)
        weights = W * self.scaled_mask
        x2 = x.reshape(len(x), W.shape[1])
        if self.use_batchwise_mask:
            y = xp.matmul(weights, x2.reshape(x2.shape + (1,))).reshape(len(x), len(W))
        else:
            y = x2.dot(weights.T)
        y = y.astype(x.dtype, copy=False)
        if len(inputs) == 3:
            y = y + inputs[2]
        return y,

    def backward(self, indexes, grad_outputs):
        x, W = self.get_retained_inputs()
        n, (m, k) = len(x), W.shape
        dtype = numpy.promote_types(x.dtype, W.dtype)
        gy = _cast(grad_outputs[0], dtype)
        x2 = _cast(reshape(x, (n, k)), dtype)
        scaled_mask = variable.Variable(_random.as_dtype(self.scaled_mask, dtype),
                                        requires_grad=False)
        ret = []
        for i in indexes:
            if i == 0:
                weights = _cast(W, dtype) * scaled_mask
                if self.use_batchwise_mask:
                    gx = matmul(reshape(gy, (n, 1, m)), weights)
                else:
                    gx = matmul(gy, weights)
                ret.append(_cast(reshape(gx, x.shape), x.dtype))
            elif i == 1:
                if self.use_batchwise_mask:
                    products = reshape(gy, (n, m, 1)) * reshape(x2, (n, 1, k))
                    gW = sum_(products * scaled_mask, axis=0)
                else:
                    gW = matmul(gy, x2, transa=True) * scaled_mask
                ret.append(_cast(gW, W.dtype))
            else:
                ret.append(_cast(sum_(gy, axis=0), x.dtype))
        return tuple(ret)


def simplified_dropconnect(x, W, b=None, ratio=.5, train=True, mask=None,
                           use_batchwise_mask=True):
    """Linear unit with simplified DropConnect: each weight is dropped with probability `ratio`.

    Computes ``y = x (W * mask / (1 - ratio))^T + b`` (x flattened to (n, N)), with a random 0/1
    `mask` that keeps each weight with probability ``1 - ratio``: one mask per example by
    default, or one for the whole batch. See Wan et al., Regularization of Neural Networks using
    DropConnect (ICML 2013). The masks are drawn from NumPy's global generator (CuPy's for CuPy
    arrays), chainerx inputs included, so ``numpy.random.seed`` makes them reproducible.

    Args:
        x (~chainer.Variable or array): Float input of shape (n, ...), flattened to (n, N).
        W (~chainer.Variable or array): Float weights of shape (M, N).
        b (~chainer.Variable or array): Bias of shape (M,) and x's dtype, or None.
        ratio (float): The probability of dropping a weight, in [0, 1).
        train (bool): If False, no weight is dropped (`ratio` is taken as 0).
        mask (~chainer.Variable or array): The mask to use instead of a random one (for
            debugging): 0/1 (or boolean) values of shape (n, M, N) (one mask per example) or
            (M, N) (one for the batch); `use_batchwise_mask` is then ignored.
        use_batchwise_mask (bool): Draw one mask per example (the default) rather than one mask
            for the batch.

    Returns:
        ~chainer.Variable: The output of shape (n, M), of x's dtype.

    Raises:
        ValueError: `ratio` is outside [0, 1).
        ~chainer.utils.type_check.InvalidType: The dtypes or shapes of the inputs or of the mask
            are invalid.

    Example:
        >>> x = numpy.ones((2, 3), numpy.float32)
        >>> W = numpy.ones((4, 3), numpy.float32)
        >>> F.simplified_dropconnect(x, W, train=False).array
        array([[3., 3., 3., 3.],
               [3., 3., 3., 3.]], dtype=float32)
    """
    if not train:
        ratio = 0
    if mask is not None:
        mask = variable.as_variable(mask).array
    inputs = (x, W) if b is None else (x, W, b)
    return SimplifiedDropconnect(ratio, mask, use_batchwise_mask).apply(inputs)[0]
