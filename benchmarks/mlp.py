"""MLP training: one iteration (forward, backward and SGD update) of a ReLU multi-layer perceptron
with a softmax cross-entropy loss, written the same way in both frameworks.

Both train the same network from the same weights on the same batch with the same learning rate,
through their functional APIs (no module objects on either side):

- forward: ``linear`` → ``relu`` → ``linear`` → ``relu`` → ``linear``, then the mean softmax cross
  entropy over the batch (chainerx: ``chx.linear``, ``chx.relu``,
  ``chx.softmax_cross_entropy(y, t).mean()``; PyTorch: ``F.linear``, ``F.relu``,
  ``F.cross_entropy(y, t)``, whose default reduction is the mean);
- backward: ``loss.backward()`` (the input batch does not require a gradient);
- update: plain SGD, in place, per parameter, outside the graph, then the gradient is dropped so
  the next backward starts afresh: ``p -= lr * p.grad`` under ``chx.no_backprop_mode()`` /
  ``torch.no_grad()``, then ``p.cleargrad()`` / ``p.grad = None``. This is the manual SGD of the
  PyTorch tutorials and of the original Chainer's SGD rule; in both frameworks it is a temporary
  ``lr * grad`` and an in-place subtraction. (``torch.optim.SGD`` would run one fused
  ``add_(grad, alpha=-lr)`` per parameter plus its own Python bookkeeping; it is not used.)

Weights are He-initialised (biases small and nonzero so that their gradients matter), the batch is
uniform in [0, 1) with uniform labels, all float32 / int64, seeded. Before timing, every framework
runs ``_WARMUP_STEPS`` training steps; the loss of the next step is the benchmark's result, which
the runner compares across frameworks, so the check covers forward, backward and update. Run it
with ``--threads 1`` and ``--threads 2`` (and ``--target-ms 100``: a batch-256 step takes ~25 ms).
"""

import numpy as np

from _registry import benchmark

_LR = 0.01
_WARMUP_STEPS = 3

# name, layer sizes, batch size
_CONFIGS = (
    ("mlp_784_100_100_10_b32", (784, 100, 100, 10), 32),
    ("mlp_784_1000_1000_10_b1", (784, 1000, 1000, 10), 1),
    ("mlp_784_1000_1000_10_b32", (784, 1000, 1000, 10), 32),
    ("mlp_784_1000_1000_10_b256", (784, 1000, 1000, 10), 256),
)


def _initial_values(sizes, batch):
    """Weights (out, in), biases (out,), batch x (batch, in) and labels t (batch,), seeded."""
    rng = np.random.default_rng(0)
    params = []
    for n_in, n_out in zip(sizes[:-1], sizes[1:]):
        params.append((rng.standard_normal((n_out, n_in)) * np.sqrt(2.0 / n_in)).astype(np.float32))
        params.append((rng.standard_normal(n_out) * 0.01).astype(np.float32))
    x = rng.random((batch, sizes[0])).astype(np.float32)
    t = rng.integers(0, sizes[-1], batch).astype(np.int64)
    return params, x, t


def _chainerx_step(chx, params, x, t, lr):
    def step():
        h = x
        for i in range(0, len(params), 2):
            if i:
                h = chx.relu(h)
            h = chx.linear(h, params[i], params[i + 1])
        loss = chx.softmax_cross_entropy(h, t).mean()
        loss.backward()
        with chx.no_backprop_mode():
            for p in params:
                p -= lr * p.grad
                p.cleargrad()
        return loss

    return step


def _torch_step(torch, params, x, t, lr):
    functional = torch.nn.functional

    def step():
        h = x
        for i in range(0, len(params), 2):
            if i:
                h = functional.relu(h)
            h = functional.linear(h, params[i], params[i + 1])
        loss = functional.cross_entropy(h, t)
        loss.backward()
        with torch.no_grad():
            for p in params:
                p -= lr * p.grad
                p.grad = None
        return loss

    return step


def _register(name, sizes, batch):
    description = "MLP {} batch {}: forward + backward + SGD update (lr {})".format(
        "-".join(map(str, sizes)), batch, _LR)

    @benchmark(name, description, needs_autograd=True)
    def mlp(fw):
        values, x_np, t_np = _initial_values(sizes, batch)
        params = [fw.asarray(v, requires_grad=True) for v in values]
        x, t = fw.asarray(x_np), fw.asarray(t_np)
        make_step = _torch_step if fw.name == "torch" else _chainerx_step
        step = make_step(fw.module, params, x, t, _LR)
        for _ in range(_WARMUP_STEPS):
            step()
        return step

    return mlp


for _config in _CONFIGS:
    _register(*_config)
