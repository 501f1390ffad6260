"""F.cholesky: the factor against NumPy, gradients of symmetric inputs, errors, native path."""

import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check

import math_elementwise_check as check
import math_reduction_check as reduction
from mode_utils import make_array


def _symmetric_cholesky(a):
    # The gradient is that of a symmetric input, so the numerical one perturbs both triangles.
    return F.cholesky((a + a.T) * 0.5)


@check.cases_test(reduction.linalg_parameters(_symmetric_cholesky, None,
                                              numpy.linalg.cholesky))
class TestCholesky(reduction.LinalgTestCase):

    def generate_inputs(self):
        a = reduction.well_conditioned(self.shape, numpy.float64)
        return (a + a.T).astype(self.dtype),


@pytest.mark.parametrize('shape', [(2, 3), (2, 2, 2), (3,)])
def test_shape_errors(mode, shape):
    with pytest.raises(type_check.InvalidType):
        F.cholesky(make_array(mode, numpy.ones(shape)))


def test_not_positive_definite(mode):
    with pytest.raises(numpy.linalg.LinAlgError):
        F.cholesky(make_array(mode, -numpy.eye(2)))


def test_reads_the_lower_triangle(mode):
    a = numpy.array([[4.0, 100.0], [2.0, 2.0]])
    numpy.testing.assert_allclose(
        reduction.gradients(mode, F.cholesky, a)[0].array.tolist(), [[2.0, 0.0], [1.0, 1.0]])


def test_native_on_chainerx():
    check.assert_native(_symmetric_cholesky, [[4.0, 2.0], [2.0, 3.0]])
