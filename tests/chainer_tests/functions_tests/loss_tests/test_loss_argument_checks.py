"""Regression tests of the argument checks of the losses (found by the chainer fuzz)."""

import numpy
import pytest

import chainer
import chainer.functions as F

from mode_utils import make_array, mode  # NOQA: F401 (fixture)


@pytest.mark.parametrize('class_weight', [[1.0, 1.0, 1.0], 1.5, 'w'], ids=['list', 'float', 'str'])
def test_softmax_cross_entropy_class_weight_must_be_an_array(mode, class_weight):
    x = make_array(mode, numpy.zeros((2, 3)), numpy.float32)
    t = make_array(mode, [0, 2], numpy.int32)
    with pytest.raises(TypeError) as info:
        F.softmax_cross_entropy(x, t, class_weight=class_weight)
    assert type(info.value) is TypeError
    with pytest.raises(ValueError):  # as the original: a Variable is a ValueError
        F.softmax_cross_entropy(x, t, class_weight=chainer.Variable(numpy.ones(3, 'f')))
