"""Manipulation: reshape, transpose, broadcast_to, and their gradients (spec A.3)."""

import numpy
import pytest

import chainerx as chx

import array_utils

# (input shape, new shape)
_RESHAPES = [
    ((), ()),
    ((), (1, 1)),
    ((1,), ()),
    ((6,), (2, 3)),
    ((2, 3), (3, 2)),
    ((2, 3), (-1,)),
    ((2, 3, 4), (4, -1)),
    ((2, 3, 4), [6, 4]),
    ((0,), (0, 3)),
    ((2, 0, 3), (-1, 3)),
    ((0, 3), (3, 0)),
]
_BAD_RESHAPES = [
    ((2, 3), (4,)),
    ((2, 3), (-1, -1)),
    ((2, 3), (-2, -3)),
    ((2, 3), (-1, 4)),
    ((2, 3), (7, -1)),
]
# (input shape, axes); None reverses the axes.
_TRANSPOSES = [
    ((), None),
    ((3,), None),
    ((2, 3), None),
    ((2, 3), (1, 0)),
    ((2, 3, 4), None),
    ((2, 3, 4), (1, 0, 2)),
    ((2, 3, 4), (2, 0, 1)),
    ((2, 3, 4), [-1, 0, 1]),
    ((2, 0, 3), (2, 1, 0)),
    ((3,), 0),
]
_BAD_TRANSPOSES = [
    ((2, 3, 4), (0, 1)),
    ((2, 3, 4), (0, 0, 1)),
    ((2, 3, 4), (0, 1, 3)),
    ((2, 3), (0, -3)),
]
# (input shape, target shape)
_BROADCASTS = [
    ((), ()),
    ((), (2, 3)),
    ((3,), (2, 3)),
    ((1, 3), (4, 3)),
    ((2, 1, 3), (2, 4, 3)),
    ((1,), (0,)),
    ((1, 3), (0, 3)),
    ((2, 3), (5, 2, 3)),
    ((2, 3), (2, 3)),
]
_BAD_BROADCASTS = [((3,), (3, 2)), ((2, 3, 4), (3, 4)), ((1, 3), (3,)), ((2,), (0,))]


@pytest.mark.parametrize('shape,new_shape', _RESHAPES)
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_reshape_matches_numpy(shape, new_shape, dtype, device):
    x = array_utils.make_numpy(shape, dtype)
    a = chx.array(x, device=device)
    expected = x.reshape(new_shape)
    outputs = [chx.reshape(a, new_shape), a.reshape(new_shape)]
    if isinstance(new_shape, tuple) and len(new_shape) > 1:
        outputs += [chx.reshape(a, *new_shape), a.reshape(*new_shape)]
    for out in outputs:
        assert out.device is device
        array_utils.assert_array_equal(out, expected)


def test_reshape_of_zero_size_numpy_input_with_zero_strides():
    x = numpy.zeros((2, 0, 3))
    array_utils.assert_array_equal(chx.array(x, copy=False).reshape(0, 3), x.reshape(0, 3))


def test_reshape_of_a_contiguous_array_is_a_view():
    a = chx.arange(6)
    b = a.reshape(2, 3)
    assert b.data_ptr == a.data_ptr and b.is_contiguous
    a.fill(5)
    array_utils.assert_array_equal(b, numpy.full((2, 3), 5, 'int32'))


@pytest.mark.parametrize('shape,new_shape', [((3, 4), (12,)), ((2, 3, 4), (4, 6))])
def test_reshape_of_a_non_contiguous_array_matches_numpy(shape, new_shape):
    x = array_utils.make_numpy(shape, 'float32', contiguous=False)
    array_utils.assert_array_equal(
        chx.array(x, copy=False).reshape(new_shape), x.reshape(new_shape)
    )
    array_utils.assert_array_equal(chx.array(x).T.reshape(new_shape), x.T.reshape(new_shape))


@pytest.mark.parametrize('shape,new_shape', _BAD_RESHAPES)
def test_reshape_to_an_incompatible_shape_raises_dimension_error(shape, new_shape):
    with pytest.raises(chx.DimensionError):
        chx.reshape(chx.zeros(shape), new_shape)
    with pytest.raises(chx.DimensionError):
        chx.zeros(shape).reshape(new_shape)


