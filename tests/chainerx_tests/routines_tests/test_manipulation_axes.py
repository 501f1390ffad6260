"""Manipulation views: ravel/flatten, swapaxes, rollaxis, moveaxis, squeeze, expand_dims, flip*,
atleast_*d (spec A.3, B.2).

Each case is one function of (xp, a) run with xp = chainerx and xp = numpy on the same data.
"""

import numpy
import pytest

import chainerx as chx

import array_utils

# (id, fn(xp, a), input shape, whether the result views a contiguous input)
_CASES = [
    ('ravel', lambda xp, a: xp.ravel(a), (2, 3), True),
    ('ravel_0d', lambda xp, a: xp.ravel(a), (), True),
    ('ravel_method', lambda xp, a: a.ravel(), (2, 0, 3), True),
    ('flatten', lambda xp, a: a.flatten(), (2, 3), False),
    ('flatten_0d', lambda xp, a: a.flatten(), (), False),
    ('swapaxes', lambda xp, a: xp.swapaxes(a, 0, 2), (2, 3, 4), True),
    ('swapaxes_negative', lambda xp, a: xp.swapaxes(a, -1, 0), (2, 3), True),
    ('swapaxes_method', lambda xp, a: a.swapaxes(1, 1), (2, 3), True),
    ('rollaxis', lambda xp, a: xp.rollaxis(a, 2), (2, 3, 4), True),
    ('rollaxis_start', lambda xp, a: xp.rollaxis(a, 0, 2), (2, 3, 4), True),
    ('rollaxis_end', lambda xp, a: xp.rollaxis(a, 0, 3), (2, 3, 4), True),
    ('rollaxis_negative', lambda xp, a: xp.rollaxis(a, -1, -2), (2, 3, 4), True),
    ('moveaxis', lambda xp, a: xp.moveaxis(a, 0, -1), (2, 3, 4), True),
    ('moveaxis_lists', lambda xp, a: xp.moveaxis(a, [0, 1], [2, 0]), (2, 3, 4), True),
    ('moveaxis_tuples', lambda xp, a: xp.moveaxis(a, (2, 0), (0, 1)), (2, 0, 4), True),
    ('squeeze', lambda xp, a: xp.squeeze(a), (1, 2, 1, 3), True),
    ('squeeze_axis', lambda xp, a: xp.squeeze(a, 2), (1, 2, 1, 3), True),
    ('squeeze_axes', lambda xp, a: xp.squeeze(a, (0, -2)), (1, 2, 1, 3), True),
    ('squeeze_0d', lambda xp, a: xp.squeeze(a), (), True),
    ('squeeze_all_ones', lambda xp, a: a.squeeze(), (1, 1), True),
    ('squeeze_method_axis', lambda xp, a: a.squeeze(axis=1), (0, 1), True),
    ('expand_dims', lambda xp, a: xp.expand_dims(a, 1), (2, 3), True),
    ('expand_dims_end', lambda xp, a: xp.expand_dims(a, -1), (2, 3), True),
    ('expand_dims_0d', lambda xp, a: xp.expand_dims(a, 0), (), True),
    ('flip_all', lambda xp, a: xp.flip(a), (2, 3, 4), True),
    ('flip_axis', lambda xp, a: xp.flip(a, 1), (2, 3, 4), True),
    ('flip_axes', lambda xp, a: xp.flip(a, (0, -1)), (2, 3, 4), True),
    ('flip_0d', lambda xp, a: xp.flip(a), (), True),
    ('flip_zero_size', lambda xp, a: xp.flip(a), (2, 0, 3), True),
    ('fliplr', lambda xp, a: xp.fliplr(a), (2, 3), True),
    ('fliplr_3d', lambda xp, a: xp.fliplr(a), (2, 3, 4), True),
    ('flipud', lambda xp, a: xp.flipud(a), (3,), True),
    ('flipud_2d', lambda xp, a: xp.flipud(a), (2, 3), True),
    ('atleast_2d_0d', lambda xp, a: xp.atleast_2d(a), (), True),
    ('atleast_2d_1d', lambda xp, a: xp.atleast_2d(a), (3,), True),
    ('atleast_2d_3d', lambda xp, a: xp.atleast_2d(a), (2, 3, 4), True),
    ('atleast_3d_0d', lambda xp, a: xp.atleast_3d(a), (), True),
    ('atleast_3d_1d', lambda xp, a: xp.atleast_3d(a), (3,), True),
    ('atleast_3d_2d', lambda xp, a: xp.atleast_3d(a), (2, 3), True),
    ('atleast_3d_4d', lambda xp, a: xp.atleast_3d(a), (2, 1, 3, 1), True),
]
_IDS = [case[0] for case in _CASES]

