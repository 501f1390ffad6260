"""dot(a, b) and ndarray.dot(b) (spec A.11, B.2): numpy.dot's N-d semantics with chainerx's dtype
promotion (ints allowed; integers wrap like NumPy's; bool is "or of ands")."""

import itertools

import numpy
import pytest

import chainerx as chx

import array_utils

# (a shape, b shape): 0-d, 1-d, N-d, zero-size and the numpy.dot axis rules.
_SHAPES = [
    ((), ()),
    ((), (2, 3)),
    ((3,), ()),
    ((3,), (3,)),
    ((2, 3), (3,)),
    ((3,), (3, 4)),
    ((2, 3), (3, 4)),
    ((1, 3), (3, 1)),
    ((2, 3, 4), (4,)),
    ((2, 3, 4), (4, 5)),
    ((2, 3), (2, 3, 4)),
    ((2, 3, 4), (5, 4, 2)),
    ((0, 3), (3, 2)),
    ((2, 0), (0, 3)),
    ((2, 3), (3, 0)),
    ((0,), (0,)),
]
_BAD_SHAPES = [((2, 3), (2, 3)), ((3,), (4,)), ((2, 3, 4), (3, 5)), ((4,), (3, 2, 4))]
# Mixed dtypes: the result is chainerx's promotion of the two.
_MIXED = [
    ('int8', 'uint8'), ('int32', 'float16'), ('bool_', 'int16'), ('float32', 'float64'),
    ('uint8', 'bool_'),
]


def _expected(a, b, dtype):
    """numpy.dot computed exactly (int64/float64), cast to dtype (ints wrap, bool is nonzero)."""
    wide = numpy.float64 if numpy.dtype(dtype).kind == 'f' else numpy.int64
    return numpy.asarray(numpy.dot(a.astype(wide), b.astype(wide))).astype(dtype)


def _check(a, b, dtype, device=None):
    a_chx = chx.array(a, device=device)
    b_chx = chx.array(b, device=device)
    out = chx.dot(a_chx, b_chx)
    # float16 sums of a few products of values up to 3 lose more than float16's default tolerance.
    rtol = 1e-2 if numpy.dtype(dtype) == numpy.float16 else None
    array_utils.assert_array_equal(out, _expected(a, b, dtype), rtol=rtol, atol=rtol)
    assert out.device is a_chx.device


@pytest.mark.parametrize('a_shape,b_shape', _SHAPES)
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_dot_matches_numpy(a_shape, b_shape, dtype, device):
    a = array_utils.make_numpy(a_shape, dtype, seed=1)
    b = array_utils.make_numpy(b_shape, dtype, seed=2)
    _check(a, b, dtype, device)


@pytest.mark.parametrize('dtype1,dtype2', _MIXED)
def test_dot_mixed_dtypes_promote(dtype1, dtype2):
    a = array_utils.make_numpy((2, 3), dtype1, seed=1)
    b = array_utils.make_numpy((3, 4), dtype2, seed=2)
    _check(a, b, array_utils.result_dtype(dtype1, dtype2))


# layout -> (a base shape, b base shape, view of a, view of b); a view is taken with the same
# expression on the NumPy and the chainerx base (xp is the module), giving (4, 6) and (6, 5).
_LAYOUTS = {
    'transposed': ((6, 4), (5, 6), lambda m, xp: m.T, lambda m, xp: m.T),
    'strided': ((4, 12), (12, 6), lambda m, xp: m[:, ::2], lambda m, xp: m[::2, 1:]),
    'broadcast': ((1, 6), (6, 1),
                  lambda m, xp: xp.broadcast_to(m, (4, 6)),
                  lambda m, xp: xp.broadcast_to(m, (6, 5))),
    'negative': ((4, 6), (6, 5), lambda m, xp: m[::-1], lambda m, xp: m[:, ::-1]),
}


@pytest.mark.parametrize('dtype', ['int32', 'float32', 'float64'])
@pytest.mark.parametrize('layout', sorted(_LAYOUTS))
def test_dot_non_contiguous_operands(dtype, layout):
    a_shape, b_shape, a_view, b_view = _LAYOUTS[layout]
    a = array_utils.make_numpy(a_shape, dtype, seed=1)
    b = array_utils.make_numpy(b_shape, dtype, seed=2)
    out = chx.dot(a_view(chx.array(a), chx), b_view(chx.array(b), chx))
    array_utils.assert_array_equal(out, _expected(a_view(a, numpy), b_view(b, numpy), dtype))


def test_dot_integer_overflow_wraps_like_numpy():
    a = numpy.full((1, 4), 100, numpy.int8)
    b = numpy.full((4, 1), 3, numpy.int8)
    array_utils.assert_array_equal(chx.dot(chx.array(a), chx.array(b)), numpy.dot(a, b))


def test_ndarray_dot_method():
    a = array_utils.make_numpy((2, 3), 'float32', seed=1)
    b = array_utils.make_numpy((3, 4), 'float32', seed=2)
    array_utils.assert_array_equal(chx.array(a).dot(chx.array(b)), a.dot(b))


@pytest.mark.parametrize('a_shape,b_shape', _BAD_SHAPES)
def test_dot_misaligned_shapes_raise_dimension_error(a_shape, b_shape):
    with pytest.raises(chx.DimensionError):
        chx.dot(chx.ones(a_shape, 'float32'), chx.ones(b_shape, 'float32'))


def test_dot_different_devices_raise_device_error():
    a = chx.ones((2, 3), 'float32', device='native:0')
    b = chx.ones((3, 2), 'float32', device='native:1')
    with pytest.raises(chx.DeviceError):
        chx.dot(a, b)


@pytest.mark.parametrize('a_shape,b_shape', [
    ((), (2,)), ((3,), (3,)), ((2, 3), (3, 4)), ((2, 3, 2), (2,)), ((2, 2), (3, 2, 2)),
    ((0, 2), (2, 3)),
])
def test_dot_gradients(a_shape, b_shape):
    array_utils.check_grads(chx.dot, [a_shape, b_shape], 'float64')


@pytest.mark.parametrize('dtype', ['float16', 'float32'])
def test_dot_gradients_low_precision(dtype):
    a = array_utils.make_grad_input((2, 3), dtype, seed=1)
    b = array_utils.make_grad_input((3, 2), dtype, seed=2)
    gy = array_utils.make_grad_input((2, 2), dtype, seed=3)
    array_utils.check_backward(chx.dot, [a, b], [gy], dtype)


def test_dot_gradient_of_mixed_dtypes_has_input_dtypes():
    a = chx.ones((2, 3), 'float32').require_grad()
    b = chx.ones((3, 2), 'float64').require_grad()
    chx.dot(a, b).sum().backward()
    assert a.grad.dtype == numpy.float32 and b.grad.dtype == numpy.float64
    array_utils.assert_array_equal(a.grad, numpy.full((2, 3), 2, numpy.float32))


def test_dot_all_dtype_pairs_promote():
    for dtype1, dtype2 in itertools.product(array_utils.ALL_DTYPES, repeat=2):
        out = chx.dot(chx.ones((2, 2), dtype1), chx.ones((2,), dtype2))
        assert out.dtype == array_utils.result_dtype(dtype1, dtype2), (dtype1, dtype2)
