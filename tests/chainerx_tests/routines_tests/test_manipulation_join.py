"""Joining, splitting and repeating: concatenate, stack, h/v/dstack, split, h/v/dsplit, repeat
(spec A.3, B.2).

Each case is one function of (xp, *arrays) run with xp = chainerx and xp = numpy on the same data.
"""

import numpy
import pytest

import chainerx as chx

import array_utils

# (id, fn(xp, *arrays), input shapes)
_JOIN_CASES = [
    ('concatenate', lambda xp, a, b: xp.concatenate([a, b]), [(2, 3), (1, 3)]),
    ('concatenate_axis1', lambda xp, a, b: xp.concatenate((a, b), 1), [(2, 3), (2, 1)]),
    ('concatenate_negative', lambda xp, a, b: xp.concatenate([a, b], -1), [(2, 2), (2, 3)]),
    ('concatenate_none', lambda xp, a, b: xp.concatenate([a, b], axis=None), [(2, 3), (4,)]),
    ('concatenate_zero_size', lambda xp, a, b: xp.concatenate([a, b], 1), [(2, 0), (2, 3)]),
    ('concatenate_one', lambda xp, a: xp.concatenate([a]), [(2, 3)]),
    ('concatenate_three', lambda xp, a, b, c: xp.concatenate([a, b, c]), [(1,), (2,), (3,)]),
    # More parts than one CUDA launch copies (Note [Concatenation in one launch]), some of them empty.
    ('concatenate_many', lambda xp, *parts: xp.concatenate(parts, 1),
     [(2, n, 3) for n in (1, 2, 0, 3, 1, 1, 2, 4, 1, 0, 2)]),
    ('stack_many', lambda xp, *parts: xp.stack(parts, 1), [(3, 2)] * 17),
    ('stack', lambda xp, a, b: xp.stack([a, b]), [(2, 3), (2, 3)]),
    ('stack_last', lambda xp, a, b: xp.stack([a, b], -1), [(2, 3), (2, 3)]),
    ('stack_0d', lambda xp, a, b: xp.stack([a, b]), [(), ()]),
    ('hstack_0d', lambda xp, a, b: xp.hstack([a, b]), [(), ()]),
    ('hstack_1d', lambda xp, a, b: xp.hstack([a, b]), [(2,), (3,)]),
    ('hstack_2d', lambda xp, a, b: xp.hstack([a, b]), [(2, 1), (2, 3)]),
    ('vstack_1d', lambda xp, a, b: xp.vstack([a, b]), [(3,), (3,)]),
    ('vstack_2d', lambda xp, a, b: xp.vstack([a, b]), [(1, 3), (2, 3)]),
    ('dstack_1d', lambda xp, a, b: xp.dstack([a, b]), [(3,), (3,)]),
    ('dstack_2d', lambda xp, a, b: xp.dstack([a, b]), [(2, 3), (2, 3)]),
    ('dstack_3d', lambda xp, a, b: xp.dstack([a, b]), [(2, 3, 1), (2, 3, 2)]),
    ('split_sections', lambda xp, a: xp.split(a, 3), [(6, 2)]),
    ('split_axis', lambda xp, a: xp.split(a, 2, axis=1), [(2, 4)]),
    ('split_indices', lambda xp, a: xp.split(a, [1, 3]), [(5,)]),
    ('split_negative', lambda xp, a: xp.split(a, [-2], 1), [(2, 5)]),
    ('split_clipped', lambda xp, a: xp.split(a, [2, 9]), [(4,)]),
    ('split_unordered', lambda xp, a: xp.split(a, [3, 1]), [(4,)]),
    ('split_empty_indices', lambda xp, a: xp.split(a, []), [(3,)]),
    ('split_zero_size', lambda xp, a: xp.split(a, 2, 1), [(0, 4)]),
    ('split_float_sections', lambda xp, a: xp.split(a, 2.0), [(4,)]),
    ('split_numpy_0d', lambda xp, a: xp.split(a, numpy.array(2)), [(4,)]),
    ('split_numpy_1d', lambda xp, a: xp.split(a, numpy.array([1, 2])), [(4,)]),
    ('hsplit_1d', lambda xp, a: xp.hsplit(a, 2), [(4,)]),
    ('hsplit_2d', lambda xp, a: xp.hsplit(a, [1]), [(2, 3)]),
    ('vsplit', lambda xp, a: xp.vsplit(a, 2), [(4, 3)]),
    ('dsplit', lambda xp, a: xp.dsplit(a, [1, 1]), [(1, 2, 3)]),
    ('repeat', lambda xp, a: xp.repeat(a, 2), [(2, 3)]),
    ('repeat_axis', lambda xp, a: xp.repeat(a, 3, axis=1), [(2, 3)]),
    ('repeat_zero', lambda xp, a: xp.repeat(a, 0, 0), [(2, 3)]),
    ('repeat_list', lambda xp, a: xp.repeat(a, [1, 0, 2], 1), [(2, 3)]),
    ('repeat_list_flat', lambda xp, a: xp.repeat(a, [2, 1, 1, 3]), [(2, 2)]),
    ('repeat_one_element_list', lambda xp, a: xp.repeat(a, [2], 0), [(2, 3)]),
    ('repeat_0d', lambda xp, a: xp.repeat(a, 3), [()]),
    ('repeat_method', lambda xp, a: a.repeat(2, axis=0), [(2, 0)]),
]
_JOIN_IDS = [case[0] for case in _JOIN_CASES]

