"""F.prod: forward, gradients (with zeros too), errors, fallback on chainerx."""

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx
from chainer import testing

import math_elementwise_check as check
import math_reduction_check as reduction
from mode_utils import make_array, to_numpy

VARIANTS = [{}, {'axis': 1}, {'axis': -1, 'keepdims': True}, {'axis': (0, 2)}]
ROWS = reduction.variant_rows('prod', F.prod, numpy.prod, VARIANTS, (((3, 4, 2),),),
                              ranges=[(0.5, 1.5)], scale=2.0)
ROWS += [(check.Case('prod 0-d', F.prod, numpy.prod), (((),),)),
         (check.Case('prod zero-size', lambda x: F.prod(x, axis=1),
                     lambda x: x.prod(axis=1)), (((2, 0),),)),
         (check.Case('prod signs', lambda x: F.prod(x, axis=0), lambda x: x.prod(axis=0)),
          (((3, 5),),))]


@check.cases_test(reduction.parameters(ROWS))
class TestProd(check.ElementwiseTestCase):
    pass


# Rows with no zero, one zero, two zeros and three zeros: the reductions over axis 1.
ZEROS = numpy.array([[1.5, -2.0, 0.5, 3.0], [1.5, 0.0, 0.5, 3.0], [0.0, -2.0, 0.0, 3.0],
                     [0.0, 0.0, 2.0, 0.0]])


@testing.parameterize(*testing.product({'axis': [1, (0, 1)]}))
@testing.inject_backend_tests(None, check.BACKENDS)
class TestProdWithZeros(testing.FunctionTestCase):
    """Exact first and second derivatives at zeros (Note [Gradient of a product with zeros])."""

    check_backward_options = {'atol': 1e-5, 'rtol': 1e-5}
    check_double_backward_options = {'atol': 1e-5, 'rtol': 1e-5}

    def generate_inputs(self):
        return (ZEROS if self.axis == 1 else ZEROS[1:3, 1:]).copy(),

    def forward(self, inputs, device):
        return F.prod(inputs[0], axis=self.axis),

    def forward_expected(self, inputs):
        return numpy.asarray(inputs[0].prod(axis=self.axis)),


def test_gradient_at_zeros(mode):
    _, (gx,) = reduction.gradients(mode, lambda x: F.prod(x, axis=1), ZEROS)
    expected = [[-3.0, 2.25, -9.0, -1.5], [0.0, 2.25, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0],
                [0.0, 0.0, 0.0, 0.0]]
    numpy.testing.assert_allclose(to_numpy(gx.array), expected)


def test_axis_errors(mode):
    reduction.assert_axis_errors(mode, F.prod)


@pytest.mark.parametrize('function', [lambda x: F.prod(x, axis=1), lambda x: F.cumprod(x, axis=1)])
def test_native_on_chainerx_with_zeros(function):
    before = chainer.function_node.fallback_count
    y, (gx,) = reduction.gradients('chainerx', function, ZEROS)
    _, (expected,) = reduction.gradients('numpy', function, ZEROS)
    x = chainer.Variable(chainerx.array(ZEROS))
    gx, = chainer.grad([F.sum(function(x))], [x], enable_double_backprop=True)
    ggx, = chainer.grad([F.sum(gx * gx)], [x])
    assert chainer.function_node.fallback_count == before
    numpy.testing.assert_allclose(to_numpy(gx.array), expected.array)
    x_numpy = chainer.Variable(ZEROS.copy())
    gx_numpy, = chainer.grad([F.sum(function(x_numpy))], [x_numpy], enable_double_backprop=True)
    ggx_numpy, = chainer.grad([F.sum(gx_numpy * gx_numpy)], [x_numpy])
    numpy.testing.assert_allclose(to_numpy(ggx.array), ggx_numpy.array)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32])
def test_dtype_is_kept(mode, dtype):
    assert F.prod(make_array(mode, [1.0, 2.0], dtype)).dtype == dtype
