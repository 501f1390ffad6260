"""Training step with each framework's own model and optimizer objects (the ``mlp`` group uses none).

One call is what a trainer's update does once the batch is on the device: forward through a model
object, the mean softmax cross entropy, backward, and the optimizer's SGD update of every parameter:

- ``chainer`` / ``chainer-numpy``: a ``chainer.Chain`` of ``L.Linear`` links, ``optimizers.SGD``,
  and ``optimizer.update(lossfun, x, t)`` — exactly the work of ``StandardUpdater.update_core``
  without the iterator and the converter (clear the gradients, forward, backward, one update rule
  per parameter). On chainerx the SGD rule runs the fused in-place kernel
  (``chainerx._core._optimizers.sgd``: one pass, no temporary).
- ``torch``: ``nn.Sequential`` of ``nn.Linear``/``nn.ReLU``, ``torch.optim.SGD``;
  ``zero_grad()``, forward, ``cross_entropy``, ``backward()``, ``step()``.
- ``chainerx``: the reference of the issue, the raw chainerx step of ``mlp.py`` (functional forward,
  ``backward()``, manual ``p -= lr * p.grad`` and ``cleargrad()`` per parameter).

All start from the weights and batch of ``mlp.py`` (same seed), so the loss of the step after the
warm-up (the loss before that step's update) is compared across frameworks.
"""

import numpy as np

from _registry import benchmark
from mlp import _LR, _WARMUP_STEPS, _chainerx_step, _initial_values

_CONFIGS = (
    ("train_step_784_100_100_10_b32", (784, 100, 100, 10), 32),
    ("train_step_784_1000_1000_10_b1", (784, 1000, 1000, 10), 1),
    ("train_step_784_1000_1000_10_b256", (784, 1000, 1000, 10), 256),
)


def _chainer_step(fw, values, x_np, t_np):
    chainer = fw.module
    import chainer.functions as F
    import chainer.links as L

    class MLP(chainer.ChainList):
        def forward(self, x):
            for i, layer in enumerate(self):
                x = layer(F.relu(x) if i else x)
            return x

    model = MLP(*[L.Linear(w.shape[1], w.shape[0], initialW=w, initial_bias=b)
                  for w, b in zip(values[0::2], values[1::2])])
    device = chainer.get_device("native:0" if fw.name == "chainer" else "@numpy")
    model.to_device(device)
    optimizer = chainer.optimizers.SGD(lr=_LR)
    optimizer.setup(model)
    x, t = device.send(x_np), device.send(t_np)

    losses = []

    def lossfun(x, t):
        loss = F.softmax_cross_entropy(model(x), t)
        losses.append(loss.array)
        return loss

    def step():
        optimizer.update(lossfun, x, t)
        return losses.pop()

    return step


def _torch_step(fw, values, x_np, t_np):
    torch = fw.module
    layers = []
    for i, (w, b) in enumerate(zip(values[0::2], values[1::2])):
        if i:
            layers.append(torch.nn.ReLU())
        linear = torch.nn.Linear(w.shape[1], w.shape[0])
        with torch.no_grad():
            linear.weight.copy_(torch.from_numpy(w))
            linear.bias.copy_(torch.from_numpy(b))
        layers.append(linear)
    model = torch.nn.Sequential(*layers)
    optimizer = torch.optim.SGD(model.parameters(), lr=_LR)
    x, t = torch.from_numpy(x_np), torch.from_numpy(t_np)

    def step():
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), t)
        loss.backward()
        optimizer.step()
        return loss

    return step


def _raw_chainerx_step(fw, values, x_np, t_np):
    params = [fw.asarray(v, requires_grad=True) for v in values]
    return _chainerx_step(fw.module, params, fw.asarray(x_np), fw.asarray(t_np), _LR)


_STEPS = {"chainerx": _raw_chainerx_step, "chainer": _chainer_step,
          "chainer-numpy": _chainer_step, "torch": _torch_step}


def _register(name, sizes, batch):
    description = ("training step, model and optimizer objects: MLP {} batch {}, SGD lr {} "
                   "(returns the loss of the step)").format(
                       "-".join(map(str, sizes)), batch, _LR)

    @benchmark(name, description, frameworks=tuple(_STEPS), needs_autograd=True)
    def train_step(fw):
        values, x_np, t_np = _initial_values(sizes, batch)
        step = _STEPS[fw.name](fw, [np.array(v) for v in values], x_np, t_np)
        for _ in range(_WARMUP_STEPS):
            step()
        return step

    return train_step


for _config in _CONFIGS:
    _register(*_config)
