"""Pickling and copying of arrays and devices (spec B.4, A.13): arrays pickle as (NumPy copy, Device) and
come back on the very same device object with their own data."""

import copy
import pickle

import numpy
import pytest

import chainerx as chx

import array_utils

_COPIERS = [
    lambda a: pickle.loads(pickle.dumps(a)),
    lambda a: pickle.loads(pickle.dumps(a, protocol=2)),
    lambda a: pickle.loads(pickle.dumps(a, protocol=pickle.HIGHEST_PROTOCOL)),
    copy.copy,
    copy.deepcopy,
]


@pytest.mark.parametrize('copier', _COPIERS)
@pytest.mark.parametrize('shape', array_utils.SHAPES)
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_copies_keep_values_dtype_and_device_with_new_data(copier, shape, dtype, device):
    x = array_utils.make_numpy(shape, dtype)
    a = chx.array(x, device=device)
    b = copier(a)
    assert isinstance(b, chx.ndarray) and b is not a
    assert b.device is device
    array_utils.assert_array_equal(b, x)
    if a.size > 0:
        assert b.data_ptr != a.data_ptr


@pytest.mark.parametrize('copier', _COPIERS)
def test_copies_of_non_contiguous_views_are_writable_and_independent(copier):
    base = chx.array(numpy.arange(12, dtype='float32').reshape(3, 4))
    view = base.T[::-1]
    b = copier(view)
    array_utils.assert_array_equal(b, numpy.arange(12, dtype='float32').reshape(3, 4).T[::-1])
    b[0, 0] = -1
    b += 1
    assert chx.to_numpy(base)[0, 3] == 3


@pytest.mark.parametrize('copier', _COPIERS)
def test_copies_are_not_connected_to_the_graph(copier):
    a = chx.ones((2,)).require_grad()
    b = copier(a)
    assert not b.is_grad_required()
    assert not b.is_backprop_required(chx.anygraph)


def test_deepcopy_of_a_container_shares_devices_but_not_data():
    a = chx.arange(3, device='native:2')
    copied = copy.deepcopy({'x': a, 'device': a.device})
    assert copied['device'] is a.device is copied['x'].device
    copied['x'].fill(9)
    array_utils.assert_array_equal(a, numpy.arange(3, dtype='int32'))


def test_setstate_with_a_bad_state_raises():
    blank = chx.ndarray.__new__(chx.ndarray)
    with pytest.raises((ValueError, TypeError)):
        blank.__setstate__((1, 2, 3))
