"""Convolution: the 2-D layer of the issue's target (batch 32, 64 -> 64 channels, 32x32, 3x3 kernel,
pad 1), forward alone and forward + backward (gradients of x, w and b); and the depthwise layer of the
same image (one group per channel, as in MobileNet). Run with ``--threads 1``.

ChainerX runs its direct stride-1 kernels here when the CPU has AVX-512; set CHAINERX_CONV_DIRECT=0 to time
its im2col + GEMM path instead."""

import numpy as np

from _registry import benchmark

_X_SHAPE = (32, 64, 32, 32)
_W_SHAPE = (64, 64, 3, 3)
_DEPTHWISE_W_SHAPE = (64, 1, 3, 3)


def _values(shape, seed):
    # Multiples of 1/2 in [0, 1]: every sum the convolution and its gradients form is exact in
    # float32, so the frameworks' results can be compared exactly whatever their summation order.
    rng = np.random.default_rng(seed)
    return (rng.integers(0, 3, shape) / 2).astype(np.float32)


def _conv(fw, groups=1):
    """The framework's 2-D convolution with stride 1 and padding 1."""
    if fw.name == "torch":
        conv2d = fw.module.nn.functional.conv2d
        return lambda x, w, b: conv2d(x, w, b, padding=1, groups=groups)
    conv = fw.module.conv
    return lambda x, w, b: conv(x, w, b, 1, 1, False, groups)


def _operands(fw, requires_grad, w_shape=_W_SHAPE):
    return (fw.asarray(_values(_X_SHAPE, 0), requires_grad),
            fw.asarray(_values(w_shape, 1), requires_grad),
            fw.asarray(_values(w_shape[:1], 2), requires_grad))


def _fwd_bwd_step(fw, conv, x, w, b):
    def step():
        fw.cleargrads(x, w, b)
        conv(x, w, b).sum().backward()
        return w.grad

    return step


@benchmark("conv2d_fwd", "y = conv(x, w, b): x 32x64x32x32, w 64x64x3x3, pad 1, float32 (no graph)",
           frameworks=("chainerx", "torch"))
def conv2d_fwd(fw):
    conv = _conv(fw)
    x, w, b = _operands(fw, False)
    return lambda: conv(x, w, b)


@benchmark("conv2d_fwd_bwd",
           "conv2d_fwd, then y.sum().backward() (grads of x, w, b; cleared each call)",
           needs_autograd=True)
def conv2d_fwd_bwd(fw):
    return _fwd_bwd_step(fw, _conv(fw), *_operands(fw, True))


@benchmark("depthwise_conv2d_fwd",
           "y = conv(x, w, b, groups=64): x 32x64x32x32, w 64x1x3x3, pad 1, float32 (no graph)",
           frameworks=("chainerx", "torch"))
def depthwise_conv2d_fwd(fw):
    conv = _conv(fw, groups=_X_SHAPE[1])
    x, w, b = _operands(fw, False, _DEPTHWISE_W_SHAPE)
    return lambda: conv(x, w, b)


@benchmark("depthwise_conv2d_fwd_bwd",
           "depthwise_conv2d_fwd, then y.sum().backward() (grads of x, w, b; cleared each call)",
           needs_autograd=True)
def depthwise_conv2d_fwd_bwd(fw):
    return _fwd_bwd_step(fw, _conv(fw, groups=_X_SHAPE[1]), *_operands(fw, True, _DEPTHWISE_W_SHAPE))
