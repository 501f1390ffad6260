"""F.inv and F.batch_inv: inverses against NumPy, gradients, singular and shape errors."""

import numpy
import pytest

import chainer
import chainerx
import chainer.functions as F
from chainer.utils import type_check

import math_elementwise_check as check
import math_reduction_check as reduction
from mode_utils import make_array


@check.cases_test(reduction.linalg_parameters(F.inv, F.batch_inv, numpy.linalg.inv))
class TestInv(reduction.LinalgTestCase):
    pass


@pytest.mark.parametrize('function,shape', [
    (F.inv, (2, 3)), (F.inv, (2, 2, 2)), (F.inv, (3,)), (F.batch_inv, (2, 2)),
    (F.batch_inv, (2, 2, 3)),
])
def test_shape_errors(mode, function, shape):
    with pytest.raises(type_check.InvalidType):
        function(make_array(mode, numpy.ones(shape)))


@pytest.mark.parametrize('function,shape', [(F.inv, (2, 2)), (F.batch_inv, (1, 2, 2))])
def test_singular_matrix(mode, function, shape):
    with pytest.raises(numpy.linalg.LinAlgError):
        function(make_array(mode, numpy.ones(shape)))


def test_inv_is_native_on_chainerx():
    check.assert_native(F.inv, [[2.0, 1.0], [0.5, 3.0]])


def test_batch_inv_is_native_on_chainerx():
    a = reduction.well_conditioned((3, 2, 2), numpy.float64)
    y, (gx,) = check.assert_native(F.batch_inv, a)
    numpy.testing.assert_allclose(chainerx.to_numpy(y.array), numpy.linalg.inv(a), rtol=1e-12)
    inv_t = numpy.linalg.inv(a).transpose(0, 2, 1)
    numpy.testing.assert_allclose(chainerx.to_numpy(gx.array), -inv_t @ numpy.ones((3, 2, 2)) @ inv_t, rtol=1e-12)


@pytest.mark.parametrize('function,shape', [(F.inv, (0, 0)), (F.batch_inv, (0, 2, 2)), (F.batch_inv, (2, 0, 0))])
def test_zero_size_on_chainerx(function, shape):
    y, _ = check.assert_native(function, numpy.zeros(shape))
    assert y.shape == shape


def test_singular_matrix_in_a_batch_on_chainerx():
    a = numpy.stack([numpy.eye(2), numpy.ones((2, 2))])
    with pytest.raises(numpy.linalg.LinAlgError):
        F.batch_inv(chainer.Variable(chainerx.array(a)))


@pytest.mark.parametrize('function,shape', [(F.inv, (3, 3)), (F.batch_inv, (2, 3, 3)), (F.det, (3, 3)),
                                            (F.batch_det, (2, 3, 3)), (F.cholesky, (3, 3))])
def test_float16_is_native_on_chainerx_through_float32(function, shape):
    a = reduction.well_conditioned(shape, numpy.float64)
    a = (a @ a.swapaxes(-1, -2)).astype(numpy.float16)  # symmetric positive definite, for cholesky
    before = chainer.function_node.fallback_count
    x = chainer.Variable(chainerx.array(a))
    y = function(x)
    gx, = chainer.grad([F.sum(y)], [x], enable_double_backprop=True)
    chainer.grad([F.sum(gx * gx)], [x])
    assert chainer.function_node.fallback_count == before
    assert y.dtype == numpy.float16 and gx.dtype == numpy.float16
    x_numpy = chainer.Variable(a.copy())
    y_numpy = function(x_numpy)
    gx_numpy, = chainer.grad([F.sum(y_numpy)], [x_numpy])
    numpy.testing.assert_allclose(chainerx.to_numpy(y.array).astype(numpy.float64), y_numpy.array, rtol=1e-2, atol=1e-2)
    numpy.testing.assert_allclose(chainerx.to_numpy(gx.array).astype(numpy.float64), gx_numpy.array, rtol=2e-2,
                                  atol=2e-2)
