"""F.layer_normalization: normalizes each sample over its features.

On chainerx it is one op (chainerx's LayerNorm routine: one kernel forward and two or three backward
on CUDA, Note [Layer normalization on CUDA] in chainerx/cuda/layer_norm.cu), whose backward chainerx
records to any order; elsewhere the composition of _standardize."""

import chainerx

from chainer.functions.normalization import _affine
from chainer.functions.normalization import _standardize
from chainer.utils import type_check


class LayerNormalization(_affine.AffineNormalization):
    """Standardizes x over every axis but the first, then scales by gamma and shifts by beta."""

    def layout(self, x_shape):
        return _standardize.Layout(None, tuple(range(1, len(x_shape))), (1,) + tuple(x_shape[1:]))

    def fits_shapes(self, x_shape, gamma_shape):
        return tuple(x_shape[1:]) == tuple(gamma_shape)

    def compute(self, x, gamma, beta):
        if isinstance(x, chainerx.ndarray):
            return chainerx._core._layer_norm(x, gamma, beta, self.eps)
        return super().compute(x, gamma, beta)

    def expect_param_shape(self, x_type, gamma_type):
        type_check.expect(gamma_type.ndim == x_type.ndim - 1)
        for i in range(type_check.eval(gamma_type.ndim)):
            type_check.expect(gamma_type.shape[i] == x_type.shape[i + 1])


def layer_normalization(x, gamma, beta, eps=1e-5):
    """Layer normalization: each sample is standardized over its features, then scaled and shifted.

    y[n] = gamma * (x[n] - mean(x[n])) / sqrt(var(x[n]) + eps) + beta.

    Args:
        x (~chainer.Variable or array): Float batch of shape (N, D) (or (N, D1, D2, ...)).
        gamma (~chainer.Variable or array): Scale of shape (D,) (or x.shape[1:]), x's dtype.
        beta (~chainer.Variable or array): Shift of gamma's shape, x's dtype.
        eps (float): Added to the variance for stability.

    Returns:
        ~chainer.Variable: The normalized batch.
    """
    return LayerNormalization(eps).apply((x, gamma, beta))[0]
