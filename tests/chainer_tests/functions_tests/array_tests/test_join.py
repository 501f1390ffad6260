"""Joining and splitting: concat, stack, hstack, vstack, dstack, split_axis, separate."""

import numpy
import pytest

import chainer.functions as F
import chainerx
from chainer.utils import type_check

import array_check as check
from mode_utils import make_array


def _split(x, indices_or_sections, axis):
    return tuple(numpy.split(x, indices_or_sections, axis))


def _separate(x, axis):
    return tuple(numpy.moveaxis(x, axis, 0))


CASES = [
    check.Case('concat', lambda a, b: F.concat((a, b)), lambda a, b: numpy.concatenate((a, b), 1),
               [(2, 3), (2, 1)]),
    check.Case('concat_axis0', lambda a, b, c: F.concat([a, b, c], axis=-2),
               lambda a, b, c: numpy.concatenate((a, b, c)), [(2, 3), (1, 3), (0, 3)]),
    check.Case('concat_one', lambda a: F.concat([a], axis=0), lambda a: a),
    check.Case('stack', lambda a, b: F.stack((a, b)), lambda a, b: numpy.stack((a, b)),
               [(2, 3), (2, 3)]),
    check.Case('stack_last', lambda a, b: F.stack([a, b], axis=-1),
               lambda a, b: numpy.stack((a, b), -1), [(2, 3), (2, 3)]),
    check.Case('stack_0d', lambda a, b: F.stack([a, b]), lambda a, b: numpy.stack((a, b)),
               [(), ()]),
    check.Case('hstack', lambda a, b: F.hstack((a, b)), lambda a, b: numpy.hstack((a, b)),
               [(2, 3), (2, 1)]),
    check.Case('hstack_1d', lambda a, b: F.hstack((a, b)), lambda a, b: numpy.hstack((a, b)),
               [(3,), (2,)]),
    check.Case('hstack_0d', lambda a, b: F.hstack((a, b)), lambda a, b: numpy.hstack((a, b)),
               [(), ()]),
    check.Case('vstack', lambda a, b: F.vstack((a, b)), lambda a, b: numpy.vstack((a, b)),
               [(2, 3), (1, 3)]),
    check.Case('vstack_1d', lambda a, b: F.vstack((a, b)), lambda a, b: numpy.vstack((a, b)),
               [(3,), (3,)]),
    check.Case('vstack_0d', lambda a: F.vstack((a,)), lambda a: numpy.vstack((a,)), [()]),
    check.Case('dstack', lambda a, b: F.dstack((a, b)), lambda a, b: numpy.dstack((a, b)),
               [(2, 3, 1), (2, 3, 2)]),
    check.Case('dstack_2d', lambda a, b: F.dstack((a, b)), lambda a, b: numpy.dstack((a, b)),
               [(2, 3), (2, 3)]),
    check.Case('dstack_1d', lambda a, b: F.dstack((a, b)), lambda a, b: numpy.dstack((a, b)),
               [(3,), (3,)]),
    check.Case('split_sections', lambda x: F.split_axis(x, 2, 1), lambda x: _split(x, 2, 1),
               [(2, 4)]),
    check.Case('split_indices', lambda x: F.split_axis(x, [1, 3], -1),
               lambda x: _split(x, [1, 3], -1), [(2, 4)]),
    check.Case('split_unsorted_indices', lambda x: F.split_axis(x, (3, 1), 0),
               lambda x: _split(x, (3, 1), 0), [(4, 2)]),
    check.Case('split_past_the_end', lambda x: F.split_axis(x, [1, 5], 1),
               lambda x: _split(x, [1, 5], 1), [(2, 4)]),
    check.Case('split_negative_index', lambda x: F.split_axis(x, [-1], 1),
               lambda x: _split(x, [-1], 1), [(2, 4)]),
    check.Case('split_numpy_indices', lambda x: F.split_axis(x, numpy.array([2]), 0),
               lambda x: _split(x, [2], 0), [(4, 2)]),
    check.Case('split_one_part_used', lambda x: F.split_axis(x, 3, 1)[1],
               lambda x: _split(x, 3, 1)[1], [(2, 6)]),
    check.Case('split_no_tuple', lambda x: F.split_axis(x, 1, 0, force_tuple=False),
               lambda x: x),
    check.Case('separate', lambda x: F.separate(x, 1), lambda x: _separate(x, 1), [(2, 3, 2)]),
    check.Case('separate_1d', F.separate, lambda x: _separate(x, 0), [(3,)]),
    check.Case('separate_some_used', lambda x: F.separate(x, -1)[::2],
               lambda x: _separate(x, -1)[::2], [(2, 3)]),
]


