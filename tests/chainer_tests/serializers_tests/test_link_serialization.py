"""Tests of the serializers with the objects that speak their protocol: Links and optimizers."""

import numpy
import pytest

import chainer
import chainerx
from chainer import serializers

from serializer_test_objects import Affine
from serializer_test_objects import DEVICES
from serializer_test_objects import MLP
from serializer_test_objects import to_numpy


def _params(link):
    return {name: to_numpy(param.array) for name, param in link.namedparams()}


@pytest.mark.parametrize('load_device', DEVICES)
def test_chain_round_trip(tmp_path, device, load_device):
    numpy.random.seed(0)
    saved = MLP()
    saved.to_device(device)
    saved.steps = 17
    serializers.save_npz(tmp_path / 'model.npz', saved)
    numpy.random.seed(1)
    loaded = MLP()
    loaded.to_device(load_device)
    arrays = {name: param.array for name, param in loaded.namedparams()}
    serializers.load_npz(tmp_path / 'model.npz', loaded)
    expected = _params(saved)
    assert sorted(expected) == ['/l1/W', '/l1/b', '/l2/W', '/l2/b']
    for name, param in loaded.namedparams():
        numpy.testing.assert_array_equal(to_numpy(param.array), expected[name])
        assert chainer.backend.get_device_from_array(param.array) == \
            chainer.get_device(load_device)
        numpy.testing.assert_array_equal(to_numpy(arrays[name]), expected[name])  # in place
    assert loaded.steps == 17 and type(loaded.steps) is int


def test_uninitialized_parameter_is_initialized_on_load(tmp_path, device):
    numpy.random.seed(0)
    saved = MLP(lazy=True)
    saved.l2.W.initialize((4, 2))
    serializers.save_npz(tmp_path / 'model.npz', saved)
    loaded = MLP(lazy=True)
    loaded.to_device(device)
    assert not loaded.l2.W.is_initialized
    serializers.load_npz(tmp_path / 'model.npz', loaded)
    assert loaded.l2.W.shape == (4, 2)
    assert chainer.backend.get_device_from_array(loaded.l2.W.array) == chainer.get_device(device)
    numpy.testing.assert_array_equal(to_numpy(loaded.l2.W.array), to_numpy(saved.l2.W.array))


def test_uninitialized_parameter_round_trips_as_none(tmp_path, device):
    saved = MLP(lazy=True)
    serializers.save_npz(tmp_path / 'model.npz', saved)
    loaded = MLP(lazy=True)
    loaded.to_device(device)
    serializers.load_npz(tmp_path / 'model.npz', loaded)
    assert not loaded.l2.W.is_initialized
    numpy.testing.assert_array_equal(to_numpy(loaded.l1.W.array), to_numpy(saved.l1.W.array))


def test_chain_under_a_prefix_with_strict_and_ignore_names(tmp_path, device):
    numpy.random.seed(0)
    model = MLP()
    target = {}
    serializers.DictionarySerializer(target)['updater']['model:main'].save(model)
    numpy.savez(tmp_path / 'snapshot.npz', **target)
    loaded = MLP()
    loaded.to_device(device)
    before = to_numpy(loaded.l1.b.array) + 1
    loaded.l1.b.array[...] = chainer.get_device(device).send(before)
    serializers.load_npz(tmp_path / 'snapshot.npz', loaded, path='updater/model:main/',
                         ignore_names='updater/model:main/l1/b')
    numpy.testing.assert_array_equal(to_numpy(loaded.l1.b.array), before)
    numpy.testing.assert_array_equal(to_numpy(loaded.l1.W.array), to_numpy(model.l1.W.array))
    with pytest.raises(KeyError, match="'steps'"):
        serializers.load_npz(tmp_path / 'snapshot.npz', MLP())
    serializers.load_npz(tmp_path / 'snapshot.npz', MLP(), strict=False)


def test_shape_mismatch_of_a_parameter(tmp_path):
    chain = chainer.ChainList(Affine(3, 4))
    serializers.save_npz(tmp_path / 'model.npz', chain)
    with pytest.raises(ValueError, match=r"'0/W'.*\(2, 4\).*\(3, 4\)"):
        serializers.load_npz(tmp_path / 'model.npz', chainer.ChainList(Affine(2, 4)))


def test_optimizer_state_round_trip(tmp_path, device):
    optimizers = pytest.importorskip('chainer.optimizers')
    if device == 'native:0' and not hasattr(chainerx._core, '_optimizers'):
        pytest.skip('the fused native optimizer updates are not built yet')
    numpy.random.seed(0)
    model = MLP()
    model.to_device(device)
    optimizer = optimizers.Adam()
    optimizer.setup(model)
    for param in model.params():
        param.grad = param.array * 0 + 0.5
    optimizer.update()
    serializers.save_npz(tmp_path / 'opt.npz', optimizer)
    restored_model = MLP()
    restored_model.to_device(device)
    restored = optimizers.Adam()
    restored.setup(restored_model)
    serializers.load_npz(tmp_path / 'opt.npz', restored)
    assert restored.t == optimizer.t == 1
    state = optimizer.target.l1.W.update_rule.state
    restored_state = restored.target.l1.W.update_rule.state
    for key in ('m', 'v'):
        numpy.testing.assert_array_equal(to_numpy(restored_state[key]), to_numpy(state[key]))
