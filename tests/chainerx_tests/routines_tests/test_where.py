"""Where: the four array/scalar overloads, broadcasting, chainerx's dtype promotion and gradients (spec A.10)."""

import numpy
import pytest

import chainerx as chx

import array_utils

# (condition shape, x shape, y shape): 0-d, equal shapes, and broadcasting of each operand.
_SHAPES = [
    ((), (), ()),
    ((3,), (3,), (3,)),
    ((2, 3), (3,), (2, 1)),
    ((2, 1), (), (1, 3)),
    ((2, 0, 3), (1, 3), ()),
    ((2, 3, 4), (2, 3, 4), (3, 1)),
]
# (x dtype, y dtype): each dtype with itself, then chainerx-specific promotions.
_DTYPE_PAIRS = [(d, d) for d in array_utils.ALL_DTYPES] + [
    ('int8', 'uint8'), ('int64', 'float16'), ('bool_', 'int32'), ('float32', 'float64'), ('uint8', 'bool_'),
]
_CONDITION_DTYPES = ('bool_', 'float32', 'int8')


def _inputs(shapes, dtypes, contiguous, device):
    arrays = [array_utils.make_numpy(s, d, seed=i, contiguous=contiguous) for i, (s, d) in
              enumerate(zip(shapes, dtypes))]
    return arrays, [chx.array(a, copy=False, device=device) for a in arrays]


@pytest.mark.parametrize('shapes', _SHAPES)
@pytest.mark.parametrize('x_dtype,y_dtype', _DTYPE_PAIRS)
@pytest.mark.parametrize('contiguous', [True, False])
def test_where_arrays_match_numpy(shapes, x_dtype, y_dtype, contiguous, device):
    (c, x, y), (cc, cx, cy) = _inputs(shapes, ('bool_', x_dtype, y_dtype), contiguous, device)
    out = chx.where(cc, cx, cy)
    expected_dtype = array_utils.result_dtype(x_dtype, y_dtype)
    array_utils.assert_array_equal(out, numpy.where(c, x, y).astype(expected_dtype), dtype=expected_dtype)
    assert out.device is device


@pytest.mark.parametrize('condition_dtype', _CONDITION_DTYPES)
def test_where_reads_any_condition_dtype_as_truth_values(condition_dtype):
    (c, x, y), (cc, cx, cy) = _inputs(((2, 3), (2, 3), (2, 3)), (condition_dtype, 'int16', 'int16'), True, None)
    array_utils.assert_array_equal(chx.where(cc, cx, cy), numpy.where(c, x, y))


# (array dtype, scalar): the scalar's kind may promote the result (spec A.4).
_SCALAR_CASES = [('int8', 2), ('int8', 1.5), ('bool_', 3), ('bool_', True), ('float16', -1), ('uint8', numpy.int64(7)),
                 ('float64', 0.25)]


@pytest.mark.parametrize('dtype,scalar', _SCALAR_CASES)
@pytest.mark.parametrize('scalar_first', [False, True])
def test_where_with_one_scalar_matches_numpy(dtype, scalar, scalar_first):
    (c, a), (cc, ca) = _inputs(((2, 3), (3,)), ('bool_', dtype), True, None)
    expected_dtype = array_utils.scalar_result_dtype(dtype, scalar)
    if scalar_first:
        out, expected = chx.where(cc, scalar, ca), numpy.where(c, scalar, a)
    else:
        out, expected = chx.where(cc, ca, scalar), numpy.where(c, a, scalar)
    array_utils.assert_array_equal(out, expected.astype(expected_dtype), dtype=expected_dtype)


@pytest.mark.parametrize('shapes', [((2, 3), (2, 3)), ((2, 1), (1, 3)), ((), (2, 3)), ((2, 3), ()), ((2, 0), (0,))])
@pytest.mark.parametrize('scalar_first', [False, True])
@pytest.mark.parametrize('contiguous', [True, False])
def test_where_with_one_scalar_broadcasts_and_reads_strided_operands(shapes, scalar_first, contiguous, device):
    # One kernel (WhereScalarKernel) takes the scalar: the condition and the array broadcast to the output.
    (c, a), (cc, ca) = _inputs(shapes, ('bool_', 'float32'), contiguous, device)
    if scalar_first:
        out, expected = chx.where(cc, -2.5, ca), numpy.where(c, -2.5, a)
    else:
        out, expected = chx.where(cc, ca, -2.5), numpy.where(c, a, -2.5)
    array_utils.assert_array_equal(out, expected.astype('float32'), dtype='float32')
    assert out.device is device


@pytest.mark.parametrize('x,y,dtype', [
    (1, 2, 'int32'), (1.5, 2, 'float32'), (True, False, 'bool_'), (True, 2, 'int32'),
])
def test_where_with_two_scalars_uses_the_default_dtype_of_the_higher_kind(x, y, dtype):
    c = numpy.array([True, False, True])
    out = chx.where(chx.array(c, device='native:1'), x, y)
    array_utils.assert_array_equal(out, numpy.where(c, x, y).astype(dtype), dtype=dtype)
    assert out.device.name == 'native:1'


@pytest.mark.parametrize('shape', [(), (0,), (5,), (2, 3)])
@pytest.mark.parametrize('condition_dtype', ['bool_', 'int8', 'float32'])
@pytest.mark.parametrize('contiguous', [True, False])
def test_where_with_two_scalars_reads_any_condition(shape, condition_dtype, contiguous, device):
    # One kernel (WhereScalarsKernel) takes both scalars; the condition may be strided and of any dtype.
    (c,), (cc,) = _inputs((shape,), (condition_dtype,), contiguous, device)
    out = chx.where(cc, -1.5, 4)
    array_utils.assert_array_equal(out, numpy.where(c, -1.5, 4).astype('float32'), dtype='float32')
    assert out.device is device and not out.is_backprop_required()


def test_where_rejects_bad_input():
    with pytest.raises(chx.DimensionError):
        chx.where(chx.zeros((2,), 'bool'), chx.zeros((3,)), chx.zeros((3,)))
    with pytest.raises(chx.DeviceError):
        chx.where(chx.zeros((2,), 'bool'), chx.zeros((2,), device=array_utils.other_device()), 0)
    with pytest.raises(TypeError):
        chx.where(True, chx.zeros((2,)), 0)


@pytest.mark.parametrize('shapes', [((2, 3), (2, 3), (2, 3)), ((2, 3), (3,), (2, 1)), ((), (2,), ())])
def test_where_gradients(shapes):
    c = chx.array(array_utils.make_numpy(shapes[0], 'bool_', seed=5))
    array_utils.check_grads(lambda x, y: chx.where(c, x, y), shapes[1:], 'float64')


def test_where_gradients_with_scalars_and_mixed_dtypes():
    c = chx.array(numpy.array([[True, False, True], [False, False, True]]))
    array_utils.check_grads(lambda x: chx.where(c, x, 0.5), [(3,)], 'float64')
    array_utils.check_grads(lambda y: chx.where(c, -1, y), [(2, 3)], 'float64')
    array_utils.check_grads(lambda x: chx.where(c[:, :1], x, 2), [(1, 3)], 'float64')  # both broadcast
    x = chx.ones((2, 3), 'float16').require_grad()
    y = chx.ones((3,), 'float32').require_grad()
    (chx.where(c, x, y) * 2).sum().backward()
    array_utils.assert_array_equal(x.grad, numpy.where(c, 2, 0).astype('float16'))
    array_utils.assert_array_equal(y.grad, numpy.array([2, 4, 0], 'float32'))
