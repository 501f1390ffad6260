"""F.batch_normalization and F.fixed_batch_normalization.

Both compute in the promotion of x's and gamma's dtypes (float32 for a float16 x with float32
parameters, as L.BatchNormalization's mixed16 mode uses) and return x's dtype. On chainerx they
call chainerx.batch_norm (which updates the running statistics in place, as the NumPy path does)
and chainerx.fixed_batch_norm, whose backward chainerx records for every input, double backward
included.
"""

import numpy

import chainerx

from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.functions.math.sum_to import sum_to
from chainer.functions.normalization import _standardize
from chainer.utils import _checks
from chainer.utils import argument
from chainer.utils import type_check


def _reduced_axes(x_ndim, gamma_ndim, axis):
    """The normalized axes: `axis`, or by default 0 and those after gamma's."""
    if axis is None:
        return (0,) + tuple(range(gamma_ndim + 1, x_ndim))
    return axis


def _kept_axes(x_ndim, axes):
    return tuple([i for i in range(x_ndim) if i not in axes])


def _normalize_axis(axis, x_ndim):
    """`axis` (None, int or ints) as a sorted tuple of non-negative axes; ValueError if invalid."""
    if axis is None:
        return None
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    for a in axes:
        if not isinstance(a, int) or not -x_ndim <= a < x_ndim:
            raise ValueError('axis {} is invalid for an input of {} dimensions'.format(
                axis, x_ndim))
    normalized = tuple(sorted(a % x_ndim for a in axes))
    if len(set(normalized)) != len(normalized):
        raise ValueError('axis {} has duplicates'.format(axis))
    return normalized


def _check_types(in_types, axis, names):
    type_check._argname(in_types, names)
    x_type, gamma_type = in_types[:2]
    type_check.expect(
        x_type.dtype.kind == 'f',
        gamma_type.dtype.kind == 'f',
        x_type.ndim >= gamma_type.ndim + 1,
    )
    x_ndim = type_check.eval(x_type.ndim)
    axes = _reduced_axes(x_ndim, type_check.eval(gamma_type.ndim), axis)
    type_check.expect(x_type.ndim > max(axes, default=-1))
    _standardize.expect_param(gamma_type, x_type, _kept_axes(x_ndim, axes), in_types[2:])


def _plausible(x, params, axes):
    """_check_types on plain arrays (for forward_chainerx, where the type check is skipped)."""
    gamma = params[0]
    return x.dtype.kind == 'f' and gamma.dtype.kind == 'f' and x.ndim > gamma.ndim and all(
        [p.dtype == gamma.dtype and p.shape == gamma.shape for p in params[1:]]) and \
        max(axes, default=-1) < x.ndim and \
        tuple([n for i, n in enumerate(x.shape) if i not in axes]) == gamma.shape


def _update_running_stat(running, stat, decay):
    """running = decay * running + (1 - decay) * stat, in place, in chainerx.batch_norm's order."""
    running *= decay
    running += stat.reshape(running.shape).astype(running.dtype, copy=False) * (1 - decay)


class BatchNormalization(function_node.FunctionNode):
    """Normalization with the batch statistics; updates the running statistics given to it."""

    def __init__(self, eps=2e-5, mean=None, var=None, decay=0.9, axis=None):
        _checks.check_optional_array(mean, 'running_mean')
        _checks.check_optional_array(var, 'running_var')
        self.eps = eps
        self.running_mean = mean
        self.running_var = var
        self.decay = decay
        self.axis = axis

    def check_type_forward(self, in_types):
        _check_types(in_types, self.axis, ('x', 'gamma', 'beta'))

    def _layout(self, x, gamma):
        axes = _reduced_axes(x.ndim, gamma.ndim, self.axis)
        return _standardize.Layout(None, axes, _standardize.keepdims_shape(x.shape, axes))

    def forward_chainerx(self, inputs):
        x, gamma, beta = inputs
        mean, var = self.running_mean, self.running_var
        axes = _reduced_axes(x.ndim, gamma.ndim, self.axis)
        if not _plausible(x, (gamma, beta), axes):
            return function_node.Fallback
        # Without running statistics, the batch's go to scratch arrays: chainerx.batch_norm folds
        # them in as its kernels compute them (no launch of their own on CUDA), where a composition
        # of routines took 9 launches forward and 20 backward.
        mean, var = [chainerx.empty(gamma.shape, gamma.dtype, device=x.device) if stat is None
                     else stat for stat in (mean, var)]
        if isinstance(mean, chainerx.ndarray) and isinstance(var, chainerx.ndarray):
            return chainerx.batch_norm(
                x, gamma, beta, mean, var, self.eps, self.decay, axes),
        return function_node.Fallback

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, gamma, beta = inputs
        dtype = numpy.promote_types(x.dtype, gamma.dtype)
        y, mean, var = _standardize.affine_normalize(
            x.astype(dtype, copy=False), gamma.astype(dtype, copy=False),
            beta.astype(dtype, copy=False), self._layout(x, gamma), self.eps)
        if self.running_mean is not None:
            _update_running_stat(self.running_mean, mean, self.decay)
        if self.running_var is not None:
            m = x.size // max(gamma.size, 1)
            # The running variance estimates the population's: the batch variance made unbiased.
            _update_running_stat(self.running_var, var * (m / max(m - 1, 1)), self.decay)
        return utils.force_array(y.astype(x.dtype, copy=False)),

    def backward(self, indexes, grad_outputs):
        x, gamma = self.get_retained_inputs()
        dtype = numpy.promote_types(x.dtype, gamma.dtype)
        cast = _standardize.cast
        grads = _standardize.affine_normalize_grads(
            indexes, cast(x, dtype), cast(gamma, dtype), cast(grad_outputs[0], dtype),
            self._layout(x, gamma), self.eps)
        return tuple([cast(g, x.dtype if i == 0 else gamma.dtype) for i, g in zip(indexes, grads)])


