"""Embedding lookup: `embed_id` (rows of W selected by integer ids)."""

import numpy

import chainer
import chainerx

from chainer import backend
from chainer import function_node
from chainer.utils import type_check


def _ids_and_mask(xp, x, ignore_label):
    """The ids to look up (ignored ones replaced by 0) and the mask of the ignored (or None)."""
    if ignore_label is None:
        return x, None
    ignored = x == ignore_label
    return xp.where(ignored, 0, x), ignored


def _check_range(ids, n_rows):
    # On a GPU the check would make the host wait for the device at every call; there, as in Chainer with CuPy, it
    # runs in debug mode only, and out-of-range ids wrap (take's default mode on CUDA).
    if ids.size and backend._checks_values(ids) and (int(ids.min()) < 0 or int(ids.max()) >= n_rows):
        raise ValueError('Each not ignored `x` value need to satisfy `0 <= x < len(W)`')


class EmbedIDFunction(function_node.FunctionNode):
    """`y[..., :] = W[x[...], :]`, zero rows where `x == ignore_label`. Inputs `(x, W)`."""

    def __init__(self, ignore_label=None):
        self.ignore_label = ignore_label

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x', 'W'))
        x_type, w_type = in_types
        type_check.expect(x_type.dtype.kind == 'i', w_type.dtype.kind == 'f', w_type.ndim == 2)

    def forward_chainerx(self, inputs):
        x, W = inputs
        if x.dtype.kind != 'i' or W.dtype.kind != 'f' or W.ndim != 2:
            return chainer.Fallback  # the type check raises the usual error
        ids, ignored = _ids_and_mask(chainerx, x, self.ignore_label)
        _check_range(ids, W.shape[0])
        y = chainerx.take(W, ids, 0)
        if ignored is not None:
            y = chainerx.where(ignored.reshape(ignored.shape + (1,)), 0, y)
        return y,

    def forward(self, inputs):
        self.retain_inputs((0,))
        x, W = inputs
        self._W_shape = W.shape
        xp = backend.get_array_module(x)
        ids, ignored = _ids_and_mask(xp, x, self.ignore_label)
        _check_range(ids, W.shape[0])
        y = W.take(ids, axis=0)
        if ignored is not None:
            y[ignored] = 0
        return y,

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        gy, = grad_outputs
        gW, = EmbedIDGrad(self._W_shape, self.ignore_label).apply((x, gy))
        return None, gW


class EmbedIDGrad(function_node.FunctionNode):
    """The gradient of `embed_id` for W: each row of gy added to the row of W its id names."""

    def __init__(self, W_shape, ignore_label=None):
        self.W_shape = tuple(W_shape)
        self.ignore_label = ignore_label

    def forward(self, inputs):
        self.retain_inputs((0,))
        x, gy = inputs
        xp = backend.get_array_module(x)
        ids = x.ravel()
        rows = gy.reshape(ids.size, self.W_shape[1])
        if self.ignore_label is not None:
            kept = ids != self.ignore_label
            ids, rows = ids[kept], rows[kept]
        gW = xp.zeros(self.W_shape, gy.dtype)
        xp.add.at(gW, ids, rows)
        return gW,

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        ggW, = grad_outputs
        return None, embed_id(x, ggW, self.ignore_label)


def embed_id(x, W, ignore_label=None):
    """Efficient linear function for one-hot input: a lookup of rows of W.

    For integer ids x, `y[i_1, ..., i_N, :] = W[x[i_1, ..., i_N], :]`; where `x` equals
    `ignore_label`, the row is zero (and receives no gradient).

    Args:
        x (~chainer.Variable or array): Integer ids, of any shape.
        W (~chainer.Variable or array): Embedding matrix of shape `(n_vocab, n_units)`.
        ignore_label (int or None): An id whose rows are zero; None for none.

    Returns:
        ~chainer.Variable: Output of shape `x.shape + (n_units,)` and the dtype of W.

    Raises:
        ValueError: An id that is not ignored lies outside `[0, n_vocab)`. On a GPU the ids are
            checked in debug mode only (reading them back would make the host wait for the
            device at every call); there an id out of range wraps.

    Example:
        >>> W = numpy.arange(6, dtype=numpy.float32).reshape(3, 2)
        >>> F.embed_id(numpy.array([2, 0, -1], numpy.int32), W, ignore_label=-1).array
        array([[4., 5.],
               [0., 1.],
               [0., 0.]], dtype=float32)
    """
    return EmbedIDFunction(ignore_label=ignore_label).apply((x, W))[0]
