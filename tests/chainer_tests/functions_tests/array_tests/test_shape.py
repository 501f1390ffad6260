"""Shape and axis functions: reshape, flatten, transpose, squeeze, expand_dims, swapaxes, moveaxis,
rollaxis, flip, fliplr, flipud, broadcast_to, broadcast, and the Variable methods that call them."""

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx
from chainer.utils import type_check

import array_check as check
from mode_utils import to_numpy

CASES = [
    check.Case('reshape', lambda x: F.reshape(x, (3, 2)), lambda x: x.reshape(3, 2)),
    check.Case('reshape_unknown', lambda x: F.reshape(x, (-1, 1, 2)),
               lambda x: x.reshape(-1, 1, 2)),
    check.Case('reshape_0d', lambda x: F.reshape(x, (1, 1)), lambda x: x.reshape(1, 1), [()]),
    check.Case('reshape_to_0d', lambda x: F.reshape(x, ()), lambda x: x.reshape(()), [(1,)]),
    check.Case('reshape_empty', lambda x: F.reshape(x, (3, 0)), lambda x: x.reshape(3, 0),
               [(0, 3)]),
    check.Case('flatten', F.flatten, lambda x: x.ravel(), [(2, 3, 2)]),
    check.Case('transpose', F.transpose, lambda x: x.T, [(2, 3, 4)]),
    check.Case('transpose_axes', lambda x: F.transpose(x, (1, -1, 0)),
               lambda x: x.transpose(1, 2, 0), [(2, 3, 4)]),
    check.Case('transpose_0d', F.transpose, lambda x: x, [()]),
    check.Case('variable_T', lambda x: x.T, lambda x: x.T),
    check.Case('variable_transpose', lambda x: x.transpose(1, 0), lambda x: x.T),
    check.Case('variable_reshape', lambda x: x.reshape(6), lambda x: x.reshape(6)),
    check.Case('squeeze', F.squeeze, numpy.squeeze, [(1, 3, 1)]),
    check.Case('squeeze_axis', lambda x: F.squeeze(x, -1), lambda x: x.squeeze(-1), [(1, 3, 1)]),
    check.Case('squeeze_axes', lambda x: F.squeeze(x, (0, 2)), lambda x: x.squeeze((0, 2)),
               [(1, 0, 1)]),
    check.Case('expand_dims', lambda x: F.expand_dims(x, 1), lambda x: x[:, None]),
    check.Case('expand_dims_last', lambda x: F.expand_dims(x, -1), lambda x: x[..., None]),
    check.Case('expand_dims_0d', lambda x: F.expand_dims(x, 0), lambda x: x[None], [()]),
    check.Case('swapaxes', lambda x: F.swapaxes(x, 0, -1), lambda x: x.swapaxes(0, 2),
               [(2, 3, 4)]),
    check.Case('moveaxis', lambda x: F.moveaxis(x, 0, -1), lambda x: numpy.moveaxis(x, 0, -1),
               [(2, 3, 4)]),
    check.Case('moveaxis_many', lambda x: F.moveaxis(x, [0, 1], [2, 0]),
               lambda x: numpy.moveaxis(x, [0, 1], [2, 0]), [(2, 3, 4)]),
    check.Case('rollaxis', lambda x: F.rollaxis(x, 2), lambda x: numpy.rollaxis(x, 2),
               [(2, 3, 4)]),
    check.Case('rollaxis_start', lambda x: F.rollaxis(x, 0, 3),
               lambda x: numpy.rollaxis(x, 0, 3), [(2, 3, 4)]),
    check.Case('rollaxis_negative', lambda x: F.rollaxis(x, -1, -2),
               lambda x: numpy.rollaxis(x, -1, -2), [(2, 3, 4)]),
    check.Case('flip', lambda x: F.flip(x, 1), lambda x: x[:, ::-1]),
    check.Case('flip_negative', lambda x: F.flip(x, -2), lambda x: x[::-1], [(2, 3)]),
    check.Case('flip_axes', lambda x: F.flip(x, (0, 1)), lambda x: x[::-1, ::-1]),
    check.Case('fliplr', F.fliplr, numpy.fliplr, [(2, 3, 2)]),
    check.Case('flipud', F.flipud, numpy.flipud, [(3,)]),
    check.Case('broadcast_to', lambda x: F.broadcast_to(x, (2, 2, 3)),
               lambda x: numpy.broadcast_to(x, (2, 2, 3)), [(2, 1)]),
    check.Case('broadcast', F.broadcast, lambda *xs: tuple(numpy.broadcast_arrays(*xs)),
               [(2, 1), (3,)]),
]


