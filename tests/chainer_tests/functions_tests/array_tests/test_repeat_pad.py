"""Element repetition and padding: repeat, tile, pad, where."""

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx
from chainer.utils import type_check

import array_check as check
from mode_utils import make_array
from mode_utils import to_numpy

_CONDITION = numpy.array([[True, False, True], [False, False, True]])


def _pad_case(name, pad_width, mode, shape=(2, 3), **keywords):
    return check.Case(name, lambda x: F.pad(x, pad_width, mode, **keywords),
                      lambda x: numpy.pad(x, pad_width, mode, **keywords), [shape])


CASES = [
    check.Case('repeat', lambda x: F.repeat(x, 2), lambda x: numpy.repeat(x, 2)),
    check.Case('repeat_axis', lambda x: F.repeat(x, 3, axis=-1),
               lambda x: numpy.repeat(x, 3, -1)),
    check.Case('repeat_each', lambda x: F.repeat(x, (1, 0, 2), axis=1),
               lambda x: numpy.repeat(x, (1, 0, 2), 1)),
    check.Case('repeat_each_flat', lambda x: F.repeat(x, [2, 1, 0, 1, 3, 1]),
               lambda x: numpy.repeat(x, [2, 1, 0, 1, 3, 1])),
    check.Case('repeat_list_of_one', lambda x: F.repeat(x, [2], axis=0),
               lambda x: numpy.repeat(x, [2], 0)),
    check.Case('repeat_zero', lambda x: F.repeat(x, 0, axis=0), lambda x: numpy.repeat(x, 0, 0)),
    check.Case('repeat_0d', lambda x: F.repeat(x, 3), lambda x: numpy.repeat(x, 3), [()]),
    check.Case('tile', lambda x: F.tile(x, 2), lambda x: numpy.tile(x, 2)),
    check.Case('tile_more_axes', lambda x: F.tile(x, (2, 1, 3)),
               lambda x: numpy.tile(x, (2, 1, 3))),
    check.Case('tile_fewer_reps', lambda x: F.tile(x, (2,)), lambda x: numpy.tile(x, (2,)),
               [(2, 1, 3)]),
    check.Case('tile_zero', lambda x: F.tile(x, (0, 2)), lambda x: numpy.tile(x, (0, 2))),
    check.Case('tile_0d', lambda x: F.tile(x, (2, 2)), lambda x: numpy.tile(x, (2, 2)), [()]),
    _pad_case('pad_constant', ((1, 2), (0, 1)), 'constant'),
    _pad_case('pad_constant_values', 1, 'constant', constant_values=((0.5, -1), (2, 3))),
    _pad_case('pad_constant_empty', (1, 1), 'constant', (0, 2)),
    _pad_case('pad_edge', ((2, 1), (1, 0)), 'edge'),
    _pad_case('pad_reflect', ((1, 2), (3, 1)), 'reflect'),
    _pad_case('pad_symmetric', ((3, 2), (4, 0)), 'symmetric'),
    _pad_case('pad_wrap', ((2, 3), (4, 1)), 'wrap'),
    _pad_case('pad_1d', (2, 1), 'reflect', (3,)),
    check.Case('where', lambda x, y: F.where(_CONDITION, x, y),
               lambda x, y: numpy.where(_CONDITION, x, y), [(2, 3), (2, 3)]),
    check.Case('where_broadcast', lambda x, y: F.where(_CONDITION[0], x, y),
               lambda x, y: numpy.where(_CONDITION[0], x, y), [(2, 1), (3,)]),
    check.Case('where_scalar', lambda x: F.where(_CONDITION, x, 0.5),
               lambda x: numpy.where(_CONDITION, x, x.dtype.type(0.5))),
    check.Case('where_0d', lambda x, y: F.where(numpy.array(True), x, y),
               lambda x, y: numpy.where(True, x, y), [(), ()]),
]


@check.cases_test(CASES)
class TestRepeatPad(check.ArrayTestCase):
    pass


@pytest.mark.parametrize('function, error', [
    (lambda x: F.repeat(x, -1), ValueError),
    (lambda x: F.repeat(x, (1, -1, 1), axis=1), ValueError),
    (lambda x: F.repeat(x, 1.5), TypeError),
    (lambda x: F.repeat(x, (1, 2), axis=1), ValueError),
    (lambda x: F.repeat(x, 2, axis=2), type_check.InvalidType),
    (lambda x: F.repeat(x, 2, axis=1.0), TypeError),
    (lambda x: F.tile(x, -1), ValueError),
    (lambda x: F.tile(x, 2.0), TypeError),
    (lambda x: F.tile(x, [2, '1']), TypeError),
    (lambda x: F.pad(x, -1, 'constant'), ValueError),
    (lambda x: F.pad(x, ((1, 2, 3),), 'constant'), ValueError),
    (lambda x: F.pad(x, 1.5, 'constant'), TypeError),
    (lambda x: F.pad(x, 1, 'no such mode'), ValueError),
    (lambda x: F.pad(F.cast(x, numpy.int32), 1, 'constant'), type_check.InvalidType),
    (lambda x: F.where(x, x, x), type_check.InvalidType),
    (lambda x: F.where(_CONDITION, x, F.cast(x, numpy.float32)), type_check.InvalidType),
    (lambda x: F.where(_CONDITION[:, :2], x, x), type_check.InvalidType),
    (lambda x: F.where(_CONDITION, 1.0, 2.0), TypeError),
])
def test_errors(mode, function, error):
    check.assert_error(error, function, check.variable(mode, numpy.zeros((2, 3))))


@pytest.mark.parametrize('mode_name, keywords', [
    ('mean', {}),
    ('maximum', {'stat_length': 1}),
    ('linear_ramp', {}),
    ('reflect', {'reflect_type': 'odd'}),
])
def test_pad_modes_without_gradient(mode, mode_name, keywords):
    x = numpy.random.RandomState(0).uniform(-1, 1, (2, 3))
    y = F.pad(check.variable(mode, x), 1, mode_name, **keywords)
    numpy.testing.assert_allclose(to_numpy(y.array), numpy.pad(x, 1, mode_name, **keywords))
    with pytest.raises(NotImplementedError):
        F.sum_to(y, ()).backward()


def test_where_takes_a_condition_variable_or_list(mode):
    x = check.variable(mode, [1.0, 2.0])
    y = check.variable(mode, [3.0, 4.0])
    condition = chainer.Variable(make_array(mode, [False, True], numpy.bool_))
    assert to_numpy(F.where(condition, x, y).array).tolist() == [3.0, 2.0]
    assert to_numpy(F.where([True, False], x, y).array).tolist() == [1.0, 4.0]


def test_where_condition_of_the_other_backend(mode):
    x = check.variable(mode, [1.0, 2.0])
    condition = numpy.array([False, True]) if mode == 'chainerx' else chainerx.array([False, True])
    y = F.where(condition, x, 0.0)
    assert to_numpy(y.array).tolist() == [0.0, 2.0]


@pytest.mark.parametrize('function', [
    lambda x: F.repeat(x, 2, axis=0),
    lambda x: F.tile(x, 2),
    lambda x: F.where(numpy.array([True, False]), x, x),
])
def test_integer_inputs(mode, function):
    y = function(make_array(mode, [1, 2], numpy.int32))
    assert y.dtype == numpy.int32