@check.cases_test(CASES)
class TestJoin(check.ArrayTestCase):
    pass


def _zeros(mode, *shapes, dtype=numpy.float32):
    return [check.variable(mode, numpy.zeros(shape), dtype) for shape in shapes]


@pytest.mark.parametrize('function, shapes', [
    (lambda xs: F.concat(xs, axis=2), [(2, 3), (2, 3)]),
    (lambda xs: F.concat(xs, axis=1), [(2, 3), (3, 3)]),
    (lambda xs: F.concat(xs, axis=0), [(2, 3), (2,)]),
    (lambda xs: F.concat(xs, axis=0), [(), ()]),
    (lambda xs: F.concat(xs), []),
    (lambda xs: F.stack(xs, axis=3), [(2, 3), (2, 3)]),
    (lambda xs: F.stack(xs), [(2, 3), (3, 2)]),
    (lambda xs: F.stack(xs), []),
    (lambda xs: F.hstack(xs), [(2, 3), (3, 3)]),
    (lambda xs: F.hstack(xs), [(2, 3), (3,)]),
    (lambda xs: F.vstack(xs), [(3,), (2,)]),
    (lambda xs: F.vstack(xs), [(3,), (1, 3)]),
    (lambda xs: F.dstack(xs), [(2, 3), (2, 2)]),
    (lambda xs: F.dstack(xs), []),
    (lambda xs: F.split_axis(xs[0], 3, 1), [(2, 4)]),
    (lambda xs: F.split_axis(xs[0], 2, 2), [(2, 4)]),
    (lambda xs: F.separate(xs[0], 2), [(2, 4)]),
])
def test_invalid_shapes(mode, function, shapes):
    check.assert_error(type_check.InvalidType, function, _zeros(mode, *shapes))


@pytest.mark.parametrize('function', [
    F.concat, F.stack, F.hstack, F.vstack, F.dstack,
])
def test_mixed_dtypes_are_invalid(mode, function):
    xs = [check.variable(mode, [1.0, 2.0], numpy.float32),
          check.variable(mode, [1.0, 2.0], numpy.float64)]
    check.assert_error(type_check.InvalidType, function, xs)


@pytest.mark.parametrize('function, error', [
    (lambda x: F.concat([x], axis=1.0), TypeError),
    (lambda x: F.stack([x], axis='0'), TypeError),
    (lambda x: F.split_axis(x, 0, 1), ValueError),
    (lambda x: F.split_axis(x, 2.0, 1), TypeError),
    (lambda x: F.split_axis(x, [[1]], 1), TypeError),
    (lambda x: F.split_axis(x, [0.5], 1), TypeError),
    (lambda x: F.split_axis(x, 2, None), TypeError),
    (lambda x: F.separate(x, 0.0), TypeError),
])
def test_invalid_arguments(mode, function, error):
    check.assert_error(error, function, check.variable(mode, numpy.zeros((2, 4))))


def test_numpy_and_chainerx_cannot_be_mixed():
    check.assert_error(TypeError, F.concat, [chainerx.zeros((2, 3)), numpy.zeros((2, 3))])


def test_split_axis_returns_a_tuple_unless_told_otherwise(mode):
    x = check.variable(mode, numpy.zeros((2, 4)))
    assert isinstance(F.split_axis(x, 1, 1), tuple)
    assert F.split_axis(x, 1, 1, force_tuple=False).shape == (2, 4)
    assert isinstance(F.split_axis(x, 2, 1, force_tuple=False), tuple)
    assert len(F.split_axis(x, [], 1)) == 1


def test_split_axis_takes_chainerx_indices(mode):
    ys = F.split_axis(check.variable(mode, numpy.zeros((2, 4))), chainerx.array([1]), 1)
    assert [y.shape for y in ys] == [(2, 1), (2, 3)]


def test_separate_of_an_empty_axis_is_empty(mode):
    assert F.separate(check.variable(mode, numpy.zeros((0, 3))), 0) == ()


def test_integer_inputs_keep_their_dtype(mode):
    xs = [make_array(mode, [[1, 2]], numpy.int32), make_array(mode, [[3, 4]], numpy.int32)]
    for y in (F.concat(xs, 0), F.stack(xs), F.hstack(xs), F.vstack(xs), F.dstack(xs)):
        assert y.dtype == numpy.int32
    assert [y.dtype for y in F.split_axis(xs[0], 2, 1)] == [numpy.int32] * 2
