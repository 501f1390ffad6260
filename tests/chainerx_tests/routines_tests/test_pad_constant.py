"""chainerx._core._pad_constant(x, pad_width, constant_value): NumPy's pad in mode 'constant' with one value (what
F.pad runs on chainerx), compared with numpy.pad."""

import numpy
import pytest

import chainerx as chx

import array_utils

_pad_constant = chx._core._pad_constant

# (shape, pad_width): one and several padded axes, unpadded axes, 0-d, zero-size axes padded and not.
_CASES = [
    ((3,), [(1, 2)]),
    ((2, 3), [(0, 0), (2, 1)]),
    ((2, 3, 4), [(1, 1), (0, 2), (3, 0)]),
    ((2, 1, 3, 3), [(0, 0), (0, 0), (1, 1), (1, 1)]),
    ((), []),
    ((0, 3), [(1, 1), (2, 0)]),
    ((2, 0), [(0, 0), (0, 0)]),
]


@pytest.mark.parametrize('shape,pad_width', _CASES)
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
@pytest.mark.parametrize('contiguous', [True, False])
def test_pad_constant_matches_numpy(shape, pad_width, dtype, contiguous, device):
    x = array_utils.make_numpy(shape, dtype, seed=1, contiguous=contiguous)
    value = True if dtype == 'bool_' else 3
    out = _pad_constant(chx.array(x, device=device) if contiguous else _strided(x, device), pad_width, value)
    assert out.device is device
    if shape:
        expected = numpy.pad(x, pad_width, 'constant', constant_values=value)
    else:  # numpy.pad takes no widths for a 0-d array; nothing is padded
        expected = x
    array_utils.assert_array_equal(out, expected, dtype=expected.dtype)


def _strided(x, device):
    # The same values, read through a non-contiguous chainerx view.
    wide = numpy.zeros(x.shape + (2,), x.dtype)
    wide[..., 0] = x
    return chx.array(wide, device=device)[..., 0]


def test_a_float_value_is_cast_to_the_array_dtype():
    out = _pad_constant(chx.array([1, 2], 'int32'), [(1, 1)], 2.7)
    array_utils.assert_array_equal(out, numpy.array([2, 1, 2, 2], 'int32'))
    out = _pad_constant(chx.array([1.5], 'float16'), [(1, 0)], float('nan'))
    assert numpy.isnan(chx.to_numpy(out)[0]) and out.dtype == numpy.float16


@pytest.mark.parametrize('shape,pad_width', [((2, 3), [(1, 2), (0, 1)]), ((3,), [(2, 2)]), ((), [])])
def test_pad_constant_gradients(shape, pad_width):
    array_utils.check_grads(lambda x: _pad_constant(x, pad_width, -1.5), [shape], 'float64')


def test_the_gradient_is_the_middle_of_the_output_gradient():
    x = chx.ones((2, 2), 'float32').require_grad()
    gy = numpy.arange(20, dtype='float32').reshape(4, 5)
    gx, = chx.grad([_pad_constant(x, [(1, 1), (2, 1)], 0)], [x], grad_outputs=[chx.array(gy)])
    array_utils.assert_array_equal(gx, gy[1:3, 2:4])


@pytest.mark.parametrize('pad_width,error', [
    ([(1, 1)], chx.DimensionError),  # one pair for two axes
    ([(1, 1), (1, 1), (1, 1)], chx.DimensionError),
    ([(1, -1), (0, 0)], chx.DimensionError),
    ([(2**62, 2**62), (0, 0)], chx.DimensionError),
    ([(1, 2, 3), (0, 0)], chx.DimensionError),
    ([(1,), (0, 0)], chx.DimensionError),
    ([(1.0, 1), (0, 0)], TypeError),
    ([1, 1], TypeError),
    (3, TypeError),
    ('ab', TypeError),
    (None, TypeError),
])
def test_bad_pad_widths_raise(pad_width, error):
    with pytest.raises(error):
        _pad_constant(chx.ones((2, 3)), pad_width, 0)


def test_numpy_integer_widths_are_accepted():
    # The rows of a NumPy array are new objects at each step of the iteration.
    for _ in range(100):
        out = _pad_constant(chx.ones((2,), 'float32'), numpy.array([[1, 2]]), numpy.float32(5))
        array_utils.assert_array_equal(out, numpy.array([5, 1, 1, 5, 5], 'float32'))
    out = _pad_constant(chx.ones((2, 1), 'float32'), numpy.array([[1, 0], [numpy.int8(0), 2]]), 0)
    assert out.shape == (3, 3)


def test_a_non_scalar_value_raises_type_error():
    with pytest.raises(TypeError):
        _pad_constant(chx.ones((2,)), [(1, 1)], chx.ones((2,)))
