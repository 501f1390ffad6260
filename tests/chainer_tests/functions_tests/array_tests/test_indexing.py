"""Indexing: get_item (and Variable.__getitem__), select_item, scatter_add."""

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx
from chainer.utils import type_check

import array_check as check
from mode_utils import make_array
from mode_utils import to_numpy

_MASK = numpy.array([True, False, True])
_ROWS = numpy.array([2, 0, -1, 2], numpy.int32)


def _scatter_add(a, key, b):
    y = a.copy()
    numpy.add.at(y, key, b)
    return y


def _item_case(name, key, shape=(3, 4)):
    return check.Case(name, lambda x: F.get_item(x, key), lambda x: x[key], [shape])


CASES = [
    _item_case('int', 1),
    _item_case('negative_int', -1),
    _item_case('numpy_int', numpy.int64(2)),
    _item_case('slices', (slice(None, None, -1), slice(1, None, 2))),
    _item_case('none_ellipsis', (None, Ellipsis, 0)),
    _item_case('element', (1, 2)),
    _item_case('int_list', [0, 2, 2]),
    _item_case('int_array', numpy.array([-1, 0, 0])),
    _item_case('empty_list', []),
    _item_case('bool_mask', _MASK),
    _item_case('bool_mask_2d', numpy.arange(12).reshape(3, 4) % 3 == 0),
    _item_case('two_arrays', ([0, 1, 1], [3, 0, 0])),
    _item_case('arrays_apart', ([0, 1], slice(None), [1, 0]), (2, 3, 2)),
    _item_case('array_after_slice', (slice(1, None), [0, 3, 3])),
    _item_case('index_matrix', numpy.array([[0, 1], [2, 2]])),
    _item_case('bool_scalar', True),
    _item_case('zero_size', (slice(None), 1), (0, 3)),
    check.Case('list_of_slices', lambda x: F.get_item(x, [slice(None), 1]), lambda x: x[:, 1]),
    check.Case('variable_getitem', lambda x: x[1:, [0, 0]], lambda x: x[1:, [0, 0]], [(3, 2)]),
    check.Case('select_item', F.select_item, lambda x, t: x[numpy.arange(len(t)), t],
               [(4, 3), _ROWS]),
    check.Case('select_item_int64', F.select_item, lambda x, t: x[numpy.arange(len(t)), t],
               [(4, 3), _ROWS.astype(numpy.int64)]),
    check.Case('scatter_add', lambda a, b: F.scatter_add(a, [0, 0, 2], b),
               lambda a, b: _scatter_add(a, [0, 0, 2], b), [(3, 2), (3, 2)]),
    check.Case('scatter_add_slices', lambda a, b: F.scatter_add(a, (slice(None), [1, 1]), b),
               lambda a, b: _scatter_add(a, (slice(None), [1, 1]), b), [(3, 2), (3, 2)]),
    check.Case('scatter_add_mask', lambda a, b: F.scatter_add(a, _MASK, b),
               lambda a, b: _scatter_add(a, _MASK, b), [(3, 2), (2, 2)]),
    check.Case('scatter_add_basic', lambda a, b: F.scatter_add(a, (slice(None, None, -2), 1), b),
               lambda a, b: _scatter_add(a, (slice(None, None, -2), 1), b), [(3, 2), (2,)]),
    check.Case('scatter_add_arrays_apart', lambda a, b: F.scatter_add(a, ([0, 1, 0], slice(None), [1, 0, 1]), b),
               lambda a, b: _scatter_add(a, ([0, 1, 0], slice(None), [1, 0, 1]), b), [(2, 3, 2), (3, 3)]),
    check.Case('scatter_add_index_matrix', lambda a, b: F.scatter_add(a, (1, numpy.array([[0, 1], [1, 1]])), b),
               lambda a, b: _scatter_add(a, (1, numpy.array([[0, 1], [1, 1]])), b), [(2, 3), (2, 2)]),
    check.Case('scatter_add_zero_size', lambda a, b: F.scatter_add(a, (slice(None), [0, 0]), b),
               lambda a, b: _scatter_add(a, (slice(None), [0, 0]), b), [(0, 3), (0, 2)]),
]


@check.cases_test(CASES)
class TestIndexing(check.ArrayTestCase):
    pass


@pytest.mark.parametrize('key, error', [
    (3, IndexError),
    ((0, 4), IndexError),
    ([0, 3], IndexError),
    (numpy.array([0.5]), IndexError),
    (1.0, IndexError),
    ((Ellipsis, Ellipsis), IndexError),
    (numpy.array([True, False]), IndexError),
])
def test_get_item_errors(mode, key, error):
    check.assert_error(error, F.get_item, check.variable(mode, numpy.zeros((3, 4))), key)


def test_repeated_elements_sum_their_gradients(mode):
    x = check.variable(mode, [1.0, 2.0, 3.0])
    y = x[[2, 2, 0, 2]]
    y.grad = make_array(mode, [1.0, 2.0, 4.0, 8.0])
    y.backward()
    numpy.testing.assert_array_equal(to_numpy(x.grad), [4.0, 0.0, 11.0])


