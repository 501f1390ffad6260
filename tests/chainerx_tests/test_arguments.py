"""Argument conversion in the binding (python/arguments.h): integers, int-or-sequence arguments, axes, shapes
and array lists accept Python and NumPy integers and NumPy integer arrays as the original ChainerX does, and
everything else raises a typed error naming the parameter. Each call of the `_CRASHERS` table killed the
process before (issue 13's fuzz run); now each raises or returns.
"""

import gc
import pickle

import numpy
import pytest

import chainerx as chx

import array_utils


def _x(shape=(2, 3), dtype='float32'):
    return chx.ones(shape, dtype)


# (reproducer, expected exception class or None for success)
_CRASHERS = [
    (lambda: chx.n_step_lstm(1, _x((1, 2, 3)), _x((1, 2, 3)), _x((1, 2, 3)), [[_x((1, 2, 3))]], [_x((1, 2, 3))]),
     TypeError),
    (lambda: chx.max_pool(_x((1, 1, 4, 4)), chx.ones((2,))), TypeError),
    (lambda: chx.average_pool(_x((1, 1, 4, 4)), 2, chx.ones((2,))), TypeError),
    (lambda: chx.repeat(_x(), 2, axis=numpy.zeros(2)), TypeError),
    (lambda: chx.concatenate([_x(), _x()], axis=numpy.zeros(2, 'int32')), TypeError),
    (lambda: chx.moveaxis(_x(), 0, None), TypeError),
    (lambda: chx.tri(2**62), chx.DimensionError),
    (lambda: chx.identity(2**62), chx.DimensionError),
    (lambda: chx.eye(10**5, 2**62), chx.DimensionError),
    (lambda: chx.zeros((2**40, 2**40, 2**40)), chx.DimensionError),
    (lambda: chx.broadcast_to(_x((1,)), (2**40, 2**40, 2**40)), chx.DimensionError),
    (lambda: _x()._setitem_advanced((None,), chx.zeros((2, 3, 4, 5))), chx.DimensionError),
    (lambda: chx.check_double_backward(lambda a: a, [], [_x()], [_x()], 1e-3), chx.GradientCheckError),
    (lambda: memoryview(chx.ndarray.__new__(chx.ndarray)), BufferError),
    (lambda: chx.conv(_x((1, 1, 4, 4)), _x((1, 1, 2, 2)), None, numpy.ones((2, 2), 'int64')), TypeError),
    (lambda: chx.get_default_context().get_backend('../../tmp/evil'), chx.BackendError),
    (lambda: chx.get_default_context().get_device('/abs/path:0'), chx.ChainerxError),
]


@pytest.mark.parametrize('index', range(len(_CRASHERS)))
def test_former_crashers_raise_typed_errors(index):
    call, error = _CRASHERS[index]
    with pytest.raises(error):
        call()


