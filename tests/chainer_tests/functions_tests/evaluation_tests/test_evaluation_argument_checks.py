"""Regression tests of the argument checks of classification_summary (found by the chainer fuzz)."""

import numpy
import pytest

import chainer.functions as F

from mode_utils import make_array, mode  # NOQA: F401 (fixture)


@pytest.mark.parametrize('function', [
    F.classification_summary, F.precision, F.recall, F.f1_score])
@pytest.mark.parametrize('label_num, error', [
    (2**62, ValueError),  # counts of 2^62 classes: DimensionError on chainerx, not NumPy's error
    (2**63 - 1, ValueError),
    (-1, ValueError),
    (2.0, TypeError),
    (True, TypeError),
    ('3', TypeError),
])
def test_label_num(mode, function, label_num, error):
    y = make_array(mode, numpy.ones((2, 3)), numpy.float32)
    t = make_array(mode, [0, 1], numpy.int32)
    with pytest.raises(error) as info:
        function(y, t, label_num=label_num)
    assert type(info.value) is error


def test_label_num_as_a_numpy_integer(mode):
    y = make_array(mode, numpy.ones((2, 3)), numpy.float32)
    t = make_array(mode, [0, 1], numpy.int32)
    assert F.classification_summary(y, t, label_num=numpy.int64(4))[0].shape == (4,)
