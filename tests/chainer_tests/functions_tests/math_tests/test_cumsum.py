"""F.cumsum: forward against NumPy, gradients, flattening, errors, native path."""

import numpy
import pytest

import chainer.functions as F

import math_elementwise_check as check
import math_reduction_check as reduction

VARIANTS = [{}, {'axis': 0}, {'axis': 1}, {'axis': -1}]
ROWS = reduction.variant_rows('cumsum', F.cumsum, numpy.cumsum, VARIANTS,
                              (((3, 4, 2),), ((2, 0, 3),)))
ROWS.append((check.Case('cumsum 0-d', F.cumsum, numpy.cumsum), (((),),)))


@check.cases_test(reduction.parameters(ROWS))
class TestCumsum(check.ElementwiseTestCase):
    pass


def test_axis_errors(mode):
    reduction.assert_axis_errors(mode, F.cumsum, accepts_tuple=False)


@pytest.mark.parametrize('kw', [{}, {'axis': 0}, {'axis': -1}])
def test_native_on_chainerx(kw):
    check.assert_native(lambda x: F.cumsum(x, **kw), [[0.5, 1.0, 2.0], [1.0, -1.0, 3.0]])
