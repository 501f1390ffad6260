"""Elementwise math that used to leave the vector units idle on the native backend, and the row and window kernels
rewritten in the same session (2026-12-01): log1p, expm1 and floor on 2^21 float32 elements (per-CPU-level loops,
Note [Float math]), and the eleven functions of _MATH_FUNCTIONS; x ** 2 (Note [Powers with a fast scalar
exponent]), elu and softplus forward and backward (native/activation_loops.h); softmax cross entropy over a language
model's 10,000 classes (Note [Softmax cross entropy on the softmax row loops]) and 2x2 average pooling (Note
[Average pooling by rows]), forward and backward (gradients cleared each call)."""

import numpy as np

from _registry import benchmark
from _steps import fwd_bwd

_N = 2**21
_AUTOGRAD = ("chainerx", "torch")


def _values(shape, seed, low=-3.0, high=3.0):
    return np.random.default_rng(seed).uniform(low, high, shape).astype(np.float32)


@benchmark("log1p_2e21", "log1p(a) on 2^21 float32 elements in [0, 6]", tolerance=(1e-6, 1e-7))
def log1p_2e21(fw):
    a = fw.asarray(_values((_N,), 0, 0.0, 6.0))
    return lambda: fw.module.log1p(a)


@benchmark("expm1_2e21", "expm1(a) on 2^21 float32 elements in [-3, 3]", tolerance=(1e-6, 1e-7))
def expm1_2e21(fw):
    a = fw.asarray(_values((_N,), 1))
    return lambda: fw.module.expm1(a)


@benchmark("floor_2e21", "floor(a) on 2^21 float32 elements in [-3, 3]")
def floor_2e21(fw):
    a = fw.asarray(_values((_N,), 2))
    return lambda: fw.module.floor(a)


# The libm calls that became per-level loops later the same day (core/numeric/float_math*.h): the chainerx and NumPy
# name, PyTorch's name, and an input range inside the domain.
_MATH_FUNCTIONS = [
    ("exp2", "exp2", -3.0, 3.0),
    ("log2", "log2", 0.05, 6.0),
    ("log10", "log10", 0.05, 6.0),
    ("tan", "tan", -1.5, 1.5),
    ("arcsin", "asin", -1.0, 1.0),
    ("arccos", "acos", -1.0, 1.0),
    ("arctan", "atan", -6.0, 6.0),
    ("sinh", "sinh", -3.0, 3.0),
    ("cosh", "cosh", -3.0, 3.0),
    ("arcsinh", "asinh", -6.0, 6.0),
    ("arccosh", "acosh", 1.0, 7.0),
]


def _register_math_function(name, torch_name, low, high, seed):
    @benchmark(f"{name}_2e21", f"{name}(a) on 2^21 float32 elements in [{low:g}, {high:g}]", tolerance=(1e-5, 1e-6))
    def run(fw):
        a = fw.asarray(_values((_N,), seed, low, high))
        function = getattr(fw.module, torch_name if fw.name == "torch" else name)
        return lambda: function(a)


for _seed, _function in enumerate(_MATH_FUNCTIONS, 20):
    _register_math_function(*_function, _seed)


# The float32 division family and arctan2, per-level loops since 2026-12-01 (Note [Exact float fmod]): the chainerx
# and NumPy name and PyTorch's.
_BINARY_FUNCTIONS = [
    ("fmod", "fmod"),
    ("remainder", "remainder"),
    ("floor_divide", "floor_divide"),
    ("arctan2", "atan2"),
]


def _register_binary_function(name, torch_name, seed):
    @benchmark(f"{name}_2e21", f"{name}(a, b) on 2^21 float32 pairs, a in [-30, 30], |b| in [0.5, 3]",
               tolerance=(1e-5, 1e-6))
    def run(fw):
        rng = np.random.default_rng(seed)
        a = fw.asarray(rng.uniform(-30.0, 30.0, _N).astype(np.float32))
        signs = rng.choice(np.array([-1.0, 1.0], np.float32), _N)
        b = fw.asarray(signs * rng.uniform(0.5, 3.0, _N).astype(np.float32))
        function = getattr(fw.module, torch_name if fw.name == "torch" else name)
        return lambda: function(a, b)


for _seed, _function in enumerate(_BINARY_FUNCTIONS, 40):
    _register_binary_function(*_function, _seed)