# (id, fn(a), input shape, exception)
_ERRORS = [
    ('swapaxes_out_of_range', lambda a: chx.swapaxes(a, 0, 2), (2, 3), chx.DimensionError),
    ('rollaxis_axis', lambda a: chx.rollaxis(a, 3), (2, 3, 4), chx.DimensionError),
    ('rollaxis_start', lambda a: chx.rollaxis(a, 0, 4), (2, 3, 4), chx.DimensionError),
    ('moveaxis_lengths', lambda a: chx.moveaxis(a, [0, 1], [0]), (2, 3), chx.DimensionError),
    ('moveaxis_repeated', lambda a: chx.moveaxis(a, [0, 0], [0, 1]), (2, 3), chx.DimensionError),
    ('moveaxis_range', lambda a: chx.moveaxis(a, 0, 2), (2, 3), chx.DimensionError),
    ('squeeze_not_one', lambda a: chx.squeeze(a, 1), (1, 2), chx.DimensionError),
    ('squeeze_range', lambda a: a.squeeze(2), (1, 2), chx.DimensionError),
    ('expand_dims_range', lambda a: chx.expand_dims(a, 3), (2, 3), chx.DimensionError),
    ('flip_range', lambda a: chx.flip(a, 2), (2, 3), chx.DimensionError),
    ('flip_repeated', lambda a: chx.flip(a, (0, 0)), (2, 3), chx.DimensionError),
    ('fliplr_1d', lambda a: chx.fliplr(a), (3,), chx.DimensionError),
    ('flipud_0d', lambda a: chx.flipud(a), (), chx.DimensionError),
    ('swapaxes_float', lambda a: chx.swapaxes(a, 0.0, 1), (2, 3), TypeError),
]


@pytest.mark.parametrize('contiguous', [True, False])
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
@pytest.mark.parametrize('name,fn,shape,is_view', _CASES, ids=_IDS)
def test_matches_numpy(name, fn, shape, is_view, dtype, contiguous):
    x = array_utils.make_numpy(shape, dtype, contiguous=contiguous)
    a = chx.array(x, copy=False)
    out = fn(chx, a)
    expected = fn(numpy, x)
    array_utils.assert_array_equal(out, expected)
    if contiguous and out.size > 0:
        assert (out.data_ptr == a.data_ptr) == is_view


@pytest.mark.parametrize('name,fn,shape,is_view', _CASES[::4], ids=_IDS[::4])
def test_results_stay_on_the_input_device(name, fn, shape, is_view):
    a = chx.array(array_utils.make_numpy(shape, 'float32'), device='native:1')
    assert fn(chx, a).device is a.device


def test_flip_views_share_data_with_negative_strides():
    a = chx.arange(6).reshape(2, 3)
    out = chx.flip(a, 1)
    assert out.strides == (12, -4)
    a.fill(7)
    array_utils.assert_array_equal(out, numpy.full((2, 3), 7, 'int32'))


def test_atleast_returns_the_input_when_it_has_enough_dimensions():
    a = chx.zeros((2, 3, 4))
    assert chx.atleast_2d(a) is a
    assert chx.atleast_3d(a) is a


@pytest.mark.parametrize('name,fn,shape,error', _ERRORS, ids=[case[0] for case in _ERRORS])
def test_bad_arguments_raise(name, fn, shape, error):
    with pytest.raises(error):
        fn(chx.zeros(shape))


# Gradient checks reuse the forward table: every case is differentiable.
@pytest.mark.parametrize('name,fn,shape,is_view', _CASES, ids=_IDS)
def test_backward_and_double_backward_float64(name, fn, shape, is_view):
    array_utils.check_grads(lambda a: fn(chx, a), [shape], 'float64')


@pytest.mark.parametrize('dtype', ['float16', 'float32'])
@pytest.mark.parametrize('name,fn,shape,is_view', _CASES[::5], ids=_IDS[::5])
def test_backward_and_double_backward_low_precision(name, fn, shape, is_view, dtype):
    array_utils.check_grads(lambda a: fn(chx, a), [shape], dtype)
