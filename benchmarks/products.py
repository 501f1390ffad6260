"""The chainer.functions that became native on chainerx last: products, einsum, determinants and the scatter-add,
forward and backward (gradients of every input, cleared each call). Chainer on ChainerX against Chainer on NumPy
(the original's path for these on chainerx was the NumPy fallback) and PyTorch's equivalents."""

import numpy as np

from _registry import benchmark

_CHAINER_AND_TORCH = ("chainer", "chainer-numpy", "torch")


def _values(shape, seed, low=-1.0, high=1.0):
    return np.random.default_rng(seed).uniform(low, high, shape).astype(np.float32)


def _step(fw, forward, inputs):
    """Clears the gradients, backpropagates the sum of forward(*inputs), and returns the first input's gradient."""
    def step():
        fw.cleargrads(*inputs)
        y = forward(*inputs)
        if fw.name == "torch":
            y.sum().backward()
        else:
            fw.functions.sum(y).backward()
        return inputs[0].grad

    return step


@benchmark("prod_fwd_bwd", "prod over the last axis of 4096x64 float32 values in [0.9, 1.1], then backward",
           frameworks=_CHAINER_AND_TORCH, needs_autograd=True, tolerance=(1e-4, 1e-5))
def prod_fwd_bwd(fw):
    x = fw.asarray(_values((4096, 64), 0, 0.9, 1.1), True)
    if fw.name == "torch":
        return _step(fw, lambda x: fw.module.prod(x, 1), [x])
    return _step(fw, lambda x: fw.functions.prod(x, axis=1), [x])


@benchmark("cumprod_fwd_bwd", "cumprod along the last axis of 1024x256 float32 values in [0.9, 1.1], then backward",
           frameworks=_CHAINER_AND_TORCH, needs_autograd=True, tolerance=(1e-4, 1e-5))
def cumprod_fwd_bwd(fw):
    x = fw.asarray(_values((1024, 256), 0, 0.9, 1.1), True)
    if fw.name == "torch":
        return _step(fw, lambda x: fw.module.cumprod(x, 1), [x])
    return _step(fw, lambda x: fw.functions.cumprod(x, axis=1), [x])


@benchmark("einsum_fwd_bwd", "einsum('bij,bjk->bik') of 64 pairs of 64x64 float32 matrices, then backward",
           frameworks=_CHAINER_AND_TORCH, needs_autograd=True, tolerance=(1e-4, 1e-4))
def einsum_fwd_bwd(fw):
    a = fw.asarray(_values((64, 64, 64), 0), True)
    b = fw.asarray(_values((64, 64, 64), 1), True)
    return _step(fw, lambda a, b: fw.functions.einsum("bij,bjk->bik", a, b), [a, b])


@benchmark("batch_det_fwd_bwd", "determinants of 256 well-conditioned 8x8 float32 matrices, then backward",
           frameworks=_CHAINER_AND_TORCH, needs_autograd=True, tolerance=(1e-3, 1e-4))
def batch_det_fwd_bwd(fw):
    a = fw.asarray(_values((256, 8, 8), 0) + 2 * np.eye(8, dtype=np.float32), True)
    if fw.name == "torch":
        return _step(fw, lambda a: fw.module.linalg.det(a), [a])
    return _step(fw, lambda a: fw.functions.batch_det(a), [a])


@benchmark("scatter_add_fwd_bwd", "50,000 rows of 64 float32 added at repeated indices into 10,000 rows, then backward",
           frameworks=_CHAINER_AND_TORCH, needs_autograd=True, tolerance=(1e-4, 1e-4))
def scatter_add_fwd_bwd(fw):
    indices = np.random.default_rng(2).integers(0, 10000, 50000)
    a = fw.asarray(_values((10000, 64), 0), True)
    b = fw.asarray(_values((50000, 64), 1), True)
    if fw.name == "torch":
        index = fw.module.as_tensor(indices)
        return _step(fw, lambda b, a: a.index_add(0, index, b), [b, a])
    if fw.name == "chainer":
        import chainerx

        indices = chainerx.array(indices)
    return _step(fw, lambda b, a: fw.functions.scatter_add(a, indices, b), [b, a])
