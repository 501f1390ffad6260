"""The affine map `linear` (y = x W^T + b) with its gradient nodes."""

import chainer
import chainerx

from chainer import utils
from chainer.functions.connection import _product_nodes
from chainer.utils import type_check


def _flat_batch(array, n_batch_axes):
    """The array as a matrix `(prod(batch axes), prod(other axes))`."""
    shape = array.shape
    return array.reshape(utils.size_of_shape(shape[:n_batch_axes]),
                         utils.size_of_shape(shape[n_batch_axes:]))


class _LinearMaps:
    """The maps of Note [Product node triples] (_product_nodes.py) of `linear`.

    For the nodes with the attribute `_n_batch_axes`.
    """

    def product(self, x, W):
        return LinearFunction(self._n_batch_axes).apply((x, W))[0]

    def grad_x(self, W, gy, x):
        return LinearGradData(x.shape, x.dtype, self._n_batch_axes).apply((W, gy))[0]

    def grad_W(self, x, gy, W):
        return LinearGradWeight(W.dtype, self._n_batch_axes).apply((x, gy))[0]

    def grad_b(self, gy):
        return chainer.functions.sum(gy, axis=tuple(range(self._n_batch_axes)))


class LinearFunction(_LinearMaps, _product_nodes.Product):
    """`y = x W^T + b`, the first `n_batch_axes` axes of x being batch axes and the others features.

    Inputs are `(x, W)` or `(x, W, b)`; the output has the dtype of x and shape
    `x.shape[:n_batch_axes] + (W.shape[0],)`.
    """

    def __init__(self, n_batch_axes=1):
        self._n_batch_axes = n_batch_axes

    def check_type_forward(self, in_types):
        n_batch_axes = type_check.make_variable(self._n_batch_axes, 'n_batch_axes')
        _product_nodes.check_types(in_types, lambda x_type, w_type: (
            x_type.ndim >= 2,
            x_type.ndim >= n_batch_axes,
            w_type.ndim == 2,
            type_check.prod(x_type.shape[self._n_batch_axes:]) == w_type.shape[1],
        ), lambda b_type, x_type, w_type: (b_type.ndim == 1, b_type.shape[0] == w_type.shape[0]))

    def forward_chainerx(self, inputs):
        x, W = inputs[0], inputs[1]
        dtype = x.dtype
        if (W.dtype != dtype or dtype.kind != 'f' or x.ndim < 2
                or (len(inputs) == 3 and inputs[2].dtype != dtype)):
            return chainer.Fallback  # the NumPy forward's dtype, or the type check's error
        try:
            b = inputs[2] if len(inputs) == 3 else None
            return chainerx.linear(x, W, b, self._n_batch_axes),
        except chainerx.DimensionError:
            return chainer.Fallback  # the type check raises the usual error

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, W = inputs[:2]
        n = self._n_batch_axes
        y = _flat_batch(x, n).dot(W.T).astype(x.dtype, copy=False)
        if len(inputs) == 3:
            y += inputs[2]
        return y.reshape(x.shape[:n] + (W.shape[0],)),


class LinearGradData(_LinearMaps, _product_nodes.GradX):
    """The gradient of `linear` for x: `gy W`, reshaped to x's shape and cast to x's dtype."""

    def __init__(self, x_shape, x_dtype, n_batch_axes):
        self._x_shape = tuple(x_shape)
        self.grad_dtype = x_dtype
        self._n_batch_axes = n_batch_axes

    def gradient(self, W, gy):
        return _flat_batch(gy, self._n_batch_axes).dot(W).reshape(self._x_shape)


class LinearGradWeight(_LinearMaps, _product_nodes.GradW):
    """The gradient of `linear` for W: `gy^T x` over the batch axes, cast to W's dtype."""

    def __init__(self, W_dtype, n_batch_axes):
        self.grad_dtype = W_dtype
        self._n_batch_axes = n_batch_axes

    def gradient(self, x, gy):
        return _flat_batch(gy, self._n_batch_axes).T.dot(_flat_batch(x, self._n_batch_axes))


def linear(x, W, b=None, n_batch_axes=1):
    """Linear (affine) function: `y = x W^T + b`.

    The first `n_batch_axes` axes of x are batch axes; the remaining ones are flattened into the
    input features, whose number must equal `W.shape[1]`.

    Args:
        x (~chainer.Variable or array): Input of shape `(s_1, ..., s_B, f_1, ..., f_M)`, with
            `f_1 * ... * f_M == W.shape[1]` (B = n_batch_axes).
        W (~chainer.Variable or array): Weight of shape `(out, in)`.
        b (~chainer.Variable or array): Bias of shape `(out,)`, or None.
        n_batch_axes (int): Number of batch axes of x (at least 1).

    Returns:
        ~chainer.Variable: Output of shape `(s_1, ..., s_B, out)` and the dtype of x.

    Raises:
        ValueError: n_batch_axes is not positive.

    Example:
        >>> x = numpy.random.uniform(0, 1, (3, 4)).astype(numpy.float32)
        >>> W = numpy.random.uniform(0, 1, (5, 4)).astype(numpy.float32)
        >>> F.linear(x, W).shape
        (3, 5)
    """
    if n_batch_axes <= 0:
        raise ValueError('n_batch_axes should be greater than 0.')
    return LinearFunction(n_batch_axes).apply_to(x, W, b)
