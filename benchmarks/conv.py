"""Convolution: the 2-D layer of the issue's target (batch 32, 64 -> 64 channels, 32x32, 3x3 kernel,
pad 1), forward alone and forward + backward (gradients of x, w and b). Run with ``--threads 1``.

ChainerX runs its direct stride-1 kernels here when the CPU has AVX-512; set CHAINERX_CONV_DIRECT=0 to time
its im2col + GEMM path instead."""

import numpy as np

from _registry import benchmark

_X_SHAPE = (32, 64, 32, 32)
_W_SHAPE = (64, 64, 3, 3)


def _values(shape, seed):
    # Multiples of 1/2 in [0, 1]: every sum the convolution and its gradients form is exact in
    # float32, so the frameworks' results can be compared exactly whatever their summation order.
    rng = np.random.default_rng(seed)
    return (rng.integers(0, 3, shape) / 2).astype(np.float32)


def _conv(fw):
    """The framework's 2-D convolution with stride 1 and padding 1."""
    if fw.name == "torch":
        conv2d = fw.module.nn.functional.conv2d
        return lambda x, w, b: conv2d(x, w, b, padding=1)
    conv = fw.module.conv
    return lambda x, w, b: conv(x, w, b, 1, 1)


def _operands(fw, requires_grad):
    return (fw.asarray(_values(_X_SHAPE, 0), requires_grad),
            fw.asarray(_values(_W_SHAPE, 1), requires_grad),
            fw.asarray(_values(_W_SHAPE[:1], 2), requires_grad))


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
    conv = _conv(fw)
    x, w, b = _operands(fw, True)

    def step():
        fw.cleargrads(x, w, b)
        conv(x, w, b).sum().backward()
        return w.grad

    return step
