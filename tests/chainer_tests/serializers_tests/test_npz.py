"""Tests of save_npz/load_npz, DictionarySerializer and NpzDeserializer."""

import io
import os
import pathlib
import zipfile

import numpy
import pytest

import chainer
import chainerx
from chainer import serializers

from serializer_test_objects import assert_same_state
from serializer_test_objects import check_round_trip
from serializer_test_objects import DEVICES
from serializer_test_objects import State
from serializer_test_objects import to_numpy
from serializer_test_objects import Wrapper


@pytest.mark.parametrize('load_device', DEVICES)
@pytest.mark.parametrize('compression', [True, False])
def test_round_trip_loads_in_place(tmp_path, device, load_device, compression):
    check_round_trip(serializers.save_npz, serializers.load_npz, tmp_path / 'state.npz', device,
                     load_device, compression=compression)


@pytest.mark.parametrize('target', ['str', 'pathlib', 'file'])
def test_file_kinds(tmp_path, target):
    path = tmp_path / 'state.npz'
    saved, loaded = State('native:0', 0), State('@numpy', 1)
    if target == 'file':
        buffer = io.BytesIO()
        serializers.save_npz(buffer, saved)
        buffer.seek(0)
        serializers.load_npz(buffer, loaded)
    else:
        name = str(path) if target == 'str' else pathlib.Path(path)
        serializers.save_npz(name, saved)
        serializers.load_npz(name, loaded)
    assert_same_state(loaded, saved)


def test_file_is_a_plain_npz_without_pickles(tmp_path):
    serializers.save_npz(tmp_path / 's.npz', State('native:0'))
    with numpy.load(tmp_path / 's.npz', allow_pickle=False) as npz:
        assert sorted(npz.files) == sorted([
            'W', 'b', 'count', 'rate', 'flag', 'name', 'nothing', 'child/scalar_array',
            'child/half', 'child/np_scalar'])
        assert npz['W'].dtype == numpy.float32 and npz['child/half'].dtype == numpy.float16
        assert npz['count'].shape == () and str(npz['name']) == 'state0'


def test_compression_makes_smaller_files(tmp_path):
    state = State('@numpy')
    state.W = numpy.zeros((100, 100), numpy.float32)
    serializers.save_npz(tmp_path / 'a.npz', state, compression=True)
    serializers.save_npz(tmp_path / 'b.npz', state, compression=False)
    assert os.path.getsize(tmp_path / 'a.npz') * 10 < os.path.getsize(tmp_path / 'b.npz')


def test_dictionary_serializer_paths_and_npz_deserializer_on_a_dict(device):
    target = {}
    serializer = serializers.DictionarySerializer(target)
    serializer['a']['/b/']('/x', chainer.Variable(chainer.get_device(device).send(
        numpy.ones(2, numpy.float32))))
    serializer('y', 7)
    assert sorted(target) == ['a/b/x', 'y']
    assert type(target['a/b/x']) is numpy.ndarray and target['y'] == 7
    into = chainer.Variable(chainer.get_device(device).send(numpy.zeros(2, numpy.float32)))
    deserializer = serializers.NpzDeserializer(target)
    assert deserializer['a']['b']('x', into) is into
    numpy.testing.assert_array_equal(to_numpy(into.array), [1, 1])
    assert deserializer('y', 0) == 7


def test_path_prefix(tmp_path, device):
    saved = State(device, 0)
    serializers.save_npz(tmp_path / 'w.npz', Wrapper(saved))
    loaded = State(device, 1)
    serializers.load_npz(tmp_path / 'w.npz', loaded, path='inner/')
    assert_same_state(loaded, saved)
    with pytest.raises(KeyError, match="'other/W'"):
        serializers.load_npz(tmp_path / 'w.npz', State(device), path='other/')


def test_strict_missing_key_raises_and_non_strict_keeps_value(tmp_path, device):
    with zipfile.ZipFile(tmp_path / 'partial.npz', 'w') as archive:
        with archive.open('count.npy', 'w') as member:
            numpy.lib.format.write_array(member, numpy.asarray(42))
    state = State(device, 0)
    with pytest.raises(KeyError, match="'W' is not in the npz file"):
        serializers.load_npz(tmp_path / 'partial.npz', state)
    W_before = to_numpy(state.W)
    serializers.load_npz(tmp_path / 'partial.npz', state, strict=False)
    assert state.count == 42
    numpy.testing.assert_array_equal(to_numpy(state.W), W_before)


@pytest.mark.parametrize('ignore', [
    'W', ['W', 'child/half'], lambda key: key.startswith('child/'), ('rate', lambda k: k == 'W')])
