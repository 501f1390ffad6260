"""The building blocks of attention and normalization layers, forward and backward (gradients of every input,
cleared each call), chainerx against PyTorch: softmax along the last axis of attention scores, layer
normalization over the features of a batch of tokens, a batched matrix product of attention's shape, and batch
normalization of a batch of images in training mode, and the CTC loss of a batch of utterances. On CUDA each is one
or two kernels per direction in chainerx (Note [Softmax along one axis], Note [Layer normalization on CUDA],
BatchedDotKernel, Note [Batch statistics in one launch], Note [CTC in kernels])."""

import numpy as np

from _registry import benchmark
from _steps import fwd_bwd

_SCORES = (32, 8, 64, 64)  # batch, heads, queries, keys
_TOKENS = (32 * 64, 512)  # batch x sequence, features
_IMAGES = (32, 64, 32, 32)
_UTTERANCES = (200, 32, 30, 40)  # frames, batch, units (blank 0), labels


def _values(shape, seed):
    rng = np.random.default_rng(seed)
    return rng.standard_normal(shape).astype(np.float32)


@benchmark("softmax_fwd_bwd", "softmax(s, axis=-1) of attention scores 32x8x64x64 float32, then backward",
           frameworks=("chainerx", "torch"), needs_autograd=True)
def softmax_fwd_bwd(fw):
    s = fw.asarray(_values(_SCORES, 0), True)
    if fw.name == "torch":
        return fwd_bwd(fw, lambda s: fw.module.softmax(s, -1), [s])
    return fwd_bwd(fw, lambda s: fw.module.softmax(s, 3), [s])


@benchmark("layer_norm_fwd_bwd", "layer normalization of 2048 tokens of 512 float32 features, then backward",
           frameworks=("chainerx", "torch"), needs_autograd=True)
def layer_norm_fwd_bwd(fw):
    x = fw.asarray(_values(_TOKENS, 0), True)
    gamma = fw.asarray(1 + 0.1 * _values(_TOKENS[1:], 1), True)
    beta = fw.asarray(0.1 * _values(_TOKENS[1:], 2), True)
    if fw.name == "torch":
        layer_norm = fw.module.nn.functional.layer_norm
        return fwd_bwd(fw, lambda x, g, b: layer_norm(x, _TOKENS[1:], g, b, 1e-5), [x, gamma, beta])
    layer_norm = fw.module._core._layer_norm
    return fwd_bwd(fw, lambda x, g, b: layer_norm(x, g, b, 1e-5), [x, gamma, beta])


@benchmark("batched_matmul_fwd_bwd", "matmul(q, k) of 32x8 pairs of 64x64 float32 matrices, then backward",
           frameworks=("chainerx", "torch"), needs_autograd=True)
def batched_matmul_fwd_bwd(fw):
    q = fw.asarray(_values(_SCORES, 0), True)
    k = fw.asarray(_values(_SCORES, 1), True)
    return fwd_bwd(fw, lambda q, k: fw.module.matmul(q, k), [q, k])


@benchmark("batch_norm_fwd_bwd", "batch normalization (training) of 32x64x32x32 float32 images, then backward",
           frameworks=("chainerx", "torch"), needs_autograd=True)
def batch_norm_fwd_bwd(fw):
    x = fw.asarray(_values(_IMAGES, 0), True)
    gamma = fw.asarray(np.ones(_IMAGES[1], np.float32), True)
    beta = fw.asarray(np.zeros(_IMAGES[1], np.float32), True)
    mean = fw.asarray(np.zeros(_IMAGES[1], np.float32))
    var = fw.asarray(np.ones(_IMAGES[1], np.float32))
    if fw.name == "torch":
        batch_norm = fw.module.nn.functional.batch_norm
        return fwd_bwd(fw, lambda x, g, b: batch_norm(x, mean, var, g, b, True, 0.1, 2e-5), [x, gamma, beta])
    batch_norm = fw.module.batch_norm
    return fwd_bwd(fw, lambda x, g, b: batch_norm(x, g, b, mean, var, 2e-5, 0.9, (0, 2, 3)), [x, gamma, beta])


