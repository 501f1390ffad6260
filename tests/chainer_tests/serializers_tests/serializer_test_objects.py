"""Objects with state for the serializer tests: a hand-written `serialize` and a small Chain."""

import numpy

import chainer
from chainer import initializers

DEVICES = ['@numpy', 'native:0']


class State:
    """An object with arrays, scalars, a string, None and a child, all on one device."""

    def __init__(self, device, seed=0):
        rng = numpy.random.RandomState(seed)
        device = chainer.get_device(device)
        self.W = device.send(rng.uniform(-1, 1, (3, 4)).astype(numpy.float32))
        self.b = device.send(rng.uniform(-1, 1, (4,)).astype(numpy.float64))
        self.count = 3 + seed
        self.rate = 0.5 + seed
        self.flag = bool(seed % 2)
        self.name = 'state{}'.format(seed)
        self.nothing = None
        self.child = Child(device, rng)

    def serialize(self, serializer):
        serializer('W', self.W)
        serializer('b', self.b)
        self.count = serializer('count', self.count)
        self.rate = serializer('rate', self.rate)
        self.flag = serializer('flag', self.flag)
        self.name = serializer('name', self.name)
        self.nothing = serializer('nothing', self.nothing)
        self.child.serialize(serializer['child'])


class Child:
    """The child of a State: a 0-d array, a float16 array and a NumPy scalar."""

    def __init__(self, device, rng):
        self.scalar_array = device.send(numpy.asarray(rng.uniform(), numpy.float32))
        self.half = device.send(rng.uniform(-1, 1, (2, 2)).astype(numpy.float16))
        self.np_scalar = numpy.float32(rng.uniform())

    def serialize(self, serializer):
        serializer('scalar_array', self.scalar_array)
        serializer('half', self.half)
        self.np_scalar = serializer('np_scalar', self.np_scalar)


class Wrapper:
    """Holds a State under the name 'inner', to test the path prefix of the loaders."""

    def __init__(self, state):
        self.inner = state

    def serialize(self, serializer):
        self.inner.serialize(serializer['inner'])


def to_numpy(array):
    """A NumPy copy of an array of any device."""
    return numpy.array(chainer.backend.CpuDevice().send(array))


def assert_same_state(loaded, expected):
    """Asserts that two States hold equal values (arrays compared on the host)."""
    for name in ('W', 'b'):
        numpy.testing.assert_array_equal(to_numpy(getattr(loaded, name)),
                                         to_numpy(getattr(expected, name)))
    for name in ('count', 'rate', 'flag', 'name', 'nothing'):
        assert getattr(loaded, name) == getattr(expected, name)
        assert type(getattr(loaded, name)) is type(getattr(expected, name))
    for name in ('scalar_array', 'half'):
        numpy.testing.assert_array_equal(to_numpy(getattr(loaded.child, name)),
                                         to_numpy(getattr(expected.child, name)))
    assert loaded.child.np_scalar == expected.child.np_scalar
    assert type(loaded.child.np_scalar) is numpy.float32


def _array_ids(state):
    return [id(state.W), id(state.b), id(state.child.scalar_array), id(state.child.half)]


def check_round_trip(save, load, path, device, load_device, **save_kwargs):
    """Saves a State on `device` with `save`, loads it into another State on `load_device` with
    `load`, and checks the values and that every array was written in place."""
    saved = State(device, seed=0)
    save(path, saved, **save_kwargs)
    loaded = State(load_device, seed=1)
    ids = _array_ids(loaded)
    load(path, loaded)
    assert_same_state(loaded, saved)
    assert _array_ids(loaded) == ids
    assert chainer.backend.get_device_from_array(loaded.W) == chainer.get_device(load_device)


class MLP(chainer.Chain):
    """A two-layer Chain with a persistent value; the second weight may be left uninitialised."""

    def __init__(self, lazy=False):
        super().__init__()
        with self.init_scope():
            self.l1 = Affine(3, 4)
            self.l2 = Affine(None if lazy else 4, 2)
        self.add_persistent('steps', 0)


class Affine(chainer.Link):
    """y = x W + b, with W created on the first call when in_size is None."""

    def __init__(self, in_size, out_size):
        super().__init__()
        with self.init_scope():
            self.W = chainer.Parameter(initializers.LeCunNormal())
            self.b = chainer.Parameter(initializers.Zero(), (out_size,))
        self.out_size = out_size
        if in_size is not None:
            self.W.initialize((in_size, out_size))
