"""Tests of save_hdf5/load_hdf5 and the HDF5 (de)serializers (skipped where h5py is missing)."""

import numpy
import pytest

from chainer import serializers
from chainer.serializers import hdf5

from serializer_test_objects import check_round_trip
from serializer_test_objects import DEVICES
from serializer_test_objects import MLP
from serializer_test_objects import State
from serializer_test_objects import to_numpy
from serializer_test_objects import Wrapper

needs_h5py = pytest.mark.skipif(hdf5.h5py is None, reason='h5py is not installed')


def test_without_h5py_every_entry_point_names_it(monkeypatch, tmp_path):
    monkeypatch.setattr(hdf5, 'h5py', None)
    monkeypatch.setattr(hdf5, '_h5py_import_error', ImportError("No module named 'h5py'"))
    calls = [
        lambda: serializers.save_hdf5(tmp_path / 'a.h5', State('@numpy')),
        lambda: serializers.load_hdf5(tmp_path / 'a.h5', State('@numpy')),
        lambda: serializers.HDF5Serializer(None),
        lambda: serializers.HDF5Deserializer(None),
    ]
    for call in calls:
        with pytest.raises(RuntimeError, match='need h5py'):
            call()
    assert not (tmp_path / 'a.h5').exists()


@needs_h5py
@pytest.mark.parametrize('load_device', DEVICES)
@pytest.mark.parametrize('compression', [0, 4])
def test_round_trip_loads_in_place(tmp_path, device, load_device, compression):
    check_round_trip(serializers.save_hdf5, serializers.load_hdf5, tmp_path / 'state.h5', device,
                     load_device, compression=compression)


@needs_h5py
def test_layout_groups_and_none(tmp_path):
    serializers.save_hdf5(tmp_path / 'state.h5', Wrapper(State('native:0')))
    with hdf5.h5py.File(tmp_path / 'state.h5', 'r') as f:
        assert sorted(f['inner']) == sorted([
            'W', 'b', 'count', 'rate', 'flag', 'name', 'nothing', 'child'])
        assert f['inner/W'].dtype == numpy.float32 and f['inner/W'].compression == 'gzip'
        assert f['inner/nothing'].shape is None
        deserializer = serializers.HDF5Deserializer(f)['inner']
        assert deserializer('nothing', numpy.zeros(1)) is None
        numpy.testing.assert_array_equal(deserializer['child']('half', None),
                                         f['inner/child/half'][()])
    # A None that went through a DictionarySerializer (asynchronous snapshots) stays None.
    target = {}
    serializers.DictionarySerializer(target)('nothing', None)
    with hdf5.h5py.File(tmp_path / 'replayed.h5', 'w') as f:
        serializers.HDF5Serializer(f)('nothing', target['nothing'])
    with hdf5.h5py.File(tmp_path / 'replayed.h5', 'r') as f:
        assert f['nothing'].shape is None


@needs_h5py
def test_strict_and_shape_errors(tmp_path, device):
    serializers.save_hdf5(tmp_path / 'model.h5', MLP(lazy=True))
    with hdf5.h5py.File(tmp_path / 'model.h5', 'r') as f:
        with pytest.raises(KeyError, match="'/missing'"):
            serializers.HDF5Deserializer(f)['missing']
        with pytest.raises(KeyError, match="'/l1/nothing'"):
            serializers.HDF5Deserializer(f)['l1']('nothing', 0)
        loose = serializers.HDF5Deserializer(f, strict=False)
        assert loose['missing']['deeper']('x', 5) == 5
        assert loose['l1']('nothing', 'kept') == 'kept'
        with pytest.raises(ValueError, match=r"'/l1/W'.*\(2, 2\).*\(3, 4\)"):
            serializers.HDF5Deserializer(f)['l1']('W', numpy.zeros((2, 2), numpy.float32))


@needs_h5py
def test_lazy_link_is_initialized_on_load(tmp_path, device):
    saved = MLP(lazy=True)
    saved.l2.W.initialize((4, 2))
    serializers.save_hdf5(tmp_path / 'model.h5', saved)
    loaded = MLP(lazy=True)
    loaded.to_device(device)
    serializers.load_hdf5(tmp_path / 'model.h5', loaded)
    numpy.testing.assert_array_equal(to_numpy(loaded.l2.W.array), to_numpy(saved.l2.W.array))
    unset = MLP(lazy=True)
    serializers.save_hdf5(tmp_path / 'unset.h5', unset)
    serializers.load_hdf5(tmp_path / 'unset.h5', loaded)
    assert loaded.l2.W.is_initialized  # A stored None leaves an initialised parameter alone.
