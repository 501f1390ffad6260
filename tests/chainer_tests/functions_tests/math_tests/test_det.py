"""F.det and F.batch_det: determinants against NumPy, gradients, shape errors."""

import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check

import math_elementwise_check as check
import math_reduction_check as reduction
from mode_utils import make_array


@check.cases_test(reduction.linalg_parameters(F.det, F.batch_det, numpy.linalg.det))
class TestDet(reduction.LinalgTestCase):

    def generate_inputs(self):
        # Not dominated by the diagonal, so that the gradient (det * inv^T) is far from trivial.
        n = self.shape[-1]
        return (numpy.random.uniform(-1, 1, self.shape) + 0.5 * numpy.eye(n)).astype(self.dtype),

    def before_test(self, test_name):
        if self.dtype == numpy.float16 and test_name == 'test_double_backward':
            self.check_double_backward_options = {'atol': 2e-1, 'rtol': 2e-1}


@pytest.mark.parametrize('function,shape', [
    (F.det, (2, 3)), (F.det, (2, 2, 2)), (F.batch_det, (2, 2)), (F.batch_det, (2, 2, 3)),
])
def test_shape_errors(mode, function, shape):
    with pytest.raises(type_check.InvalidType):
        function(make_array(mode, numpy.ones(shape)))


def test_singular_matrix_has_zero_determinant(mode):
    assert float(F.det(make_array(mode, numpy.ones((2, 2)))).array) == 0.0
