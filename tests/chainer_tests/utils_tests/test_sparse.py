"""chainer.utils.sparse: CooMatrix, to_coo and get_order on NumPy and chainerx arrays, their errors."""

import numpy
import pytest

import chainer
from chainer import backend
from chainer.utils.sparse import CooMatrix
from chainer.utils.sparse import get_order
from chainer.utils.sparse import to_coo

from mode_utils import make_array
from mode_utils import to_numpy


def _same_device(array, like):
    return backend.get_device_from_array(array) == backend.get_device_from_array(like)


def test_to_coo_of_a_matrix(mode):
    x = make_array(mode, [[0, 2, 0], [-1, 0, 0]], numpy.float32)
    sp = to_coo(x)
    assert isinstance(sp.data, chainer.Variable) and not sp.data.requires_grad
    numpy.testing.assert_array_equal(to_numpy(sp.data.array), numpy.array([2, -1], numpy.float32))
    assert sp.data.dtype == numpy.float32
    numpy.testing.assert_array_equal(to_numpy(sp.row), [0, 1])
    numpy.testing.assert_array_equal(to_numpy(sp.col), [1, 0])
    assert sp.row.dtype == numpy.int32 and sp.col.dtype == numpy.int32
    assert sp.shape == (2, 3) and sp.order == 'C'
    assert all(_same_device(a, x) for a in (sp.data.array, sp.row, sp.col))


def test_to_coo_pads_to_ldnz(mode):
    sp = to_coo(make_array(mode, [[0, 2, 0], [-1, 0, 0]]), ldnz=4, requires_grad=True)
    assert sp.data.requires_grad
    numpy.testing.assert_array_equal(to_numpy(sp.data.array), [2, -1, 0, 0])
    numpy.testing.assert_array_equal(to_numpy(sp.row), [0, 1, -1, -1])
    numpy.testing.assert_array_equal(to_numpy(sp.col), [1, 0, -1, -1])


def test_to_coo_ldnz_below_the_non_zeros_is_ignored(mode):
    sp = to_coo(make_array(mode, [[1, 2], [3, 0]]), ldnz=1)
    numpy.testing.assert_array_equal(to_numpy(sp.data.array), [1, 2, 3])


def test_to_coo_of_a_batch(mode):
    x = make_array(mode, [[[0, 2, 0], [-1, 0, 0]], [[1, 0, 0], [0, 0, 3]], [[0, 0, 0], [0, 4, 0]]])
    sp = to_coo(x)
    numpy.testing.assert_array_equal(to_numpy(sp.data.array), [[2, -1], [1, 3], [4, 0]])
    numpy.testing.assert_array_equal(to_numpy(sp.row), [[0, 1], [0, 1], [1, -1]])
    numpy.testing.assert_array_equal(to_numpy(sp.col), [[1, 0], [0, 2], [1, -1]])
    assert sp.shape == (2, 3) and sp.order == 'C'
    numpy.testing.assert_array_equal(to_numpy(sp.to_dense()), to_numpy(x))


def test_to_coo_of_zeros_and_empty_batches(mode):
    sp = to_coo(make_array(mode, numpy.zeros((2, 3))))
    assert sp.data.shape == (0,) and sp.row.shape == (0,)
    sp = to_coo(make_array(mode, numpy.zeros((0, 2, 3))), ldnz=2)
    assert sp.data.shape == (0, 2) and sp.shape == (2, 3)
    assert sp.to_dense().shape == (0, 2, 3)


@pytest.mark.parametrize('shape', [(3,), (1, 2, 3, 4), ()])
def test_to_coo_needs_2_or_3_axes(mode, shape):
    with pytest.raises(ValueError):
        to_coo(make_array(mode, numpy.ones(shape)))


def test_to_dense_adds_repeated_entries_and_skips_padding(mode):
    sp = CooMatrix(make_array(mode, [1., 2., 5., 7.]), make_array(mode, [0, 0, 1, -1], numpy.int32),
                   make_array(mode, [1, 1, 0, -1], numpy.int32), (2, 2))
    dense = sp.to_dense()
    assert _same_device(dense, sp.data.array) and dense.dtype == numpy.float64
    numpy.testing.assert_array_equal(to_numpy(dense), [[0, 3], [5, 0]])


def test_to_coo_round_trip(mode):
    x = numpy.random.RandomState(0).uniform(-1, 1, (3, 4, 5))
    x[x < 0.3] = 0
    numpy.testing.assert_array_equal(to_numpy(to_coo(make_array(mode, x), ldnz=30).to_dense()), x)


def test_variable_data_is_kept(mode):
    data = chainer.Variable(make_array(mode, [1., 2.]))
    sp = CooMatrix(data, make_array(mode, [0, 1], numpy.int32), make_array(mode, [1, 0], numpy.int32), (2, 2))
    assert sp.data is data


@pytest.mark.parametrize('row, col, order', [
    ([0, 0, 1, 2], [0, 2, 1, 0], 'C'),
    ([0, 1, 0, 2], [0, 0, 1, 1], 'F'),
    ([1, 0, 2], [0, 1, 0], 'other'),
    ([0, 0, 1, -1, -1], [1, 2, 0, -1, -1], 'C'),  # padding left out
    ([1, 1], [1, 1], 'C'),  # repeated entries
    ([], [], 'C'),
    ([[0, 1, -1], [1, 0, 0]], [[1, 0, -1], [0, 0, 1]], 'other'),  # a batch of a C matrix and neither
    ([[0, 1, -1], [0, 1, 1]], [[1, 1, -1], [0, 0, 1]], 'C'),
    ([[1, 0], [0, 1]], [[0, 1], [0, 1]], 'F'),
])
def test_get_order(mode, row, col, order):
    row, col = make_array(mode, row, numpy.int32), make_array(mode, col, numpy.int32)
    assert get_order(row, col) == order
    assert CooMatrix(make_array(mode, numpy.ones(row.shape)), row, col, (3, 3)).order == order


def test_given_order_is_kept(mode):
    sp = CooMatrix(make_array(mode, [1., 2.]), make_array(mode, [1, 0], numpy.int32),
                   make_array(mode, [0, 0], numpy.int32), (2, 2), order='C')
    assert sp.order == 'C'


@pytest.mark.parametrize('row, col', [
    ([0, -1], [1, 0]),  # one index is padding, the other is not
    ([0, 1], [1, 0, 2]),  # shapes differ
])
def test_get_order_errors(mode, row, col):
    with pytest.raises(ValueError):
        get_order(make_array(mode, row, numpy.int32), make_array(mode, col, numpy.int32))


@pytest.mark.parametrize('data_shape, index_shape, shape, order', [
    ((), (), (2, 2), None),  # 0-d
    ((1, 2, 2), (1, 2, 2), (2, 2), None),  # 3-d
    ((2,), (1, 2), (2, 2), None),  # numbers of axes differ
    ((2,), (2,), (2, 2, 2), None),  # not a matrix shape
    ((2,), (2,), (0, 2), None),
    ((2,), (2,), (2, -1), None),
    ((2,), (2,), (2, 2), 'X'),
])
def test_coo_matrix_errors(mode, data_shape, index_shape, shape, order):
    data = make_array(mode, numpy.ones(data_shape))
    index = make_array(mode, numpy.zeros(index_shape), numpy.int32)
    with pytest.raises(ValueError):
        CooMatrix(data, index, index, shape, order=order)