def test_keys_of_the_other_kind_of_array(mode):
    x = check.variable(mode, numpy.arange(6.0).reshape(2, 3))
    other = chainerx.array([2, 0]) if mode == 'numpy' else numpy.array([2, 0])
    numpy.testing.assert_array_equal(to_numpy(x[:, other].array), [[2.0, 0.0], [5.0, 3.0]])
    key = chainer.Variable(make_array(mode, [1], numpy.int64))
    numpy.testing.assert_array_equal(to_numpy(F.get_item(x, key).array), [[3.0, 4.0, 5.0]])


def test_basic_indexing_of_numpy_is_a_view():
    x = numpy.zeros((3, 4))
    assert numpy.shares_memory(F.get_item(x, (slice(1, None), 0)).array, x)


def test_get_item_of_integers(mode):
    y = F.get_item(make_array(mode, [[1, 2], [3, 4]], numpy.int32), (Ellipsis, [1]))
    assert y.dtype == numpy.int32 and to_numpy(y.array).tolist() == [[2], [4]]


@pytest.mark.parametrize('x_shape, t_values, t_dtype', [
    ((2, 3), [0, 1], numpy.float32),
    ((2, 3), [0, 1], numpy.uint8),
    ((2, 3), [0], numpy.int32),
    ((2, 3, 1), [0, 1], numpy.int32),
    ((2, 3), [[0, 1]], numpy.int32),
])
def test_select_item_invalid_types(mode, x_shape, t_values, t_dtype):
    check.assert_error(type_check.InvalidType, F.select_item,
                       check.variable(mode, numpy.zeros(x_shape)),
                       make_array(mode, t_values, t_dtype))


def test_select_item_out_of_range(mode):
    x = check.variable(mode, numpy.zeros((2, 3)))
    t = make_array(mode, [0, 3], numpy.int32)
    check.assert_error(IndexError, F.select_item, x, t)
    with chainer.using_config('debug', True):
        check.assert_error(ValueError, F.select_item, x, t)


def test_scatter_add_errors(mode):
    a = check.variable(mode, numpy.zeros((3, 2)))
    check.assert_error(ValueError, F.scatter_add, a, [0, 1], check.variable(mode, numpy.ones(2)))
    check.assert_error(type_check.InvalidType, F.scatter_add, a, [0, 1],
                       check.variable(mode, numpy.ones((2, 2)), numpy.float32))


def test_scatter_add_leaves_its_input_alone(mode):
    a = check.variable(mode, numpy.zeros(3))
    y = F.scatter_add(a, [1, 1], make_array(mode, [1.0, 2.0]))
    assert to_numpy(y.array).tolist() == [0.0, 3.0, 0.0]
    assert to_numpy(a.array).tolist() == [0.0, 0.0, 0.0]


@pytest.mark.parametrize('key', [[1, 1, 0], (slice(None), [0, 0]), numpy.array([True, False, True]), (0, 1)])
def test_scatter_add_is_native_on_chainerx(key):
    a_value = numpy.arange(6.0).reshape(3, 2)
    b_value = numpy.arange(1.0, 1.0 + a_value[key].size).reshape(a_value[key].shape)
    before = chainer.function_node.fallback_count
    a = chainer.Variable(chainerx.array(a_value))
    b = chainer.Variable(chainerx.array(b_value))
    y = F.scatter_add(a, key, b)
    gy = chainer.Variable(chainerx.array(numpy.arange(6.0).reshape(3, 2) + 1))
    ga, gb = chainer.grad([y], [a, b], grad_outputs=[gy], enable_double_backprop=True)
    gga, = chainer.grad([F.sum(gb * gb)], [gy])
    assert chainer.function_node.fallback_count == before
    numpy.testing.assert_array_equal(to_numpy(y.array), _scatter_add(a_value, key, b_value))
    numpy.testing.assert_array_equal(to_numpy(ga.array), to_numpy(gy.array))
    numpy.testing.assert_array_equal(to_numpy(gb.array), to_numpy(gy.array)[key])
    expected = numpy.zeros((3, 2))
    numpy.add.at(expected, key, 2 * to_numpy(gy.array)[key])
    numpy.testing.assert_array_equal(to_numpy(gga.array), expected)


def test_scatter_add_with_a_key_only_numpy_takes_falls_back_on_chainerx():
    before = chainer.function_node.fallback_count
    y = F.scatter_add(chainerx.zeros(3), numpy.bool_(True), chainerx.ones((1, 3)))
    assert chainer.function_node.fallback_count == before + 1
    assert to_numpy(y.array).tolist() == [1.0, 1.0, 1.0]


def test_scatter_add_index_out_of_range_raises_index_error(mode):
    a = check.variable(mode, numpy.zeros((3, 2)))
    check.assert_error(IndexError, F.scatter_add, a, [0, 3], check.variable(mode, numpy.ones((2, 2))))