@benchmark("remainder_scalar_2e21", "a % 2.5 on 2^21 float32 elements in [-30, 30]")
def remainder_scalar_2e21(fw):
    a = fw.asarray(_values((_N,), 44, -30.0, 30.0))
    return lambda: a % 2.5


@benchmark("cube_pow_2e21", "a ** 3 on 2^21 float32 elements in [-3, 3] (Note [Small integer powers])",
           tolerance=(1e-6, 1e-7))
def cube_pow_2e21(fw):
    a = fw.asarray(_values((_N,), 47))
    return lambda: a ** 3


@benchmark("half_add_2e21", "a + b on 2^21 float16 elements (Note [float16 through float32 chunks])",
           tolerance=(1e-3, 1e-3))
def half_add_2e21(fw):
    a = fw.asarray(_values((_N,), 49).astype(np.float16))
    b = fw.asarray(_values((_N,), 50).astype(np.float16))
    return lambda: a + b


@benchmark("half_exp_2e21", "exp(a) on 2^21 float16 elements in [-3, 3] (Note [float16 through float32 chunks])",
           tolerance=(2e-3, 1e-3))
def half_exp_2e21(fw):
    a = fw.asarray(_values((_N,), 51).astype(np.float16))
    return lambda: fw.module.exp(a)


@benchmark("half_sum_2e21", "sum of 2^21 float16 elements (Note [float16 sums through float32 folds])",
           tolerance=(1e-2, 1.0))
def half_sum_2e21(fw):
    a = fw.asarray(_values((_N,), 52).astype(np.float16))
    return lambda: a.sum()


@benchmark("half_scale_2e21", "a * 2.5 on 2^21 float16 elements (Note [Fused float16 loops])",
           tolerance=(2e-3, 1e-3))
def half_scale_2e21(fw):
    a = fw.asarray(_values((_N,), 53).astype(np.float16))
    return lambda: a * 2.5


@benchmark("sum_short_runs_axis1", "sum over axis 1 of a (512, 512, 8) float32 array (Note [Short runs across "
           "accumulators])", tolerance=(1e-4, 1e-4))
def sum_short_runs_axis1(fw):
    a = fw.asarray(_values((512, 512, 8), 54))
    if fw.name == "torch":
        return lambda: a.sum(dim=1)
    return lambda: a.sum(axis=1)


@benchmark("clip_2e21", "clip(a, -1, 1) on 2^21 float32 elements in [-3, 3] (Note [Clip in one pass])")
def clip_2e21(fw):
    a = fw.asarray(_values((_N,), 45))
    if fw.name == "torch":
        return lambda: fw.module.clamp(a, -1.0, 1.0)
    return lambda: fw.module.clip(a, -1.0, 1.0)


@benchmark("clip_fwd_bwd", "clip(a, -1, 1) on 2^21 float32 elements, then backward", frameworks=_AUTOGRAD,
           needs_autograd=True)
def clip_fwd_bwd(fw):
    a = fw.asarray(_values((_N,), 46), True)
    clip = fw.module.clamp if fw.name == "torch" else fw.module.clip
    return fwd_bwd(fw, lambda a: clip(a, -1.0, 1.0), [a])


@benchmark("transpose_copy_2e21", "a contiguous copy of a.T, a 1024x2048 float32 (Note [Transposed copies])")
def transpose_copy_2e21(fw):
    a = fw.asarray(_values((1024, 2048), 48))
    if fw.name == "torch":
        return lambda: a.T.contiguous()
    return lambda: fw.module.ascontiguousarray(a.T)


