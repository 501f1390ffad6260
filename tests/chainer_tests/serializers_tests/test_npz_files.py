"""Tests of load_npz on files it must refuse: damaged, not an npz, or holding pickled objects."""

import io
import zipfile

import numpy
import pytest

from chainer import serializers

from serializer_test_objects import State

_UNPICKLED = []


def _record_unpickling(value):
    _UNPICKLED.append(value)
    return value


class _Trap:
    """Records any unpickling of it: a loader that unpickles would call _record_unpickling."""

    def __reduce__(self):
        return _record_unpickling, ('unpickled',)


@pytest.fixture
def saved_file(tmp_path):
    path = tmp_path / 'state.npz'
    serializers.save_npz(path, State('@numpy'))
    return path


@pytest.mark.parametrize('keep', [0.3, 0.9])
def test_truncated_file(tmp_path, saved_file, keep):
    data = saved_file.read_bytes()
    truncated = tmp_path / 'truncated.npz'
    truncated.write_bytes(data[:int(len(data) * keep)])
    with pytest.raises(ValueError, match='not a valid npz file'):
        serializers.load_npz(truncated, State('native:0'))


def test_damaged_member(tmp_path, saved_file):
    data = bytearray(saved_file.read_bytes())
    with zipfile.ZipFile(saved_file) as archive:
        info = archive.getinfo('W.npy')
    # Overwrite compressed bytes of W in the middle of its data: the CRC or inflation fails.
    start = info.header_offset + 30 + len(info.filename) + len(info.extra)
    for offset in range(start + 20, start + 60):
        data[offset] ^= 0xFF
    damaged = tmp_path / 'damaged.npz'
    damaged.write_bytes(bytes(data))
    with pytest.raises(ValueError, match="damaged: cannot read 'W'|Cannot read 'W'"):
        serializers.load_npz(damaged, State('native:0'))


def test_not_a_zip(tmp_path):
    path = tmp_path / 'garbage.npz'
    path.write_bytes(b'this is not an npz file at all' * 10)
    with pytest.raises(ValueError, match='not a valid npz file'):
        serializers.load_npz(path, State('@numpy'))


def test_empty_file():
    with pytest.raises(ValueError, match='not a valid npz file'):
        serializers.load_npz(io.BytesIO(b''), State('@numpy'))


def test_single_npy_array_is_not_an_npz(tmp_path):
    path = tmp_path / 'array.npy'
    numpy.save(path, numpy.zeros(3))
    with pytest.raises(ValueError, match='not an npz file'):
        serializers.load_npz(path, State('@numpy'))


def test_missing_file(tmp_path):
    with pytest.raises(FileNotFoundError):
        serializers.load_npz(tmp_path / 'nowhere.npz', State('@numpy'))


def test_pickled_object_array_is_refused_without_unpickling(tmp_path):
    path = tmp_path / 'pickled.npz'
    numpy.savez(path, W=numpy.array([_Trap(), _Trap()], dtype=object))
    del _UNPICKLED[:]
    with pytest.raises(ValueError, match="Refusing to load 'W'.*pickled"):
        serializers.load_npz(path, State('@numpy'), strict=False)
    assert _UNPICKLED == []


def test_pickled_none_of_the_original_format_is_refused(tmp_path):
    # The original wrote None as a pickled 0-d object array; such a file is refused, not unpickled.
    path = tmp_path / 'none.npz'
    numpy.savez(path, nothing=numpy.asarray(None, dtype=object))

    class Obj:
        def serialize(self, serializer):
            serializer('nothing', None)

    with pytest.raises(ValueError, match='Refusing'):
        serializers.load_npz(path, Obj())


def test_save_npz_writes_nothing_when_serialize_fails(tmp_path):
    class Failing:
        def serialize(self, serializer):
            serializer('a', numpy.zeros(2))
            raise RuntimeError('boom')

    with pytest.raises(RuntimeError, match='boom'):
        serializers.save_npz(tmp_path / 'f.npz', Failing())
    assert not (tmp_path / 'f.npz').exists()
