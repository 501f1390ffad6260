"""Tests of the serializer protocol's base classes (chainer.serializer)."""

import pytest

import chainer
from chainer import serializer


class _Recorder(serializer.Serializer):
    def __init__(self):
        self.calls = []

    def __getitem__(self, key):
        return self

    def __call__(self, key, value):
        self.calls.append((key, value))
        return value


class _Obj:
    def serialize(self, s):
        s('x', 1)
        s['child']('y', 2)


def test_abstract_methods_raise():
    base = serializer.AbstractSerializer()
    with pytest.raises(NotImplementedError, match='__getitem__'):
        base['a']
    with pytest.raises(NotImplementedError, match='__call__'):
        base('a', 1)


def test_save_and_load_call_serialize():
    recorder = _Recorder()
    recorder.save(_Obj())
    assert recorder.calls == [('x', 1), ('y', 2)]

    class Loader(serializer.Deserializer, _Recorder):
        pass

    loader = Loader()
    loader.load(_Obj())
    assert loader.calls == [('x', 1), ('y', 2)]


def test_top_level_names():
    assert chainer.Serializer is serializer.Serializer
    assert chainer.Deserializer is serializer.Deserializer
    assert chainer.AbstractSerializer is serializer.AbstractSerializer
    assert issubclass(chainer.serializers.DictionarySerializer, chainer.Serializer)
    assert issubclass(chainer.serializers.NpzDeserializer, chainer.Deserializer)
    assert issubclass(chainer.serializers.HDF5Serializer, chainer.Serializer)
    assert issubclass(chainer.serializers.HDF5Deserializer, chainer.Deserializer)
