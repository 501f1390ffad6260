"""F.exp, F.expm1, F.log, F.log1p, F.log2, F.log10: forward, gradients, dtypes, native path."""

import numpy

import chainer
import chainer.functions as F

import math_elementwise_check as check
from mode_utils import make_array

CASES = [
    check.Case('exp', F.exp, numpy.exp),
    check.Case('expm1', F.expm1, numpy.expm1),
    check.Case('log', F.log, numpy.log, [(0.5, 2.0)], scale=2.0),
    check.Case('log1p', F.log1p, numpy.log1p, [(-0.5, 1.0)], scale=2.0),
    check.Case('log2', F.log2, numpy.log2, [(0.5, 2.0)], scale=2.0),
    check.Case('log10', F.log10, numpy.log10, [(0.5, 2.0)], scale=2.0),
]


@check.cases_test(check.parameters(CASES, check.UNARY_SHAPES))
class TestExponential(check.ElementwiseTestCase):
    pass


test_integer_input_is_invalid_type, test_native_on_chainerx = check.unary_tests(
    CASES, [0.5, 1.5])


def test_exp_keeps_small_values_of_expm1_and_log1p():
    x = numpy.array([1e-10, -1e-12])
    numpy.testing.assert_allclose(F.expm1(x).array, x, rtol=1e-9)
    numpy.testing.assert_allclose(F.log1p(x).array, x, rtol=1e-9)


def test_log_of_zero_and_negative(mode):
    with numpy.errstate(divide='ignore', invalid='ignore'):
        y = F.log(make_array(mode, [0.0, -1.0]))
    values = chainer.backend.CpuDevice().send(y.array)
    assert values[0] == -numpy.inf and numpy.isnan(values[1])


def test_log_is_the_module_name_pow_uses():
    from chainer.functions.math import exponential
    assert exponential.log is F.log
    x = chainer.Variable(numpy.array([2.0, 3.0]))
    y = chainer.Variable(numpy.array([1.5, 0.5]))
    gy, = chainer.grad([x ** y], [y], grad_outputs=[numpy.ones(2)])
    numpy.testing.assert_allclose(gy.array, numpy.log(x.array) * x.array ** y.array)
