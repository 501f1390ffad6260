"""F.average and F.mean: plain and weighted means, gradients, errors, native path."""

import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check

import math_elementwise_check as check
import math_reduction_check as reduction
from mode_utils import make_array, to_numpy

MEAN_VARIANTS = [{}, {'axis': 1}, {'axis': -1, 'keepdims': True}, {'axis': (0, 2)}]
# (weights shape, variants) for x of shape (3, 4, 2)
WEIGHTED = [((4,), [{'axis': 1}]), ((2,), [{'axis': -1, 'keepdims': True}]),
            ((3, 4, 2), [{}, {'axis': (0, 2)}, {'axis': 1, 'keepdims': True}])]


def _weighted(x, w, axis=None, keepdims=False):
    return F.average(x, axis=axis, weights=w, keepdims=keepdims)


def _reference(x, w, axis=None, keepdims=False):
    if w.shape != x.shape:
        w = w.reshape([-1 if i == axis % x.ndim else 1 for i in range(x.ndim)])
    w = numpy.broadcast_to(w, x.shape)
    return numpy.sum(x * w, axis, keepdims=keepdims) / numpy.sum(w, axis, keepdims=keepdims)


ROWS = reduction.variant_rows('mean', F.mean, numpy.mean, MEAN_VARIANTS, (((3, 4, 2),),))
for w_shape, variants in WEIGHTED:
    ROWS += reduction.variant_rows('average', _weighted, _reference, variants,
                                   (((3, 4, 2), w_shape),), ranges=[(-1.0, 1.0), (0.5, 1.5)])


@check.cases_test(reduction.parameters(ROWS))
class TestAverage(check.ElementwiseTestCase):
    pass


def test_mean_is_average():
    assert F.mean is F.average


def test_axis_errors(mode):
    reduction.assert_axis_errors(mode, F.average)


def test_zero_size_mean_is_nan(mode):
    with numpy.errstate(invalid='ignore', divide='ignore'):
        y = F.mean(make_array(mode, numpy.zeros((0, 2))), axis=0)
    assert numpy.isnan(to_numpy(y.array)).all() and y.shape == (2,)


@pytest.mark.parametrize('x_shape,w_shape,axis,error', [
    ((2, 3), (3,), None, TypeError),            # weights of another shape need an axis
    ((2, 3), (2, 3, 1), 1, TypeError),          # ... and must then be 1-d
    ((2, 3), (2,), 1, ValueError),              # ... of the axis's length
    ((2, 3), (3,), (0, 1), TypeError),          # ... along one axis
    ((2, 3), (3,), 2, ValueError),              # the axis is out of range
])
def test_weight_shape_errors(mode, x_shape, w_shape, axis, error):
    with pytest.raises(error):
        F.average(make_array(mode, numpy.ones(x_shape)), axis=axis,
                  weights=make_array(mode, numpy.ones(w_shape)))


def test_weights_of_another_dtype(mode):
    with pytest.raises(type_check.InvalidType):
        F.average(make_array(mode, numpy.ones(3)),
                  weights=make_array(mode, numpy.ones(3), numpy.float32))


@pytest.mark.parametrize('kw', [{}, {'axis': 1, 'keepdims': True}])
def test_mean_native_on_chainerx(kw):
    check.assert_native(lambda x: F.mean(x, **kw), [[0.5, 1.0, 2.0], [1.0, -1.0, 3.0]])


@pytest.mark.parametrize('w', [[1.0, 2.0, 0.5], [[1.0, 2.0, 0.5], [0.5, 0.5, 1.0]]])
def test_weighted_native_on_chainerx(w):
    check.assert_native(lambda x, w: F.average(x, axis=1, weights=w),
                        [[0.5, 1.0, 2.0], [1.0, -1.0, 3.0]], w)