def test_reshape_without_a_shape_raises():
    with pytest.raises(chx.ChainerxError):
        chx.reshape(chx.zeros(3))
    with pytest.raises(chx.ChainerxError):
        chx.zeros(3).reshape()


@pytest.mark.parametrize('shape,axes', _TRANSPOSES)
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_transpose_matches_numpy_as_a_view(shape, axes, dtype, device):
    x = array_utils.make_numpy(shape, dtype)
    a = chx.array(x, device=device)
    expected = numpy.transpose(x, axes)
    outputs = [chx.transpose(a, axes), chx.transpose(a, axes=axes)]
    outputs += [a.transpose()] if axes is None else [a.transpose(axes)]
    if isinstance(axes, tuple):
        outputs.append(a.transpose(*axes))
    for out in outputs:
        assert out.device is device
        assert out.data_ptr == a.data_ptr
        array_utils.assert_array_equal(out, expected)
        assert out.strides == expected.strides


@pytest.mark.parametrize('shape,axes', _BAD_TRANSPOSES)
def test_transpose_with_bad_axes_raises_dimension_error(shape, axes):
    with pytest.raises(chx.DimensionError):
        chx.transpose(chx.zeros(shape), axes)
    with pytest.raises(chx.DimensionError):
        chx.zeros(shape).transpose(*axes)


@pytest.mark.parametrize('axes', [(1.0, 0), ('a', 'b')])
def test_transpose_with_non_integer_axes_raises_type_error(axes):
    with pytest.raises(TypeError):
        chx.transpose(chx.zeros((2, 3)), axes)


@pytest.mark.parametrize('shape,target', _BROADCASTS)
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_broadcast_to_matches_numpy_as_a_view(shape, target, dtype, device):
    x = array_utils.make_numpy(shape, dtype)
    a = chx.array(x, device=device)
    out = chx.broadcast_to(a, target)
    assert out.device is device
    array_utils.assert_array_equal(out, numpy.broadcast_to(x, target))
    if out.size:
        assert out.data_ptr == a.data_ptr


def test_broadcast_to_accepts_an_int_shape():
    array_utils.assert_array_equal(chx.broadcast_to(chx.array([7]), 3), numpy.full(3, 7))


@pytest.mark.parametrize('shape,target', _BAD_BROADCASTS)
def test_broadcast_to_an_incompatible_shape_raises_dimension_error(shape, target):
    with pytest.raises(chx.DimensionError):
        chx.broadcast_to(chx.zeros(shape), target)


# Gradient checks: (name, function of one array, input shape)
_GRAD_CASES = [
    ('reshape', lambda a: chx.reshape(a, (3, 2)), (2, 3)),
    ('reshape_0d', lambda a: a.reshape(1, 1), ()),
    ('reshape_zero_size', lambda a: a.reshape(-1), (2, 0)),
    ('reshape_non_contiguous', lambda a: a.T.reshape(6), (2, 3)),
    ('transpose', lambda a: chx.transpose(a, (2, 0, 1)), (2, 3, 4)),
    ('T', lambda a: a.T, (2, 3)),
    ('broadcast_to', lambda a: chx.broadcast_to(a, (2, 4, 3)), (4, 1)),
    ('broadcast_to_0d', lambda a: chx.broadcast_to(a, (2, 3)), ()),
    ('broadcast_to_zero_size', lambda a: chx.broadcast_to(a, (0, 3)), (1, 3)),
]


@pytest.mark.parametrize('name,fn,shape', _GRAD_CASES, ids=[case[0] for case in _GRAD_CASES])
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_backward_and_double_backward_match_numerical_gradients(name, fn, shape, dtype):
    array_utils.check_grads(fn, [shape], dtype)


def test_views_share_the_graph_of_their_base():
    x = chx.ones((2, 3)).require_grad()
    views = [x.view(), x.T, x.reshape(6), chx.broadcast_to(x, (4, 2, 3))]
    for view in views:
        assert view.is_backprop_required()
    chx.backward([v.sum() for v in views])
    array_utils.assert_array_equal(x.grad, numpy.full((2, 3), 7, 'float32'))