@pytest.mark.parametrize('protocol', range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickle_works_with_every_protocol(protocol, device):
    a = chx.array(numpy.arange(6, dtype='float64').reshape(2, 3)[:, ::2], device=device)
    b = pickle.loads(pickle.dumps(a, protocol=protocol))
    assert b.device is device
    array_utils.assert_array_equal(b, chx.to_numpy(a))


def test_pickle_state_is_checked():
    a = chx.ndarray.__new__(chx.ndarray)
    with pytest.raises((TypeError, chx.DtypeError)):
        a.__setstate__(('not an array', 'native:0'))
    with pytest.raises(TypeError):
        a.__setstate__((numpy.ones(2), 3))


def test_arrays_of_a_dropped_context_keep_working():
    context = chx.Context()
    device = context.get_device('native:1')
    a = chx.full((2,), 3.0, 'float32', device=device)
    bp = context.make_backprop_id('bp')
    del context, device
    gc.collect()
    array_utils.assert_array_equal(a + a, numpy.full((2,), 6.0, 'float32'))
    assert a.device.name == 'native:1'
    assert bp.name == 'bp'


@pytest.mark.parametrize('axis', [1, numpy.int8(1), numpy.int64(1), numpy.array(1), numpy.array(1, 'uint8')])
def test_integer_arguments_take_numpy_integers(axis):
    x = numpy.arange(6.0).reshape(2, 3)
    a = chx.array(x)
    array_utils.assert_array_equal(chx.concatenate([a, a], axis=axis), numpy.concatenate([x, x], axis=1))
    array_utils.assert_array_equal(chx.repeat(a, 2, axis=axis), numpy.repeat(x, 2, axis=1))
    array_utils.assert_array_equal(chx.stack([a, a], axis=axis), numpy.stack([x, x], axis=1))
    array_utils.assert_array_equal(chx.expand_dims(a, axis), numpy.expand_dims(x, 1))
    array_utils.assert_array_equal(chx.swapaxes(a, 0, axis), numpy.swapaxes(x, 0, 1))
    array_utils.assert_array_equal(chx.argmax(a, axis), numpy.argmax(x, 1).astype('int64'))
    array_utils.assert_array_equal(chx.cumsum(a, axis), numpy.cumsum(x, 1))
    assert [p.shape for p in chx.split(a, 3, axis)] == [(2, 1)] * 3


@pytest.mark.parametrize('bad', [1.0, True, numpy.float32(1), numpy.array([1]), numpy.array(1.0), '1', None, [1]])
def test_non_integers_raise_type_error_naming_the_parameter(bad):
    with pytest.raises(TypeError, match='axis'):
        chx.expand_dims(_x(), bad)


@pytest.mark.parametrize('value', [2**63, -2**63 - 1, 10**30])
def test_integers_beyond_int64_raise_overflow_error(value):
    with pytest.raises(OverflowError):
        chx.repeat(_x(), value)
    with pytest.raises(OverflowError):
        chx.zeros((value,))


@pytest.mark.parametrize('ints', [(2, 2), [2, 2], numpy.array([2, 2]), numpy.array([2, 2], 'uint16'),
                                  (numpy.int32(2), numpy.int64(2))])
def test_int_tuple_arguments_take_sequences_and_numpy_arrays(ints):
    x = array_utils.make_numpy((1, 1, 4, 4), 'float32')
    out = chx.max_pool(chx.array(x), ints, ints)
    expected = x.reshape(1, 1, 2, 2, 2, 2).max(axis=(3, 5))
    array_utils.assert_array_equal(out, expected)
    assert chx.conv(chx.array(x), chx.ones((1, 1, 1, 1)), None, ints).shape == (1, 1, 2, 2)


@pytest.mark.parametrize('repeats', [numpy.array([1, 2]), [numpy.int16(1), 2], (1, 2)])
def test_repeat_takes_sequences_of_counts(repeats):
    x = numpy.arange(8.0).reshape(2, 4)
    out = chx.repeat(chx.array(x), repeats, numpy.array(0))
    array_utils.assert_array_equal(out, numpy.repeat(x, [1, 2], 0))


@pytest.mark.parametrize('spec,sizes', [(numpy.array(2.0), [3, 3]), (numpy.array([], 'float32'), [6]),
                                        (numpy.array([], 'int64'), [6]), (numpy.array([2, 4]), [2, 2, 2]),
                                        (numpy.int64(3), [2, 2, 2]), (3.0, [2, 2, 2])])
def test_split_takes_numpy_arrays_as_the_original(spec, sizes):
    parts = chx.split(chx.ones((6,)), spec)
    assert [p.shape[0] for p in parts] == sizes


@pytest.mark.parametrize('spec,error', [(numpy.array(2.5), ValueError), (2.5, ValueError),
                                        (numpy.array([1.0, 2.0]), TypeError), (numpy.ones((2, 2), 'int64'), ValueError)])
def test_split_rejects_bad_sections(spec, error):
    with pytest.raises(error):
        chx.split(chx.ones((6,)), spec)


def test_array_lists_reject_single_arrays_and_non_arrays():
    with pytest.raises(TypeError, match='arrays'):
        chx.concatenate(_x())
    with pytest.raises(TypeError, match='arrays'):
        chx.stack([_x(), numpy.ones((2, 3))])
    with pytest.raises(TypeError):
        chx.concatenate('ab')


def test_shapes_with_too_many_dimensions_raise():
    with pytest.raises(chx.DimensionError):
        chx.zeros((1,) * 11)


@pytest.mark.parametrize('dtype,value', [('int8', 300), ('uint8', -1), ('int16', 2**15), ('int32', 2**31)])
def test_out_of_range_integer_scalars_raise_overflow_error(dtype, value):
    # NumPy 2's rule: a Python integer must fit the integer dtype it is used with (it used to wrap).
    a = chx.zeros((2,), dtype)
    for call in (lambda: a + value, lambda: value - a, lambda: a * value, lambda: chx.maximum(a, value),
                 lambda: a.__setitem__(0, value)):
        with pytest.raises(OverflowError):
            call()
    array_utils.assert_array_equal(a, numpy.zeros((2,), dtype))