_ERRORS = [
    ('concatenate_empty', lambda: chx.concatenate([]), chx.DimensionError),
    ('concatenate_0d', lambda: chx.concatenate([chx.zeros(()), chx.zeros(())]), chx.DimensionError),
    ('concatenate_ndim', lambda: chx.concatenate([chx.zeros(2), chx.zeros((2, 1))]),
     chx.DimensionError),
    ('concatenate_shape', lambda: chx.concatenate([chx.zeros((2, 3)), chx.zeros(2)], 1),
     chx.DimensionError),
    ('concatenate_axis', lambda: chx.concatenate([chx.zeros((2, 3))], 2), chx.DimensionError),
    ('concatenate_not_arrays', lambda: chx.concatenate([numpy.zeros(2)]), TypeError),
    ('concatenate_devices', lambda: chx.concatenate([chx.zeros(1), chx.ones(1, device='native:2')]),
     chx.DeviceError),
    ('stack_empty', lambda: chx.stack([]), chx.DimensionError),
    ('stack_shapes', lambda: chx.stack([chx.zeros(2), chx.zeros(3)]), chx.DimensionError),
    ('stack_axis', lambda: chx.stack([chx.zeros(2)], 2), chx.DimensionError),
    ('split_0d', lambda: chx.split(chx.zeros(()), 1), chx.DimensionError),
    ('split_unequal', lambda: chx.split(chx.zeros(5), 2), chx.DimensionError),
    ('split_zero_sections', lambda: chx.split(chx.zeros(4), 0), chx.DimensionError),
    ('split_non_integral_float', lambda: chx.split(chx.zeros(4), 1.5), ValueError),
    ('split_2d_indices', lambda: chx.split(chx.zeros(4), numpy.array([[1]])), ValueError),
    ('split_float_array', lambda: chx.split(chx.zeros(4), numpy.array([1.0])), TypeError),
    ('split_float_list', lambda: chx.split(chx.zeros(4), [1.0]), TypeError),
    ('hsplit_0d', lambda: chx.hsplit(chx.zeros(()), 1), chx.DimensionError),
    ('vsplit_1d', lambda: chx.vsplit(chx.zeros(4), 2), chx.DimensionError),
    ('dsplit_2d', lambda: chx.dsplit(chx.zeros((2, 2)), 2), chx.DimensionError),
    ('repeat_negative', lambda: chx.repeat(chx.zeros(2), -1), chx.DimensionError),
    ('repeat_list_length', lambda: chx.repeat(chx.zeros(3), [1, 2]), chx.DimensionError),
    ('repeat_list_negative', lambda: chx.repeat(chx.zeros(2), [1, -1]), chx.DimensionError),
    ('repeat_axis', lambda: chx.repeat(chx.zeros(2), 2, 1), chx.DimensionError),
]


