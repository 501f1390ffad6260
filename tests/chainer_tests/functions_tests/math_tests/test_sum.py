"""F.sum: forward against NumPy, gradients, the forms of axis, errors, native path."""

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx

import math_elementwise_check as check
import math_reduction_check as reduction
from mode_utils import to_numpy

VARIANTS = [{}, {'axis': 1}, {'axis': -1, 'keepdims': True}, {'axis': (0, 2)},
            {'axis': (2, 0), 'keepdims': True}, {'axis': ()}]
ROWS = reduction.variant_rows('sum', F.sum, numpy.sum, VARIANTS, (((3, 4, 2),), ((2, 0, 3),)))
ROWS.append((check.Case('sum 0-d', F.sum, numpy.sum), (((),),)))


@check.cases_test(reduction.parameters(ROWS))
class TestSum(check.ElementwiseTestCase):
    pass


def test_axis_errors(mode):
    reduction.assert_axis_errors(mode, F.sum)


def test_numpy_integer_axis(mode):
    y, (gx,) = reduction.gradients(mode, lambda x: F.sum(x, axis=(numpy.int64(1),)), [[1., 2.]])
    assert to_numpy(y.array).tolist() == [3.0]
    assert to_numpy(gx.array).tolist() == [[1.0, 1.0]]


@pytest.mark.parametrize('kw', [{}, {'axis': 1}, {'axis': (0, 1), 'keepdims': True}])
def test_native_on_chainerx(kw):
    check.assert_native(lambda x: F.sum(x, **kw), [[0.5, 1.0, 2.0], [1.0, -1.0, 3.0]])


def test_raw_chainerx_array_is_native():
    before = chainer.function_node.fallback_count
    y = F.sum(chainerx.array([1.0, 2.0]), axis=0)
    assert float(y.array) == 3.0 and chainer.function_node.fallback_count == before
