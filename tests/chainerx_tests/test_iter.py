"""Python protocols of chainerx.ndarray added beyond the original: iteration over the first axis,
unhashability, unary + and ~ (spec B.4)."""

import numpy
import pytest

import chainerx as chx

import array_utils


@pytest.mark.parametrize('shape', [(3,), (2, 3), (0, 2), (2, 0)])
@pytest.mark.parametrize('dtype', ['bool_', 'int8', 'float16', 'float64'])
def test_iteration_yields_views_along_the_first_axis(shape, dtype):
    expected = array_utils.make_numpy(shape, dtype, seed=4)
    a = chx.array(expected)
    items = list(a)
    assert len(items) == shape[0]
    for item, row in zip(items, expected):
        array_utils.assert_array_equal(item, row)
    if items and items[0].size:
        assert items[0].data_ptr == a.data_ptr  # views, not copies


def test_iteration_is_lazy_and_restartable():
    a = chx.arange(3)
    it = iter(a)
    assert int(next(it)) == 0
    assert [int(x) for x in it] == [1, 2]
    assert [int(x) for x in a] == [0, 1, 2]


def test_iteration_over_non_contiguous_array():
    expected = numpy.arange(12).reshape(3, 4).T[:, ::2]
    for item, row in zip(chx.array(numpy.arange(12).reshape(3, 4)).T[:, ::2], expected):
        array_utils.assert_array_equal(item, row)


def test_iteration_over_0d_array_raises_type_error():
    with pytest.raises(TypeError, match='iteration over a 0-d array'):
        iter(chx.array(1.0))


def test_iterated_items_are_graph_connected():
    a = chx.array([1.0, 2.0]).require_grad()
    first, second = a
    (first * 3 + second * 5).backward()
    array_utils.assert_array_equal(a.grad, numpy.array([3.0, 5.0]))


def test_arrays_are_unhashable():
    a = chx.ones((2,))
    assert chx.ndarray.__hash__ is None
    with pytest.raises(TypeError):
        hash(a)
    with pytest.raises(TypeError):
        {a}


@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_unary_plus_is_a_copy(dtype):
    expected = array_utils.make_numpy((2, 3), dtype, seed=5)
    a = chx.array(expected)
    out = +a
    assert out is not a and out.data_ptr != a.data_ptr
    array_utils.assert_array_equal(out, expected)


@pytest.mark.parametrize('shape', array_utils.SHAPES)
@pytest.mark.parametrize('dtype', ('bool_',) + array_utils.INT_DTYPES)
def test_invert_matches_numpy(shape, dtype):
    expected = array_utils.make_numpy(shape, dtype, seed=6)
    array_utils.assert_array_equal(~chx.array(expected), ~expected)


def test_invert_of_non_contiguous_array():
    expected = array_utils.make_numpy((3, 4), 'int16', seed=6)
    array_utils.assert_array_equal(~chx.array(expected).T[::2], ~expected.T[::2])


@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_invert_of_float_raises_dtype_error(dtype):
    with pytest.raises(chx.DtypeError):
        ~chx.ones((2,), dtype)