def _outputs(result):
    return result if isinstance(result, list) else [result]


@pytest.mark.parametrize('contiguous', [True, False])
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
@pytest.mark.parametrize('name,fn,shapes', _JOIN_CASES, ids=_JOIN_IDS)
def test_matches_numpy(name, fn, shapes, dtype, contiguous):
    xs = [
        array_utils.make_numpy(s, dtype, seed=i, contiguous=contiguous)
        for i, s in enumerate(shapes)
    ]
    outs = fn(chx, *[chx.array(x, copy=False) for x in xs])
    expected = fn(numpy, *xs)
    assert isinstance(outs, list) == isinstance(expected, list)
    outs, expected = _outputs(outs), _outputs(expected)
    assert len(outs) == len(expected)
    for out, e in zip(outs, expected):
        array_utils.assert_array_equal(out, e)


@pytest.mark.parametrize('dtype1,dtype2,dtype', [
    ('int8', 'uint8', 'int16'), ('bool', 'int32', 'int32'), ('int64', 'float16', 'float16'),
    ('float32', 'float64', 'float64'),
])
def test_concatenate_promotes_with_chainerx_rules(dtype1, dtype2, dtype):
    x1 = array_utils.make_numpy((2,), dtype1)
    x2 = array_utils.make_numpy((3,), dtype2)
    out = chx.concatenate([chx.array(x1), chx.array(x2)])
    array_utils.assert_array_equal(out, numpy.concatenate([x1.astype(dtype), x2.astype(dtype)]))


def test_split_returns_views_and_concatenate_copies(device):
    a = chx.arange(6, device=device).reshape(2, 3)
    parts = chx.split(a, 3, 1)
    joined = chx.concatenate(parts, 1)
    assert all(p.data_ptr == a.data_ptr and p.device is device for p in parts)
    assert joined.data_ptr != a.data_ptr and joined.device is device
    a.fill(4)
    array_utils.assert_array_equal(parts[2], numpy.full((2, 1), 4, 'int32'))
    array_utils.assert_array_equal(joined, numpy.arange(6).reshape(2, 3).astype('int32'))


@pytest.mark.parametrize('name,fn,error', _ERRORS, ids=[case[0] for case in _ERRORS])
def test_bad_arguments_raise(name, fn, error):
    with pytest.raises(error):
        fn()


def _chx_fn(fn):
    return lambda *arrays: fn(chx, *arrays)


# Gradient checks reuse the forward table (the integer-argument-only cases are all differentiable).
@pytest.mark.parametrize('name,fn,shapes', _JOIN_CASES, ids=_JOIN_IDS)
def test_backward_and_double_backward_float64(name, fn, shapes):
    array_utils.check_grads(_chx_fn(fn), shapes, 'float64')


@pytest.mark.parametrize('dtype', ['float16', 'float32'])
@pytest.mark.parametrize('name,fn,shapes', _JOIN_CASES[::6], ids=_JOIN_IDS[::6])
def test_backward_and_double_backward_low_precision(name, fn, shapes, dtype):
    array_utils.check_grads(_chx_fn(fn), shapes, dtype)


def test_concatenate_of_mixed_dtypes_casts_gradients_back():
    a = chx.ones((2,), 'float16').require_grad()
    b = chx.ones((1,), 'float64').require_grad()
    out = chx.concatenate([a, b])
    assert out.dtype == numpy.float64
    (out * chx.array([1.0, 2.0, 3.0])).sum().backward()
    array_utils.assert_array_equal(a.grad, numpy.array([1, 2], 'float16'))
    array_utils.assert_array_equal(b.grad, numpy.array([3], 'float64'))


def test_unused_split_outputs_get_zero_gradients():
    a = chx.ones((4,), 'float64').require_grad()
    parts = chx.split(a, [1, 3])
    parts[1].sum().backward()
    array_utils.assert_array_equal(a.grad, numpy.array([0, 1, 1, 0], 'float64'))
