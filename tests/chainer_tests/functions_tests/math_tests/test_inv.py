"""F.inv and F.batch_inv: inverses against NumPy, gradients, singular and shape errors."""

import numpy
import pytest

import chainer
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


def test_batch_inv_on_chainerx_falls_back():
    import chainerx
    x = chainer.Variable(chainerx.array(reduction.well_conditioned((2, 2, 2), numpy.float64)))
    before = chainer.function_node.fallback_count
    y = F.batch_inv(x)
    assert chainer.function_node.fallback_count == before + 1
    numpy.testing.assert_allclose(chainerx.to_numpy(F.matmul(y, x).array), [numpy.eye(2)] * 2,
                                  atol=1e-12)
