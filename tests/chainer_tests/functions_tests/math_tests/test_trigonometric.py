"""F.sin, F.cos, F.tan, F.arcsin, F.arccos, F.arctan, F.arctan2: forward, gradients, native path."""

import numpy

import chainer
import chainer.functions as F

import math_elementwise_check as check
from mode_utils import make_array

CASES = [
    check.Case('sin', F.sin, numpy.sin, [(-3.0, 3.0)]),
    check.Case('cos', F.cos, numpy.cos, [(-3.0, 3.0)]),
    check.Case('tan', F.tan, numpy.tan, [(-1.2, 1.2)], scale=4.0),
    check.Case('arcsin', F.arcsin, numpy.arcsin, [(-0.9, 0.9)], scale=4.0),
    check.Case('arccos', F.arccos, numpy.arccos, [(-0.9, 0.9)], scale=4.0),
    check.Case('arctan', F.arctan, numpy.arctan, [(-2.0, 2.0)]),
]
ARCTAN2 = check.Case('arctan2', F.arctan2, numpy.arctan2, [(-1.0, 1.0), (0.2, 1.0)], scale=2.0)


@check.cases_test(check.parameters(CASES, check.UNARY_SHAPES))
class TestTrigonometric(check.ElementwiseTestCase):
    pass


@check.cases_test(check.parameters([ARCTAN2], check.BINARY_SHAPES))
class TestArctan2(check.ElementwiseTestCase):
    pass


test_integer_input_is_invalid_type, test_native_on_chainerx = check.unary_tests(
    CASES, [0.5, -0.25])


def test_arctan2_quadrants(mode):
    y = F.arctan2(make_array(mode, [1.0, 1.0, -1.0, -1.0]),
                  make_array(mode, [1.0, -1.0, -1.0, 1.0]))
    numpy.testing.assert_allclose(chainer.backend.CpuDevice().send(y.array),
                                  numpy.pi * numpy.array([0.25, 0.75, -0.75, -0.25]))


(test_arctan2_native_with_broadcasting, test_arctan2_invalid_dtypes, test_arctan2_invalid_shapes,
 test_arctan2_numpy_mixed_with_chainerx) = check.binary_tests(
    [F.arctan2], ([[1.0, -2.0, 0.5]], [[0.5], [2.0]]))
