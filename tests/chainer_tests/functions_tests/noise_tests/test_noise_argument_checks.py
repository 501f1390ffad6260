"""Regression tests of the argument checks of the noise functions (found by the chainer fuzz)."""

import numpy
import pytest

import chainer
import chainer.functions as F

from mode_utils import make_array, mode  # NOQA: F401 (fixture)


@pytest.mark.parametrize('function', [
    lambda x, given: F.dropout(x, mask=given),
    lambda x, given: F.gaussian(x, x, eps=given),
])
@pytest.mark.parametrize('given', [(0,), 2, [1.0, 1.0, 1.0], chainer.Variable(numpy.ones(3, 'f'))],
                         ids=['tuple', 'int', 'list', 'variable'])
def test_given_masks_and_noise_must_be_arrays(mode, function, given):
    x = make_array(mode, numpy.ones(3), numpy.float32)
    with pytest.raises(TypeError) as info:
        function(x, given)
    assert type(info.value) is TypeError


@pytest.mark.parametrize('log_pi', [chainer.Parameter(), 1.5, [0.0, 1.0]],
                         ids=['empty', 'float', 'list'])
def test_gumbel_softmax_of_a_non_array(log_pi):
    with pytest.raises(TypeError) as info:
        F.gumbel_softmax(log_pi)
    assert type(info.value) is TypeError