@benchmark("take_2e19", "take(a, idx, 0): 2^19 random positions of a 2^21-element float32 array")
def take_2e19(fw):
    a = fw.asarray(_values((_N,), 49))
    idx = fw.asarray(np.random.default_rng(10).integers(0, _N, _N // 4))
    if fw.name == "torch":
        return lambda: a[idx]
    return lambda: fw.module.take(a, idx, 0)


@benchmark("nonzero_2e21", "nonzero(m) of a random mask of 2^21 bools (half of them true)")
def nonzero_2e21(fw):
    m = fw.asarray(np.random.default_rng(11).random(_N) < 0.5)
    if fw.name == "torch":
        return lambda: fw.module.nonzero(m, as_tuple=True)[0]
    return lambda: fw.module.nonzero(m)[0]


@benchmark("mask_select_2e21", "a[m], a random mask of 2^21 bools (half true) over float32 values")
def mask_select_2e21(fw):
    a = fw.asarray(_values((_N,), 50))
    m = fw.asarray(np.random.default_rng(12).random(_N) < 0.5)
    return lambda: a[m]


# NumPy and chainerx add in float32 in order (up to 5e-4 off the exact sums near 280); PyTorch is closer to exact.
@benchmark("cumsum_axis0_2e21", "cumsum over axis 0 of a 2048x1024 float32 (Note [Scans across lanes])",
           tolerance=(1e-3, 1e-3))
def cumsum_axis0_2e21(fw):
    a = fw.asarray(_values((2048, 1024), 51))
    if fw.name == "torch":
        return lambda: fw.module.cumsum(a, 0)
    return lambda: fw.module.cumsum(a, axis=0)


@benchmark("argmax_axis0_2e21", "argmax over axis 0 of a 2048x1024 float32")
def argmax_axis0_2e21(fw):
    a = fw.asarray(_values((2048, 1024), 52))
    if fw.name == "torch":
        return lambda: a.argmax(0)
    return lambda: a.argmax(axis=0)


@benchmark("logical_and_2e21", "logical_and(m1, m2) of two random masks of 2^21 bools")
def logical_and_2e21(fw):
    rng = np.random.default_rng(9)
    m1 = fw.asarray(rng.random(_N) < 0.5)
    m2 = fw.asarray(rng.random(_N) < 0.5)
    return lambda: fw.module.logical_and(m1, m2)


@benchmark("square_pow_fwd_bwd", "a ** 2 on 2^21 float32 elements, then backward", frameworks=_AUTOGRAD,
           needs_autograd=True)
def square_pow_fwd_bwd(fw):
    a = fw.asarray(_values((_N,), 3), True)
    return fwd_bwd(fw, lambda a: a ** 2, [a])


@benchmark("elu_fwd_bwd", "elu(a) on 2^21 float32 elements, then backward", frameworks=_AUTOGRAD,
           needs_autograd=True, tolerance=(1e-5, 1e-6))
def elu_fwd_bwd(fw):
    a = fw.asarray(_values((_N,), 4), True)
    elu = fw.module.nn.functional.elu if fw.name == "torch" else fw.module.elu
    return fwd_bwd(fw, elu, [a])


@benchmark("softplus_fwd_bwd", "softplus(a) on 2^21 float32 elements, then backward", frameworks=_AUTOGRAD,
           needs_autograd=True, tolerance=(1e-5, 1e-6))
def softplus_fwd_bwd(fw):
    a = fw.asarray(_values((_N,), 5), True)
    softplus = fw.module.nn.functional.softplus if fw.name == "torch" else fw.module.softplus
    return fwd_bwd(fw, softplus, [a])


_VOCAB_ROWS = 640  # 20 steps of a batch of 32
_VOCAB = 10000


@benchmark("sce_vocab_fwd_bwd", "softmax cross entropy of 640 rows of 10,000 float32 class scores, then backward",
           frameworks=_AUTOGRAD, needs_autograd=True, tolerance=(1e-4, 1e-6))
def sce_vocab_fwd_bwd(fw):
    x = fw.asarray(_values((_VOCAB_ROWS, _VOCAB), 6), True)
    labels = np.random.default_rng(7).integers(0, _VOCAB, _VOCAB_ROWS)
    if fw.name == "torch":
        t = fw.module.tensor(labels)
        cross_entropy = fw.module.nn.functional.cross_entropy
        return fwd_bwd(fw, lambda x: cross_entropy(x, t, reduction="none"), [x])
    t = fw.asarray(labels.astype(np.int32))
    return fwd_bwd(fw, lambda x: fw.module.softmax_cross_entropy(x, t), [x])


@benchmark("avg_pool_fwd_bwd", "2x2 average pooling (stride 2) of 32x64x32x32 float32 images, then backward",
           frameworks=_AUTOGRAD, needs_autograd=True)
def avg_pool_fwd_bwd(fw):
    x = fw.asarray(_values((32, 64, 32, 32), 8), True)
    if fw.name == "torch":
        avg_pool2d = fw.module.nn.functional.avg_pool2d
        return fwd_bwd(fw, lambda x: avg_pool2d(x, 2, 2), [x])
    return fwd_bwd(fw, lambda x: fw.module.average_pool(x, (2, 2), (2, 2)), [x])
