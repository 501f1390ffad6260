"""F.sinh, F.cosh, F.arctanh: forward, gradients, native path (arctanh made of chainerx.log1p)."""

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx

import math_elementwise_check as check

CASES = [
    check.Case('sinh', F.sinh, numpy.sinh, [(-2.0, 2.0)], scale=2.0),
    check.Case('cosh', F.cosh, numpy.cosh, [(-2.0, 2.0)], scale=2.0),
    check.Case('arctanh', F.arctanh, numpy.arctanh, [(-0.9, 0.9)], scale=4.0),
]


@check.cases_test(check.parameters(CASES, check.UNARY_SHAPES))
class TestHyperbolic(check.ElementwiseTestCase):
    pass


test_integer_input_is_invalid_type, test_native_on_chainerx = check.unary_tests(
    CASES, [0.5, -0.25])


@pytest.mark.parametrize('dtype,rtol', [(numpy.float32, 4e-7), (numpy.float64, 5e-16)])
def test_arctanh_on_chainerx_is_accurate_near_zero_and_one(dtype, rtol):
    x = numpy.array([1e-30, -1e-8, 0.0, 0.5, -0.999, 0.99999, 1 - 1e-6], dtype)
    y = chainerx.to_numpy(F.arctanh(chainer.Variable(chainerx.array(x))).array)
    numpy.testing.assert_allclose(y, numpy.arctanh(x.astype(numpy.float64)), rtol=rtol, atol=0)


def test_arctanh_at_the_poles(mode):
    from mode_utils import make_array
    with numpy.errstate(divide='ignore', invalid='ignore'):
        y = F.arctanh(make_array(mode, [1.0, -1.0, 2.0]))
    values = chainer.backend.CpuDevice().send(y.array)
    assert values[0] == numpy.inf and values[1] == -numpy.inf and numpy.isnan(values[2])
