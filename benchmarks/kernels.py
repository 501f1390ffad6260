"""Kernel throughput: elementwise add/mul/exp/log/tanh and sum on 10^3 and 10^7 float32 elements, contiguous
and transposed, where the time is the arithmetic and the memory traffic (10^7 float32 = 40 MB per
operand) rather than the binding. Run once with ``--threads 1`` and once without (all threads)."""

import numpy as np

from _registry import Skip, benchmark

_SIZES = (("1e3", 10**3), ("1e7", 10**7))
_SIDE = 3162  # 3162 x 3162 = 9,998,244 elements, the transposed counterpart of 10^7


def _values(shape, seed=0):
    # Multiples of 1/2 in [0, 1]: sums of up to 2^24 of them are exact in float32 whatever the
    # summation order, so the frameworks' results can be compared exactly.
    rng = np.random.default_rng(seed)
    return (rng.integers(0, 3, shape) / 2).astype(np.float32)


def _register_sized(op, description, make):
    for label, n in _SIZES:
        def build(fw, n=n):
            return make(fw, fw.asarray(_values((n,))), fw.asarray(_values((n,), seed=1)))
        benchmark("{}_{}".format(op, label), description.format(n="10^" + label[-1]))(build)


_register_sized("add", "a + b on {n} float32 elements (new output each call)", lambda fw, a, b: lambda: a + b)
_register_sized("mul", "a * b on {n} float32 elements", lambda fw, a, b: lambda: a * b)
_register_sized("exp", "exp(a) on {n} float32 elements", lambda fw, a, b: lambda: fw.module.exp(a))
_register_sized("log", "log(c) on {n} float32 elements, c = a + 0.5 computed beforehand",
                lambda fw, a, b: (lambda c: lambda: fw.module.log(c))(a + 0.5))
_register_sized("tanh", "tanh(a) on {n} float32 elements", lambda fw, a, b: lambda: fw.module.tanh(a))
_register_sized("sum", "a.sum() over {n} float32 elements", lambda fw, a, b: lambda: a.sum())


@benchmark("add_transposed", "m.T + m on a 3162x3162 float32 matrix (one operand read column-wise)")
def add_transposed(fw):
    m = fw.asarray(_values((_SIDE, _SIDE)))
    return lambda: m.T + m


@benchmark("sum_transposed", "m.T.sum() over a 3162x3162 float32 matrix")
def sum_transposed(fw):
    m = fw.asarray(_values((_SIDE, _SIDE)))
    return lambda: m.T.sum()


# GPU memory bandwidth: 10^8 float32 (400 MB per operand). `copy` is the device's copy rate, against which the
# add is measured (it moves 1.5x the bytes of a copy); CPU runs skip them.
_GPU_N = 10**8


def _gpu_only(fw):
    if getattr(fw, "device", "cpu") != "cuda":
        raise Skip("GPU only (--device cuda)")


@benchmark("add_1e8", "a + b on 10^8 float32 elements (GPU only)")
def add_1e8(fw):
    _gpu_only(fw)
    a, b = fw.asarray(_values((_GPU_N,))), fw.asarray(_values((_GPU_N,), seed=1))
    return lambda: a + b


@benchmark("copy_1e8", "a copy of 10^8 float32 elements, the device's copy bandwidth (GPU only)")
def copy_1e8(fw):
    _gpu_only(fw)
    a = fw.asarray(_values((_GPU_N,)))
    return lambda: a.copy() if hasattr(a, "copy") else a.clone()