def test_ignore_names(tmp_path, device, ignore):
    saved = State(device, 0)
    serializers.save_npz(tmp_path / 's.npz', saved)
    loaded = State(device, 1)
    W_before = to_numpy(loaded.W)
    half_before = to_numpy(loaded.child.half)
    serializers.load_npz(tmp_path / 's.npz', loaded, ignore_names=ignore)
    names = ignore if isinstance(ignore, (list, tuple)) else [ignore]
    skipped = {key for key in ('W', 'child/half', 'rate')
               for name in names if (name == key if isinstance(name, str) else name(key))}
    expected_W = W_before if 'W' in skipped else to_numpy(saved.W)
    numpy.testing.assert_array_equal(to_numpy(loaded.W), expected_W)
    expected_half = half_before if 'child/half' in skipped else to_numpy(saved.child.half)
    numpy.testing.assert_array_equal(to_numpy(loaded.child.half), expected_half)
    assert loaded.rate == (1.5 if 'rate' in skipped else saved.rate)


def test_ignore_names_of_a_wrong_type():
    with pytest.raises(ValueError, match='ignore_names needs to be a callable, string'):
        serializers.NpzDeserializer({}, ignore_names=[1])


def test_shape_mismatch_names_the_key_and_both_shapes(device):
    deserializer = serializers.NpzDeserializer({'a/W': numpy.zeros((3, 4))})
    target = chainer.get_device(device).send(numpy.ones((4, 3), numpy.float32))
    with pytest.raises(ValueError, match=r"'a/W'.*\(4, 3\).*\(3, 4\)"):
        deserializer['a']('W', target)
    numpy.testing.assert_array_equal(to_numpy(target), numpy.ones((4, 3)))
    with pytest.raises(ValueError, match=r"'s'.*shape \(2,\)"):
        serializers.NpzDeserializer({'s': numpy.zeros(2)})('s', 1.0)


def test_dtype_casts(device):
    send = chainer.get_device(device).send
    deserializer = serializers.NpzDeserializer({
        'f64': numpy.full(2, 1.25), 'i64': numpy.arange(2), 'f': numpy.full(2, 0.5)})
    f16 = send(numpy.zeros(2, numpy.float16))
    deserializer('f64', f16)
    assert f16.dtype == numpy.float16
    numpy.testing.assert_array_equal(to_numpy(f16), [1.25, 1.25])
    f32 = send(numpy.zeros(2, numpy.float32))
    deserializer('i64', f32)
    numpy.testing.assert_array_equal(to_numpy(f32), [0, 1])
    with pytest.raises(TypeError, match="'f'.*float64.*int32"):
        deserializer('f', send(numpy.zeros(2, numpy.int32)))


def test_scalars_keep_their_type_and_warn_on_loss():
    deserializer = serializers.NpzDeserializer({
        'i': numpy.asarray(5), 'f': numpy.asarray(2.5), 'b': numpy.asarray(True),
        's': numpy.asarray('text'), 'big': numpy.asarray(2 ** 40)})
    assert deserializer('i', 0) == 5 and type(deserializer('i', 0)) is int
    assert type(deserializer('i', 0.0)) is float
    assert deserializer('big', 0) == 2 ** 40
    assert deserializer('s', '') == 'text' and type(deserializer('s', '')) is str
    assert deserializer('b', False) is True
    with pytest.warns(UserWarning, match='float64 to float16'):
        assert type(deserializer('f', numpy.float16(0))) is numpy.float16
    with pytest.warns(UserWarning, match='Possible loss of data'):
        assert deserializer('f', 0) == 2


def test_none_round_trip(device):
    target = {}
    serializers.DictionarySerializer(target)('nothing', None)
    serializers.DictionarySerializer(target)('x', numpy.arange(3))
    deserializer = serializers.NpzDeserializer(target)
    assert deserializer('nothing', None) is None
    assert deserializer('nothing', chainer.get_device(device).send(numpy.zeros(2))) is None
    numpy.testing.assert_array_equal(deserializer('x', None), [0, 1, 2])


def test_a_key_named_file_is_saved(tmp_path):
    class Obj:
        value = 1.0

        def serialize(self, serializer):
            self.value = serializer('file', self.value)

    obj = Obj()
    serializers.save_npz(tmp_path / 'f.npz', obj)
    obj.value = 0.0
    serializers.load_npz(tmp_path / 'f.npz', obj)
    assert obj.value == 1.0


def test_values_that_need_pickling_are_refused_and_leave_no_file(tmp_path):
    class Obj:
        def serialize(self, serializer):
            serializer('ok', 1)
            serializer('bad', {'a': 1})

    with pytest.raises(TypeError, match="'bad'.*dict.*pickled"):
        serializers.save_npz(tmp_path / 'bad.npz', Obj())
    assert not (tmp_path / 'bad.npz').exists()


def test_chainerx_array_requiring_grad_is_loaded_through_its_parameter(device):
    param = chainer.Parameter(numpy.zeros(3, numpy.float32))
    param.to_device(device)
    serializers.NpzDeserializer({'p': numpy.arange(3)})('p', param)
    numpy.testing.assert_array_equal(to_numpy(param.array), [0, 1, 2])
    if device == 'native:0':
        assert isinstance(param.array, chainerx.ndarray)
