"""F.batch_renormalization and F.fixed_batch_renormalization.

Note [Batch renormalization]: with mean and std = sqrt(var + eps) the batch statistics and
sigma = sqrt(running_var + eps), the output is gamma * (x_hat * r + d) + beta, where x_hat is x
standardized with the batch statistics, r = clip(std / sigma, 1 / rmax, rmax) and
d = clip((mean - running_mean) / sigma, -dmax, dmax). As in the paper (Ioffe, 2017) and the
original, r and d are constants for the gradient. So the output is batch normalization with the
scale gamma * r and the shift gamma * d + beta: the forward and the gradients of x are those of
_standardize.py, and the gradients of gamma and beta follow from the chain rule. Like
F.batch_normalization it computes in the promotion of x's and gamma's dtypes and returns x's.
"""

import warnings

import numpy

import chainerx

from chainer import backend
from chainer import function_node
from chainer import utils
from chainer._array_types import ARRAY_TYPES
from chainer.functions.normalization import _standardize
from chainer.functions.normalization.batch_normalization import fixed_batch_normalization
from chainer.utils import type_check


def update_running_statistic(running, statistic, decay):
    """running = decay * running + (1 - decay) * statistic, in place (arrays of any module)."""
    running *= decay
    running += statistic.astype(running.dtype, copy=False) * (1 - decay)


class BatchRenormalizationFunction(function_node.FunctionNode):
    """Batch renormalization of (x, gamma, beta) (Note [Batch renormalization])."""

    def __init__(self, eps=2e-5, mean=None, var=None, decay=0.9, rmax=1, dmax=0,
                 update_statistics=True):
        self.eps = eps
        self.running_mean = mean
        self.running_var = var
        self.decay = decay
        self.rmax = rmax
        self.dmax = dmax
        self.update_statistics = update_statistics
        self.r = None
        self.d = None

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x', 'gamma', 'beta'))
        x_type, gamma_type, beta_type = in_types
        n_params = type_check.eval(gamma_type.ndim)
        type_check.expect(
            x_type.dtype.kind == 'f',
            x_type.ndim >= gamma_type.ndim + 1,
            x_type.shape[1:1 + n_params] == gamma_type.shape,
            gamma_type.dtype.kind == 'f',
            gamma_type.dtype == beta_type.dtype,
            gamma_type.shape == beta_type.shape,
        )

    def _layout(self, x, gamma):
        axes = (0,) + tuple(range(gamma.ndim + 1, x.ndim))
        return _standardize.Layout(None, axes, _standardize.keepdims_shape(x.shape, axes))

    def _normalize(self, x, gamma, beta):
        """The output (differentiable on chainerx); sets r and d and updates the statistics."""
        dtype = numpy.promote_types(x.dtype, gamma.dtype)
        gamma, beta = gamma.astype(dtype, copy=False), beta.astype(dtype, copy=False)
        layout = self._layout(x, gamma)
        x_hat, mean, var = _standardize.standardize_array(
            x.astype(dtype, copy=False), layout.axes, self.eps)
        xp = backend.get_array_module(x)
        if xp is chainerx:
            mean, var = mean.as_grad_stopped(), var.as_grad_stopped()
        mean, var = mean.reshape(gamma.shape), var.reshape(gamma.shape)
        running_mean = self.running_mean.astype(dtype, copy=False)
        sigma = xp.sqrt(self.running_var.astype(dtype, copy=False) + self.eps)
        self.r = utils.force_array(
            xp.clip(xp.sqrt(var + self.eps) / sigma, 1. / self.rmax, self.rmax), dtype)
        self.d = utils.force_array(
            xp.clip((mean - running_mean) / sigma, -self.dmax, self.dmax), dtype)
        if self.update_statistics:
            m = x.size // max(gamma.size, 1)
            update_running_statistic(self.running_mean, mean, self.decay)
            # The running variance estimates the population's: the batch variance made unbiased.
            update_running_statistic(self.running_var, var * (m / max(m - 1, 1)), self.decay)
        shape = layout.param_shape
        y = x_hat * (gamma * self.r).reshape(shape) + (gamma * self.d + beta).reshape(shape)
        return y.astype(x.dtype, copy=False)

    def forward_chainerx(self, inputs):
        x, gamma, beta = inputs
        running = (self.running_mean, self.running_var)
        if x.dtype.kind != 'f' or gamma.dtype.kind != 'f' or beta.dtype != gamma.dtype or \
                beta.shape != gamma.shape or x.ndim <= gamma.ndim or \
                x.shape[1:1 + gamma.ndim] != gamma.shape or \
                not all([isinstance(a, chainerx.ndarray) for a in running]):
            return function_node.Fallback  # the fallback's type check reports errors
        return self._normalize(x, gamma, beta),

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        return utils.force_array(self._normalize(*inputs)),

    def backward(self, indexes, grad_outputs):
        x, gamma = self.get_retained_inputs()
        dtype = numpy.promote_types(x.dtype, gamma.dtype)
        cast = _standardize.cast
        r, d = [_standardize.constant(a) for a in (self.r, self.d)]
        wanted = sorted(set(indexes) | ({2} if 1 in indexes else set()))
        grads = dict(zip(wanted, _standardize.affine_normalize_grads(
            wanted, cast(x, dtype), cast(gamma, dtype) * r, cast(grad_outputs[0], dtype),
            self._layout(x, gamma), self.eps)))
        if 1 in grads:
            # The scale is gamma * r and the shift gamma * d + beta.
            grads[1] = grads[1] * r + grads[2] * d
        return tuple([cast(grads[i], x.dtype if i == 0 else gamma.dtype) for i in indexes])


