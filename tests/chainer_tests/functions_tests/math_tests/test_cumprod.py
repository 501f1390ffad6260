"""F.cumprod: forward against NumPy, gradients (with zeros too), flattening, errors."""

import numpy

import chainer.functions as F
from chainer import testing

import math_elementwise_check as check
import math_reduction_check as reduction
from mode_utils import to_numpy

VARIANTS = [{}, {'axis': 0}, {'axis': -1}]
ROWS = reduction.variant_rows('cumprod', F.cumprod, numpy.cumprod, VARIANTS, (((3, 4, 2),),),
                              ranges=[(0.5, 1.5)], scale=2.0)
ROWS += [(check.Case('cumprod 0-d', F.cumprod, numpy.cumprod), (((),),)),
         (check.Case('cumprod zero-size', lambda x: F.cumprod(x, axis=1),
                     lambda x: numpy.cumprod(x, axis=1)), (((2, 0),),)),
         (check.Case('cumprod signs', lambda x: F.cumprod(x, axis=0),
                     lambda x: numpy.cumprod(x, axis=0)), (((4, 3),),))]


@check.cases_test(reduction.parameters(ROWS))
class TestCumprod(check.ElementwiseTestCase):
    pass


# Rows without zero, with one zero, with two zeros, and starting with two zeros.
ZEROS = numpy.array([[1.5, -2.0, 0.5, 3.0], [1.5, 0.0, 0.5, 3.0], [2.0, 0.0, -1.5, 0.0],
                     [0.0, 0.0, 2.0, 0.5]])


@testing.parameterize(*testing.product({'axis': [1, None]}))
@testing.inject_backend_tests(None, check.BACKENDS)
class TestCumprodWithZeros(testing.FunctionTestCase):
    """Exact first and second derivatives at zeros (Note [Gradient of a cumulative product ...])."""

    check_backward_options = {'atol': 1e-5, 'rtol': 1e-5}
    check_double_backward_options = {'atol': 1e-5, 'rtol': 1e-5}

    def generate_inputs(self):
        return ZEROS.copy() if self.axis is not None else ZEROS[:2].copy(),

    def forward(self, inputs, device):
        return F.cumprod(inputs[0], axis=self.axis),

    def forward_expected(self, inputs):
        return numpy.cumprod(inputs[0], axis=self.axis),


def test_gradient_at_zeros(mode):
    _, (gx,) = reduction.gradients(mode, lambda x: F.cumprod(x, axis=1), ZEROS[1:3])
    expected = [[1.0, 1.5 * (1 + 0.5 + 1.5), 0.0, 0.0], [1.0, 2.0 * (1 - 1.5), 0.0, 0.0]]
    numpy.testing.assert_allclose(to_numpy(gx.array), expected)


def test_axis_errors(mode):
    reduction.assert_axis_errors(mode, F.cumprod, accepts_tuple=False)
