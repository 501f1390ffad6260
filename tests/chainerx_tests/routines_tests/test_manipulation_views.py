"""View layouts of the manipulation routines: the strides and offsets of atleast_2d/3d, broadcast_to, reshape,
squeeze and slicing, which NumPy and the original ChainerX agree on (conformance R9, R18, R27), and repeat's
always-new C-contiguous result.
"""

import numpy
import pytest

import chainerx as chx

import array_utils


def _reversed_arange(n, dtype='float64'):
    return numpy.arange(n, dtype=dtype)[::-1]


# (name, function applied to both modules, input array builder)
_VIEW_CASES = [
    ('atleast_2d_1d', lambda xp, a: xp.atleast_2d(a), lambda: numpy.ones(3, 'float32')),
    ('atleast_2d_0d', lambda xp, a: xp.atleast_2d(a), lambda: numpy.array(2.0)),
    ('atleast_3d_0d', lambda xp, a: xp.atleast_3d(a), lambda: numpy.array(2.0)),
    ('atleast_3d_1d', lambda xp, a: xp.atleast_3d(a), lambda: numpy.ones(3, 'float32')),
    ('atleast_3d_2d', lambda xp, a: xp.atleast_3d(a), lambda: numpy.ones((2, 3), 'int16')),
    ('atleast_3d_2d_reversed', lambda xp, a: xp.atleast_3d(a), lambda: numpy.ones((2, 3))[::-1, ::-1]),
    ('broadcast_to_kept_length_1', lambda xp, a: xp.broadcast_to(a, (1, 2)), lambda: numpy.ones((1, 1))),
    ('broadcast_to_new_axes', lambda xp, a: xp.broadcast_to(a, (4, 1, 3)), lambda: numpy.ones((1, 3))),
    ('reshape_trailing_ones', lambda xp, a: a.reshape(1, 1, 5, 1, 1), lambda: _reversed_arange(5)),
    ('reshape_leading_one', lambda xp, a: a.reshape(1, 5), lambda: _reversed_arange(5, 'int32')),
    ('squeeze_axis', lambda xp, a: xp.squeeze(a, 0), lambda: numpy.ones((1, 2, 1, 3))[:, ::-1, :, ::-1]),
    ('squeeze_all', lambda xp, a: xp.squeeze(a), lambda: numpy.ones((1, 2, 1, 3))[:, ::-1, :, ::-1]),
    ('squeeze_zero_size', lambda xp, a: xp.squeeze(a, 1), lambda: numpy.ones((0, 1, 2))),
]


@pytest.mark.parametrize('name,fn,make', _VIEW_CASES, ids=[case[0] for case in _VIEW_CASES])
def test_views_have_numpy_strides(name, fn, make, device):
    x = make()
    a = chx.array(x, copy=False, device=device)
    out = fn(chx, a)
    expected = fn(numpy, x)
    array_utils.assert_array_equal(out, expected)
    assert out.strides == expected.strides
    assert out.data_ptr == a.data_ptr  # a view, not a copy


def test_atleast_views_keep_the_input_offset():
    x = chx.arange(6, dtype='float32')[2:5]
    for out in (chx.atleast_2d(x), chx.atleast_3d(x)):
        assert out.offset == x.offset
        array_utils.assert_array_equal(out.reshape(3), numpy.arange(2, 5, dtype='float32'))


@pytest.mark.parametrize('fn,shape', [(chx.atleast_2d, (3,)), (chx.atleast_3d, (2, 3)), (chx.atleast_3d, ()),
                                      (lambda a: chx.squeeze(a, 1), (2, 1, 3))])
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_new_axis_views_are_differentiable(fn, shape, dtype):
    array_utils.check_grads(fn, [shape], dtype)


@pytest.mark.parametrize('new_shape,expected', [((3, -3, 2), (3, 4, 2)), ((-7, 6), (4, 6)), ((24, -2), (24, 1))])
def test_reshape_takes_any_negative_entry_as_the_unknown_one(new_shape, expected):
    assert chx.ones((2, 3, 4)).reshape(new_shape).shape == expected


@pytest.mark.parametrize('new_shape', [(-1, -1, 2), (-2, 3, -5)])
def test_reshape_with_two_unknown_entries_raises(new_shape):
    with pytest.raises(chx.DimensionError):
        chx.ones((2, 3, 4)).reshape(new_shape)


def test_reshape_with_an_overflowing_product_raises():
    with pytest.raises(chx.DimensionError):
        chx.ones((2,)).reshape(2**40, 2**40, 2**40, 0)


@pytest.mark.parametrize('key,offset', [(slice(3, 3), 12), (slice(6, 9), 24), (slice(2, 1), 8),
                                        (slice(None, None, -1), 20), (slice(-10, None, -1), 0)])
def test_empty_slices_of_a_non_empty_array_move_the_offset_to_their_start(key, offset):
    a = chx.arange(6, dtype='int32')
    out = a[key]
    assert out.offset == offset
    array_utils.assert_array_equal(out, numpy.arange(6, dtype='int32')[key])


def test_slices_of_an_empty_array_keep_the_offset():
    a = chx.ones((0, 5), 'int32')
    assert a[:, 3:3].offset == 0
    assert a[:, 2:4].shape == (0, 2)


@pytest.mark.parametrize('repeats,axis', [(1, None), (1, 0), (1, 1), ([1, 1], 1), (2, 0), (0, 1)])
def test_repeat_always_returns_a_new_c_contiguous_array(repeats, axis):
    x = numpy.arange(12.0).reshape(3, 4)[:, ::2]  # non-contiguous
    a = chx.array(x, copy=False)
    out = chx.repeat(a, repeats, axis)
    assert out.is_contiguous
    assert out.data_ptr != a.data_ptr or out.size == 0
    array_utils.assert_array_equal(out, numpy.repeat(x, repeats, axis))


def test_repeat_of_one_is_differentiable():
    array_utils.check_grads(lambda a: chx.repeat(a, 1, 1), [(2, 3)], 'float64')


def test_arange_casts_start_and_step_to_an_integer_dtype_first():
    array_utils.assert_array_equal(chx.arange(-2.2, 3.4, dtype='int8'), numpy.arange(-2, 4, dtype='int8'))
    array_utils.assert_array_equal(chx.arange(0.5, 3.0, 0.9, dtype='int32'), numpy.zeros(3, 'int32'))
    array_utils.assert_array_equal(chx.arange(1, 10, 2.7, dtype='int64'), numpy.array([1, 3, 5, 7], 'int64'))


@pytest.mark.parametrize('write', [
    lambda b: b.__iadd__(1),
    lambda b: b.fill(2),
    lambda b: b.__setitem__(0, 5),
    lambda b: b.__setitem__(chx.array([0, 1]), 5),
    lambda b: chx.copyto(b, chx.zeros((3, 2))),
])
def test_writes_into_broadcast_views_raise(write):
    # NumPy makes broadcast results read-only; a write would change every aliased element of the base.
    base = chx.ones((1, 2))
    view = chx.broadcast_to(base, (3, 2))
    with pytest.raises(chx.ChainerxError):
        write(view)
    array_utils.assert_array_equal(base, numpy.ones((1, 2), 'float32'))


def test_writes_into_zero_size_and_length_one_broadcasts_are_allowed():
    a = chx.broadcast_to(chx.ones((1, 3)), (0, 3))
    a += 1
    b = chx.broadcast_to(chx.ones((1, 1)), (1, 2))[:, :1]
    b += 1
    array_utils.assert_array_equal(b, numpy.full((1, 1), 2, 'float32'))
