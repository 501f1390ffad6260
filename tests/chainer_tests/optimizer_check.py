"""Shared by the optimizer and optimizer-hook tests: a two-parameter chain on a device, seeded
gradients, and running an optimizer for a few steps."""

import numpy

import chainer
import chainerx


def _chainerx_cuda_devices():
    try:
        return ['cuda:0'] if chainerx.get_backend('cuda').get_device_count() > 0 else []
    except chainerx.BackendError:  # built without CUDA
        return []


DEVICES = ['@numpy', 'native:0'] + _chainerx_cuda_devices()
SHAPES = {'w': (3, 4), 'b': (4,)}


class TwoParams(chainer.Chain):
    """A chain holding the parameters ``w`` (3, 4) and ``b`` (4,)."""

    def __init__(self, dtype=numpy.float32, seed=0):
        super().__init__()
        rng = numpy.random.RandomState(seed)
        with self.init_scope():
            for name, shape in SHAPES.items():
                setattr(self, name, chainer.Parameter(rng.uniform(-1, 1, shape).astype(dtype)))


def gradients(step, dtype=numpy.float32, scale=1.0):
    """The NumPy gradients of step `step` (seeded by the step), a dict like TwoParams' params."""
    rng = numpy.random.RandomState(100 + step)
    return {name: (scale * rng.uniform(-1, 1, shape)).astype(dtype)
            for name, shape in SHAPES.items()}


def to_numpy(array):
    if isinstance(array, chainerx.ndarray):
        return chainerx.to_numpy(array)
    return numpy.asarray(array)


def param_values(model):
    return {name: to_numpy(getattr(model, name).array).copy() for name in SHAPES}


def run_steps(optimizer, model, device, steps, dtype=numpy.float32, first_step=0, hooks=()):
    """Sets up `optimizer` on `model` (moved to `device`) unless done, then runs `steps` updates
    with the seeded gradients; returns the parameter values after each step."""
    device = chainer.get_device(device)
    if optimizer.target is None:
        model.to_device(device)
        optimizer.setup(model)
        for hook in hooks:
            optimizer.add_hook(hook)
    history = []
    for step in range(first_step, first_step + steps):
        for name, grad in gradients(step, dtype).items():
            getattr(model, name).grad = device.send(grad)
        optimizer.update()
        history.append(param_values(model))
    return history
