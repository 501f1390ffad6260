"""F.det and F.batch_det: determinants against NumPy, gradients, shape errors."""

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx
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


@pytest.mark.parametrize('function,shape', [(F.det, (3, 3)), (F.batch_det, (2, 3, 3))])
def test_native_on_chainerx(function, shape):
    a = numpy.random.RandomState(2).uniform(-1, 1, shape) + 0.5 * numpy.eye(shape[-1])
    y, (gx,) = check.assert_native(function, a)
    numpy.testing.assert_allclose(chainerx.to_numpy(y.array), numpy.linalg.det(a), rtol=1e-12)
    det = numpy.linalg.det(a)[..., None, None]
    numpy.testing.assert_allclose(chainerx.to_numpy(gx.array), det * numpy.linalg.inv(a).swapaxes(-1, -2),
                                  rtol=1e-10)


@pytest.mark.parametrize('function,shape', [(F.det, (0, 0)), (F.batch_det, (0, 2, 2)), (F.batch_det, (2, 0, 0))])
def test_zero_size_on_chainerx(function, shape):
    y, _ = check.assert_native(function, numpy.zeros(shape))
    numpy.testing.assert_array_equal(chainerx.to_numpy(y.array), numpy.linalg.det(numpy.zeros(shape)))


@pytest.mark.parametrize('value', [numpy.nan, numpy.inf])
def test_non_finite_matrix_on_chainerx_gives_numpy_s_value(value):
    # chainerx refuses non-finite entries, so NumPy computes these (whatever LAPACK makes of them).
    a = numpy.array([[value, 1.0], [1.0, 1.0]])
    y = F.det(chainer.Variable(chainerx.array(a)))
    with numpy.errstate(invalid='ignore'):
        numpy.testing.assert_array_equal(chainerx.to_numpy(y.array), numpy.linalg.det(a))
