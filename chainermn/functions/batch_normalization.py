"""Batch normalization with the statistics of the whole batch, over all ranks."""

import numpy

import chainer
import chainerx
from chainer import backend
from chainermn.functions import _communication_node


def _reduced_shape(x_shape, axes):
    return tuple(1 if i in axes else n for i, n in enumerate(x_shape))


def _concat(xp, arrays):
    return xp.concatenate([a.reshape(-1) for a in arrays])


def _array_like(x, values, dtype):
    """`values` as an array of x's kind and device."""
    if isinstance(x, chainerx.ndarray):
        return chainerx.array(numpy.asarray(values, dtype), device=x.device)
    return backend.get_array_module(x).asarray(numpy.asarray(values, dtype))


class MultiNodeBatchNormalizationFunction(chainer.FunctionNode):
    """y = gamma * (x - mean) / sqrt(var + eps) + beta with the mean and variance of the batches of
    all ranks together.

    Note [Multi-node batch statistics]
    Forward sums x per channel and allreduces the sums and the element count (the mean), then
    allreduces the sums of squared deviations (the variance): two small allreduces of one value
    per channel, and the two-pass variance NumPy computes. Backward allreduces the per-channel sums
    of gy and of gy * x_hat, so that each rank's gx is the gradient, through the global statistics,
    of the sum of all ranks' losses; gamma's and beta's gradients stay this rank's own sums (gamma
    and beta act on this rank's outputs only) and the multi-node optimizer averages them like
    every other gradient. Every rank must run forward and backward the same number of times.
    First-order only: the gradients are not differentiable again.
    """

    _chainerx_xp_forward = True

    def __init__(self, comm, eps, axes, running_mean, running_var, decay):
        self.comm = comm
        self.eps = eps
        self.axes = axes
        self.running_mean = running_mean
        self.running_var = running_var
        self.decay = decay

    def forward(self, inputs):
        x, gamma, beta = inputs
        xp = backend.get_array_module(x)
        shape = _reduced_shape(x.shape, self.axes)
        count = _array_like(x, [x.size // max(gamma.size, 1)], numpy.dtype(gamma.dtype))
        local = _concat(xp, [x.sum(axis=self.axes).astype(gamma.dtype), count])
        total = self.comm.allreduce(local)
        m = float(total[-1])
        if m == 0:
            raise ValueError('multi-node batch normalization of an empty batch on every rank')
        mean = (total[:-1] / m).reshape(shape).astype(x.dtype)
        centered = x - mean
        var = self.comm.allreduce(
            (centered * centered).sum(axis=self.axes).astype(gamma.dtype)) / m
        inv_std = (1 / xp.sqrt(var + self.eps)).astype(x.dtype).reshape(shape)
        x_hat = centered * inv_std
        y = gamma.reshape(shape) * x_hat + beta.reshape(shape)
        self.x_hat, self.inv_std, self.count = x_hat, inv_std, m
        self.retain_inputs((1,))
        if self.running_mean is not None:
            self._update_running(mean.reshape(gamma.shape), var, m)
        return y,

    def _update_running(self, mean, var, m):
        unbiased = var * (m / max(m - 1, 1))
        decay = self.decay
        self.running_mean *= decay
        self.running_mean += (1 - decay) * mean.astype(self.running_mean.dtype)
        self.running_var *= decay
        self.running_var += (1 - decay) * unbiased.astype(self.running_var.dtype)

    def backward(self, indexes, grad_outputs):
        gamma = self.get_retained_inputs()[0].array
        gy = grad_outputs[0].array
        xp = backend.get_array_module(gy)
        shape = _reduced_shape(self.x_hat.shape, self.axes)
        gbeta = gy.sum(axis=self.axes).astype(gamma.dtype)
        ggamma = (gy * self.x_hat).sum(axis=self.axes).astype(gamma.dtype)
        total = self.comm.allreduce(_concat(xp, [gbeta, ggamma]))
        n = gbeta.size
        total_gbeta = total[:n].reshape(shape).astype(gy.dtype)
        total_ggamma = total[n:].reshape(shape).astype(gy.dtype)
        gx = (gamma.reshape(shape) * self.inv_std) * (
            gy - (self.x_hat * total_ggamma + total_gbeta) / self.count)
        as_variable = chainer.Variable
        return (as_variable(gx, requires_grad=False), as_variable(ggamma, requires_grad=False),
                as_variable(gbeta, requires_grad=False))


def multi_node_batch_normalization(x, gamma, beta, comm, eps=2e-5, axis=None, running_mean=None,
                                   running_var=None, decay=0.9):
    """Batch normalization of `x` with the statistics of the batches of every rank of `comm`.

    Like :func:`chainer.functions.batch_normalization` (the same arguments; `axis` None normalizes
    over axis 0 and the axes after gamma's), but the mean and variance are those of all ranks'
    batches together (Note [Multi-node batch statistics]). A collective call.
    """
    _communication_node.check_communicator(comm)
    x = chainer.as_variable(x)
    if axis is None:
        axes = (0,) + tuple(range(1 + gamma.ndim, x.ndim))
    else:
        axes = tuple(sorted(a % x.ndim for a in ((axis,) if isinstance(axis, int) else axis)))
    expected = tuple(n for i, n in enumerate(x.shape) if i not in axes)
    if tuple(gamma.shape) != expected or tuple(beta.shape) != expected:
        raise ValueError('gamma and beta must have shape {} for an input of shape {} normalized '
                         'over axes {}, got {} and {}'.format(expected, x.shape, axes, gamma.shape,
                                                              beta.shape))
    function = MultiNodeBatchNormalizationFunction(comm, eps, axes, running_mean, running_var,
                                                   decay)
    return function.apply((x, gamma, beta))[0]