# A float32 loss of ~550 leaves the gradients ~3e-4 from the float64 values in both frameworks.
@benchmark("ctc_fwd_bwd", "CTC loss of 32 utterances of 200 frames over 30 units, 40 labels each, then backward",
           frameworks=("chainerx", "torch"), needs_autograd=True, tolerance=(1e-3, 1e-3))
def ctc_fwd_bwd(fw):
    frames, batch, units, n_labels = _UTTERANCES
    rng = np.random.default_rng(3)
    x = fw.asarray(_values((frames, batch, units), 0), True)
    labels = fw.asarray(rng.integers(1, units, (batch, n_labels)).astype(np.int32))
    input_lengths = fw.asarray(np.full(batch, frames, np.int32))
    label_lengths = fw.asarray(np.full(batch, n_labels, np.int32))
    if fw.name == "torch":
        functional = fw.module.nn.functional
        return fwd_bwd(fw, lambda x: functional.ctc_loss(
            functional.log_softmax(x, 2), labels, input_lengths, label_lengths, 0, "none"), [x])
    ctc_loss = fw.module._core._ctc_loss
    return fwd_bwd(fw, lambda x: ctc_loss(x, labels, input_lengths, label_lengths, 0), [x])


_STEPS = (32, 100, 256)  # batch, steps, features
_VOCABULARY = (10000, 256)  # words, features


# Note [Gradients added in place]: chainerx adds each step's gradient into the one the pass holds; a full-size
# gradient per step (zeros, the step written, then summed) writes batch x steps x features elements per step.
@benchmark("step_slices_fwd_bwd", "an RNN-like loop h = tanh(h + x[:, t]) over the 100 steps of 32x100x256 float32,"
           " then backward", frameworks=("chainerx", "torch"), needs_autograd=True)
def step_slices_fwd_bwd(fw):
    batch, steps, features = _STEPS
    x = fw.asarray(_values(_STEPS, 0), True)
    h0 = fw.asarray(np.zeros((batch, features), np.float32))

    def forward(x):
        h = h0
        for t in range(steps):
            h = fw.module.tanh(h + x[:, t])
        return h

    return fwd_bwd(fw, forward, [x])


@benchmark("embedding_steps_fwd_bwd", "rows of a 10000x256 float32 embedding table gathered for 32 words at each of "
           "50 steps, then backward", frameworks=("chainerx", "torch"), needs_autograd=True)
def embedding_steps_fwd_bwd(fw):
    rng = np.random.default_rng(4)
    table = fw.asarray(_values(_VOCABULARY, 0), True)
    words = [fw.asarray(rng.integers(0, _VOCABULARY[0], 32).astype(np.int64)) for _ in range(50)]

    def forward(table):
        total = table[words[0]]
        for step in words[1:]:
            total = total + table[step]
        return total

    return fwd_bwd(fw, forward, [table])


_RECURRENT = (32, 50, 512)  # batch, steps, units


# Note [Product gradients added in place]: each step's weight gradient is accumulated into the one the pass holds
# (a GEMM with beta = 1) instead of being made apart and added (a write and a read of the weight's size per step).
@benchmark("linear_steps_fwd_bwd", "an Elman RNN h = tanh(linear(x_t, W) + linear(h, U, b)) over 50 steps of 32 x 512 "
           "float32 units, then backward (grads of W, U, b and the inputs)", frameworks=("chainerx", "torch"),
           needs_autograd=True)
def linear_steps_fwd_bwd(fw):
    batch, steps, units = _RECURRENT
    scale = np.float32(1.0 / np.sqrt(units))
    w = fw.asarray(_values((units, units), 1) * scale, True)
    u = fw.asarray(_values((units, units), 2) * scale, True)
    b = fw.asarray(_values((units,), 3), True)
    xs = fw.asarray(_values((steps, batch, units), 4), True)
    if fw.name == "torch":
        linear = fw.module.nn.functional.linear
    else:
        linear = fw.module.linear
    h0 = fw.asarray(np.zeros((batch, units), np.float32))

    def forward(xs, w, u, b):
        h = h0
        for t in range(steps):
            h = fw.module.tanh(linear(xs[t], w) + linear(h, u, b))
        return h

    return fwd_bwd(fw, forward, [xs, w, u, b])
