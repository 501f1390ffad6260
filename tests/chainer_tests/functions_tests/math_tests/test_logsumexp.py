"""F.logsumexp: forward against NumPy, gradients, large inputs, errors, native path."""

import numpy
import pytest

import chainer.functions as F

import math_elementwise_check as check
import math_reduction_check as reduction
from mode_utils import make_array, to_numpy


def _reference(x, axis=None):
    return numpy.log(numpy.exp(x).sum(axis=axis))


VARIANTS = [{}, {'axis': 1}, {'axis': -1}, {'axis': (0, 2)}]
ROWS = reduction.variant_rows('logsumexp', F.logsumexp, _reference, VARIANTS, (((3, 4, 2),),))
ROWS += [(check.Case('logsumexp 0-d', F.logsumexp, _reference), (((),),)),
         (check.Case('logsumexp zero-size', lambda x: F.logsumexp(x, axis=1),
                     lambda x: _reference(x, axis=1)), (((0, 3),),))]


@check.cases_test(reduction.parameters(ROWS))
class TestLogSumExp(check.ElementwiseTestCase):
    pass


def test_large_inputs_do_not_overflow(mode):
    _, (gx,) = reduction.gradients(mode, lambda x: F.logsumexp(x, axis=1),
                                   [[1000.0, 1000.0], [-1000.0, -1001.0]])
    y = F.logsumexp(make_array(mode, [[1000.0, 1000.0], [-1000.0, -1001.0]]), axis=1)
    numpy.testing.assert_allclose(
        to_numpy(y.array), [1000.0 + numpy.log(2.0), -1000.0 + numpy.log1p(numpy.exp(-1.0))])
    numpy.testing.assert_allclose(to_numpy(gx.array)[0], [0.5, 0.5])


def test_axis_errors(mode):
    reduction.assert_axis_errors(mode, F.logsumexp)


def test_reducing_an_empty_axis_is_a_value_error(mode):
    with pytest.raises(ValueError):
        F.logsumexp(make_array(mode, numpy.zeros((0, 3))), axis=0)


@pytest.mark.parametrize('kw', [{}, {'axis': 0}, {'axis': (0, 1)}])
def test_native_on_chainerx(kw):
    check.assert_native(lambda x: F.logsumexp(x, **kw), [[0.5, 1.0, 2.0], [1.0, -1.0, 3.0]])
