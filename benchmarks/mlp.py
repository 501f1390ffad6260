"""MLP training: one iteration (forward, backward and SGD update) of a ReLU multi-layer perceptron
with a softmax cross-entropy loss, written the same way in every framework.

All train the same network from the same weights on the same batch with the same learning rate,
through their functional APIs (no module, link or optimizer objects):

- forward: ``linear`` → ``relu`` → ``linear`` → ``relu`` → ``linear``, then the mean softmax cross
  entropy over the batch (chainerx: ``chx.linear``, ``chx.relu``,
  ``chx.softmax_cross_entropy(y, t).mean()``; Chainer, on ChainerX or on NumPy: ``F.linear``,
  ``F.relu``, ``F.softmax_cross_entropy(y, t)``; PyTorch: ``F.linear``, ``F.relu``,
  ``F.cross_entropy(y, t)``; both of these reduce to the mean by default);
- backward: ``loss.backward()`` (the input batch does not require a gradient);
- update: plain SGD, in place, per parameter, outside the graph, then the gradient is dropped so
  the next backward starts afresh: ``p -= lr * p.grad`` under ``chx.no_backprop_mode()`` /
  ``torch.no_grad()``, then ``p.cleargrad()`` / ``p.grad = None``. This is the manual SGD of the
  PyTorch tutorials and of the original Chainer's SGD rule; in every framework it is a temporary
  ``lr * grad`` and an in-place subtraction. (``torch.optim.SGD`` would run one fused
  ``add_(grad, alpha=-lr)`` per parameter plus its own Python bookkeeping; it is not used.)
  Chainer subtracts in place from the parameter's array (``p.array`` and ``p.grad`` are not on
  the graph), then calls ``p.cleargrad()``. It is written ``a = p.array; a -= lr * p.grad``: the
  spelling ``p.array -= lr * p.grad`` also assigns the result back through the ``array`` setter,
  which raises for a Variable whose chainerx array requires grad (after subtracting).

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


def _forward(x, params, linear, relu):
    """The network's output: linear layers on (weight, bias) pairs of ``params``, relu between."""
    h = x
    for i in range(0, len(params), 2):
        if i:
            h = relu(h)
        h = linear(h, params[i], params[i + 1])
    return h


def _chainerx_step(chx, params, x, t, lr):
    def step():
        h = _forward(x, params, chx.linear, chx.relu)
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
        h = _forward(x, params, functional.linear, functional.relu)
        loss = functional.cross_entropy(h, t)
        loss.backward()
        with torch.no_grad():
            for p in params:
                p -= lr * p.grad
                p.grad = None
        return loss

    return step


def _chainer_step(chainer, params, x, t, lr):
    """Chainer on either backend: ``params`` and ``x``, ``t`` are Variables."""
    functional = chainer.functions

    def step():
        h = _forward(x, params, functional.linear, functional.relu)
        loss = functional.softmax_cross_entropy(h, t)
        loss.backward()
        for p in params:
            array = p.array
            array -= lr * p.grad
            p.cleargrad()
        return loss

    return step


_STEPS = {"chainerx": _chainerx_step, "chainer": _chainer_step, "chainer-numpy": _chainer_step,
          "torch": _torch_step}


def _register(name, sizes, batch):
    description = "MLP {} batch {}: forward + backward + SGD update (lr {})".format(
        "-".join(map(str, sizes)), batch, _LR)

    @benchmark(name, description, needs_autograd=True)
    def mlp(fw):
        values, x_np, t_np = _initial_values(sizes, batch)
        params = [fw.asarray(v, requires_grad=True) for v in values]
        x, t = fw.asarray(x_np), fw.asarray(t_np)
        step = _STEPS[fw.name](fw.module, params, x, t, _LR)
        for _ in range(_WARMUP_STEPS):
            step()
        return step

    return mlp


for _config in _CONFIGS:
    _register(*_config)