class FixedBatchNormalization(function_node.FunctionNode):
    """Normalization with given statistics: gamma * (x - mean) / sqrt(var + eps) + beta."""

    def __init__(self, eps=2e-5, axis=None):
        self.eps = eps
        self.axis = axis

    def check_type_forward(self, in_types):
        _check_types(in_types, self.axis, ('x', 'gamma', 'beta', 'mean', 'var'))

    def _param_shape(self, x, gamma):
        return _standardize.keepdims_shape(x.shape, _reduced_axes(x.ndim, gamma.ndim, self.axis))

    def forward_chainerx(self, inputs):
        x, gamma = inputs[:2]
        axes = _reduced_axes(x.ndim, gamma.ndim, self.axis)
        if not _plausible(x, inputs[1:], axes):
            return function_node.Fallback
        return chainerx.fixed_batch_norm(*inputs, eps=self.eps, axis=axes),

    def forward(self, inputs):
        self.retain_inputs((0, 1, 3, 4))
        x, gamma = inputs[:2]
        dtype = numpy.promote_types(x.dtype, gamma.dtype)
        shape = self._param_shape(x, gamma)
        gamma, beta, mean, var = [p.astype(dtype, copy=False).reshape(shape) for p in inputs[1:]]
        xp = backend.get_array_module(x)
        y = (x.astype(dtype, copy=False) - mean) / xp.sqrt(var + self.eps) * gamma + beta
        return utils.force_array(y.astype(x.dtype, copy=False)),

    def backward(self, indexes, grad_outputs):
        x, gamma, mean, var = self.get_retained_inputs()
        dtype = numpy.promote_types(x.dtype, gamma.dtype)
        cast, reshape = _standardize.cast, _standardize.reshape
        shape = self._param_shape(x, gamma)
        gy = cast(grad_outputs[0], dtype)
        gamma_b, mean_b, var_b = [reshape(cast(p, dtype), shape) for p in (gamma, mean, var)]
        inv_std = (var_b + self.eps) ** -0.5
        x_hat = (cast(x, dtype) - mean_b) * inv_std
        g_hat = gy * gamma_b
        gx = g_hat * inv_std
        param_grads = {
            1: lambda: sum_to(gy * x_hat, shape),
            2: lambda: sum_to(gy, shape),
            3: lambda: -sum_to(gx, shape),
            4: lambda: sum_to(g_hat * x_hat, shape) * (-0.5) * inv_std * inv_std,
        }
        ret = []
        for i in indexes:
            if i == 0:
                ret.append(cast(gx, x.dtype))
            else:
                ret.append(cast(reshape(param_grads[i](), gamma.shape), gamma.dtype))
        return tuple(ret)


def batch_normalization(x, gamma, beta, **kwargs):
    """Batch normalization: normalizes x with its mean and variance over the batch axes.

    y = gamma * (x - mean) / sqrt(var + eps) + beta, with mean and var computed over `axis`.

    Args:
        x (~chainer.Variable or array): Float input of shape (N, C, ...) for the default axis.
        gamma (~chainer.Variable or array): Scale, of x's shape along the axes not normalized.
        beta (~chainer.Variable or array): Shift, of gamma's shape and dtype.
        eps (float): Added to the variance for stability (default 2e-5).
        running_mean (array): If given, updated in place to
            decay * running_mean + (1 - decay) * mean.
        running_var (array): If given, updated in place likewise with the unbiased variance
            var * m / (m - 1), m the number of normalized values per parameter.
        decay (float): The decay of the running statistics (default 0.9).
        axis (int or tuple of int): The normalized axes; by default 0 and the axes after those
            of gamma (gamma of shape (C,) and x of shape (N, C, H, W) normalize over 0, 2, 3).

    Returns:
        ~chainer.Variable: The normalized x, of x's dtype and shape.
    """
    eps, running_mean, running_var, decay, axis = argument.parse_kwargs(
        kwargs, ('eps', 2e-5), ('running_mean', None), ('running_var', None), ('decay', 0.9),
        ('axis', None), train='train argument is not supported anymore. Use chainer.using_config')
    axis = _normalize_axis(axis, len(_checks.shape_of(x)))
    return BatchNormalization(eps, running_mean, running_var, decay, axis).apply(
        (x, gamma, beta))[0]


def fixed_batch_normalization(x, gamma, beta, mean, var, eps=2e-5, axis=None):
    """Batch normalization with fixed statistics (the inference mode of batch normalization).

    y = gamma * (x - mean) / sqrt(var + eps) + beta.

    Args:
        x (~chainer.Variable or array): Float input.
        gamma (~chainer.Variable or array): Scale (see :func:`batch_normalization`).
        beta (~chainer.Variable or array): Shift.
        mean (~chainer.Variable or array): The mean to subtract.
        var (~chainer.Variable or array): The variance to divide by (its square root).
        eps (float): Added to the variance for stability.
        axis (int or tuple of int): The normalized axes (see :func:`batch_normalization`).

    Returns:
        ~chainer.Variable: The normalized x. Every input gets a gradient.
    """
    axis = _normalize_axis(axis, len(_checks.shape_of(x)))
    return FixedBatchNormalization(eps, axis).apply((x, gamma, beta, mean, var))[0]