@check.cases_test(CASES)
class TestShape(check.ArrayTestCase):
    pass


def test_reshape_to_the_same_shape_returns_the_input(mode):
    x = check.variable(mode, [[1.0, 2.0]])
    assert F.reshape(x, (1, 2)) is x
    assert isinstance(F.reshape(to_numpy(x.array), [1, 2]), chainer.Variable)


def test_reshape_accepts_an_int(mode):
    assert F.reshape(check.variable(mode, [[1.0, 2.0]]), 2).shape == (2,)


@pytest.mark.parametrize('shape, error', [
    ((4,), type_check.InvalidType),
    ((-1, 4), type_check.InvalidType),
    ((-1, -1), ValueError),
])
def test_reshape_errors(mode, shape, error):
    check.assert_error(error, F.reshape, check.variable(mode, numpy.zeros((2, 3))), shape)


def test_reshape_numpy_output_is_a_view():
    x = numpy.zeros((2, 3))
    assert numpy.shares_memory(F.reshape(x, (6,)).array, x)


@pytest.mark.parametrize('function, error', [
    (lambda x: F.transpose(x, (0,)), type_check.InvalidType),
    (lambda x: F.transpose(x, (0, 0)), ValueError),
    (lambda x: F.squeeze(x, 0), ValueError),
    (lambda x: F.squeeze(x, 2), type_check.InvalidType),
    (lambda x: F.squeeze(x, -3), type_check.InvalidType),
    (lambda x: F.squeeze(x, [1]), TypeError),
    (lambda x: F.squeeze(x, 1.0), TypeError),
    (lambda x: F.expand_dims(x, 3), type_check.InvalidType),
    (lambda x: F.expand_dims(x, -4), type_check.InvalidType),
    (lambda x: F.expand_dims(x, (0,)), TypeError),
    (lambda x: F.swapaxes(x, 0, 2), ValueError),
    (lambda x: F.moveaxis(x, 2, 0), type_check.InvalidType),
    (lambda x: F.moveaxis(x, [0, 0], [0, 1]), ValueError),
    (lambda x: F.moveaxis(x, [0], [0, 1]), ValueError),
    (lambda x: F.moveaxis(x, 0.5, 1), TypeError),
    (lambda x: F.rollaxis(x, 2), type_check.InvalidType),
    (lambda x: F.rollaxis(x, 0, 4), type_check.InvalidType),
    (lambda x: F.rollaxis(x, 0, 1.0), TypeError),
    (lambda x: F.flip(x, 2), type_check.InvalidType),
    (lambda x: F.flip(x, -3), type_check.InvalidType),
    (lambda x: F.flip(x, 1.0), TypeError),
    (lambda x: F.fliplr(x[0]), type_check.InvalidType),
    (lambda x: F.flipud(x[0, 0]), type_check.InvalidType),
])
def test_axis_errors(mode, function, error):
    check.assert_error(error, function, check.variable(mode, numpy.zeros((2, 1))))


def test_transpose_inverse_axes_with_negative_entries(mode):
    x = check.variable(mode, numpy.arange(24.0).reshape(2, 3, 4))
    y = F.transpose(x, (-1, 0, -2))
    y.grad = y.xp.ones_like(y.array) if mode == 'numpy' else chainerx.ones_like(y.array)
    y.backward()
    assert y.shape == (4, 2, 3) and x.grad.shape == (2, 3, 4)


def test_flip_all_axes_with_none(mode):
    x = numpy.arange(6.0).reshape(2, 3)
    numpy.testing.assert_array_equal(
        to_numpy(F.flip(check.variable(mode, x), None).array), x[::-1, ::-1])


def test_integer_inputs_keep_their_dtype(mode):
    x = check.variable(mode, [[1, 2], [3, 4]], numpy.int32)
    for y in (F.reshape(x, (4,)), F.transpose(x), F.flip(x, 0), F.swapaxes(x, 0, 1),
              F.expand_dims(x, 0), F.moveaxis(x, 0, 1), F.rollaxis(x, 1)):
        assert y.dtype == numpy.int32 and not y.requires_grad


def test_raw_chainerx_arrays_are_accepted():
    y = F.transpose(chainerx.arange(6.0).reshape(2, 3))
    assert isinstance(y.array, chainerx.ndarray) and y.shape == (3, 2)
