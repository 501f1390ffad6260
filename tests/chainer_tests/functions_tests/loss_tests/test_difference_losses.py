"""absolute_error, squared_error, squared_difference, mean_squared_error, mean_absolute_error."""

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check

import loss_check
from mode_utils import make_array


def _mean(values):
    return numpy.asarray(values.sum() / values.size if values.size else numpy.nan)


# name: (function, NumPy reference on float64 differences, whether it reduces to a mean)
_FUNCTIONS = {
    'absolute_error': (F.absolute_error, numpy.abs, False),
    'squared_error': (F.squared_error, numpy.square, False),
    'squared_difference': (F.squared_difference, numpy.square, False),
    'mean_squared_error': (F.mean_squared_error, lambda d: _mean(d * d), True),
    'mean_absolute_error': (F.mean_absolute_error, lambda d: _mean(abs(d)), True),
}


@loss_check.function_tests({
    'name': sorted(_FUNCTIONS),
    'shape': [(4, 3), (), (0, 3)],
})
@pytest.mark.filterwarnings('ignore:invalid value encountered:RuntimeWarning')
class TestDifferenceLoss(loss_check.ToleranceTestCase):
    """Each difference loss against its NumPy reference."""

    dodge_nondifferentiable = True

    def setUp(self):
        super().setUp()
        self.function, self.reference, reduces = _FUNCTIONS[self.name]
        if reduces and not numpy.prod(self.shape):
            # The mean of nothing is NaN (as in the original): only the forward is compared.
            self.skip_backward_test = self.skip_double_backward_test = True

    def generate_inputs(self):
        return (loss_check.uniform(self.shape, self.dtype),
                loss_check.uniform(self.shape, self.dtype))

    def forward(self, inputs, device):
        return self.function(*inputs),

    def forward_expected(self, inputs):
        x0, x1 = inputs
        diff = x0.astype(numpy.float64) - x1.astype(numpy.float64)
        return numpy.asarray(self.reference(diff)).astype(self.dtype),


@pytest.mark.parametrize('name', sorted(_FUNCTIONS))
@pytest.mark.parametrize('x0, x1', [
    (numpy.zeros(3, numpy.float32), numpy.zeros(3, numpy.float64)),  # dtypes differ
    (numpy.zeros(3), numpy.zeros((1, 3))),  # shapes differ
    (numpy.zeros(3, numpy.int32), numpy.zeros(3, numpy.int32)),  # integer inputs
])
def test_invalid_inputs(mode, name, x0, x1):
    function = _FUNCTIONS[name][0]
    loss_check.raises_in_both_modes(mode, type_check.InvalidType, function, x0, x1)


@pytest.mark.parametrize('name', sorted(_FUNCTIONS))
def test_numpy_mixed_with_chainerx_is_a_type_error(name):
    function = _FUNCTIONS[name][0]
    with pytest.raises(TypeError):
        function(make_array('chainerx', [1., 2.]), make_array('numpy', [1., 2.]))


def test_mean_squared_error_matches_the_mean_bit_for_bit(mode):
    x0 = numpy.random.RandomState(1).uniform(-1, 1, (5, 7))
    x1 = numpy.random.RandomState(2).uniform(-1, 1, (5, 7))
    y = F.mean_squared_error(make_array(mode, x0), make_array(mode, x1))
    assert y.shape == () and y.dtype == numpy.float64
    numpy.testing.assert_allclose(chainer.as_array(y).item() if mode == 'numpy' else float(
        y.array), numpy.mean((x0 - x1) ** 2), rtol=1e-15)
