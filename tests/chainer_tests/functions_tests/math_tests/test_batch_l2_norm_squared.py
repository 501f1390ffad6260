"""F.batch_l2_norm_squared: per-example sums of squares, gradients, errors, native path."""

import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check

import math_elementwise_check as check
import math_reduction_check as reduction
from mode_utils import make_array


def _reference(x):
    return (x * x).reshape(len(x), -1).sum(axis=1) if x.size else numpy.zeros(len(x))


ROWS = [(check.Case('batch_l2_norm_squared', F.batch_l2_norm_squared, _reference),
         (((3, 4),), ((3, 4, 2),), ((3, 0),), ((0, 2),)))]


@check.cases_test(reduction.parameters(ROWS))
class TestBatchL2NormSquared(check.ElementwiseTestCase):
    pass


@pytest.mark.parametrize('x', [numpy.ones(3), numpy.ones((2, 2), numpy.int32)])
def test_invalid_inputs(mode, x):
    with pytest.raises(type_check.InvalidType):
        F.batch_l2_norm_squared(make_array(mode, x, x.dtype))


def test_native_on_chainerx():
    check.assert_native(F.batch_l2_norm_squared, [[0.5, 1.0], [1.0, -1.0]])