def batch_renormalization(x, gamma, beta, rmax, dmax, eps=2e-5, running_mean=None,
                          running_var=None, decay=0.9, update_statistics=False):
    """Batch renormalization: batch normalization corrected toward the running statistics.

    Normalizes x with its batch statistics (over axis 0 and the axes after those of gamma),
    then applies the correction r and d of Ioffe, Batch Renormalization: Towards Reducing
    Minibatch Dependence in Batch-Normalized Models (NIPS 2017):
    ``y = gamma * (x_hat * r + d) + beta`` with ``r = clip(std / sigma, 1 / rmax, rmax)`` and
    ``d = clip((mean - running_mean) / sigma, -dmax, dmax)``, where std and sigma are the square
    roots of the batch and running variances plus eps. r and d get no gradient.

    Args:
        x (~chainer.Variable or array): Float input of shape (N, C, ...).
        gamma (~chainer.Variable or array): Scale, of x's shape along the axes after the first
            (C,) for an x of shape (N, C, H, W).
        beta (~chainer.Variable or array): Shift, of gamma's shape and dtype.
        rmax (float): The bound of r (at least 1).
        dmax (float): The bound of d (at least 0).
        eps (float): Added to the variances for stability.
        running_mean (array): The running mean (of gamma's shape); required.
        running_var (array): The running variance (of gamma's shape); required.
        decay (float): The decay of the running statistics.
        update_statistics (bool): Update the running statistics in place, to
            ``decay * running + (1 - decay) * batch`` (the batch variance made unbiased),
            after r and d are computed.

    Returns:
        ~chainer.Variable: The renormalized x, of x's dtype and shape.

    Raises:
        TypeError: `running_mean` or `running_var` is not given (or not an array).
        ValueError: `rmax` is less than 1 or `dmax` is negative.
        ~chainer.utils.type_check.InvalidType: The dtypes or shapes are invalid.

    Example:
        >>> x = numpy.array([[1.], [3.]], numpy.float32)
        >>> gamma, beta = numpy.ones(1, numpy.float32), numpy.zeros(1, numpy.float32)
        >>> mean, var = numpy.zeros(1, numpy.float32), numpy.ones(1, numpy.float32)
        >>> y = F.batch_renormalization(x, gamma, beta, 1, 0, running_mean=mean, running_var=var)
        >>> bool(numpy.allclose(y.array, [[-1.], [1.]], atol=1e-4))
        True
    """
    if not all([isinstance(a, ARRAY_TYPES) for a in (running_mean, running_var)]):
        raise TypeError('batch_renormalization needs running_mean and running_var (arrays)')
    if not rmax >= 1 or not dmax >= 0:
        raise ValueError('rmax must be at least 1 and dmax at least 0, got {} and {}'.format(
            rmax, dmax))
    return BatchRenormalizationFunction(
        eps, running_mean, running_var, decay, rmax, dmax, update_statistics).apply(
            (x, gamma, beta))[0]


def fixed_batch_renormalization(x, gamma, beta, mean, var, eps=2e-5):
    """Batch renormalization in inference mode (deprecated: use fixed_batch_normalization).

    At inference, batch renormalization is batch normalization with the running statistics:
    ``gamma * (x - mean) / sqrt(var + eps) + beta``. It emits a DeprecationWarning, as the
    original does.

    Args:
        x (~chainer.Variable or array): Float input.
        gamma (~chainer.Variable or array): Scale.
        beta (~chainer.Variable or array): Shift.
        mean (~chainer.Variable or array): The mean to subtract.
        var (~chainer.Variable or array): The variance to divide by (its square root).
        eps (float): Added to the variance for stability.

    Returns:
        ~chainer.Variable: The normalized x. Every input gets a gradient.
    """
    warnings.warn('fixed_batch_renormalization is deprecated. Use fixed_batch_normalization '
                  'instead.', DeprecationWarning)
    return fixed_batch_normalization(x, gamma, beta, mean, var, eps)
