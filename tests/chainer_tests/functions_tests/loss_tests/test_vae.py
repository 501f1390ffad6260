"""F.gaussian_kl_divergence, F.bernoulli_nll and F.gaussian_nll against NumPy references."""

import math

import numpy
import pytest

import chainer.functions as F

import loss_check


def _reduce(loss, reduce):
    if reduce == 'sum':
        return numpy.asarray(loss.sum())
    if reduce == 'mean':
        return numpy.asarray(loss.mean())
    return loss


# name: (function, reference on float64 inputs, number of inputs)
_FUNCTIONS = {
    'gaussian_kl_divergence': (
        F.gaussian_kl_divergence, lambda m, v: (m * m + numpy.exp(v) - v - 1) * 0.5, 2),
    'bernoulli_nll': (F.bernoulli_nll, lambda x, y: numpy.logaddexp(0, y) - x * y, 2),
    'gaussian_nll': (
        F.gaussian_nll,
        lambda x, m, v: (v + math.log(2 * math.pi)) / 2 + (x - m) ** 2 * numpy.exp(-v) / 2, 3),
}


@loss_check.function_tests({
    'name': sorted(_FUNCTIONS),
    'shape': [(3, 2), ()],
    'reduce': ['sum', 'mean', 'no'],
})
class TestVAELoss(loss_check.ToleranceTestCase):
    """Each VAE loss with each reduction."""

    tolerance_scale = 4.0

    def setUp(self):
        super().setUp()
        self.function, self.reference, self.arity = _FUNCTIONS[self.name]

    def generate_inputs(self):
        return tuple(loss_check.uniform(self.shape, self.dtype) for _ in range(self.arity))

    def forward(self, inputs, device):
        return self.function(*inputs, reduce=self.reduce),

    def forward_expected(self, inputs):
        args = [a.astype(numpy.float64) for a in inputs]
        return _reduce(self.reference(*args), self.reduce).astype(self.dtype),


@pytest.mark.parametrize('name', sorted(_FUNCTIONS))
def test_unknown_reduce_is_a_value_error(name):
    function, _, arity = _FUNCTIONS[name]
    with pytest.raises(ValueError, match="'sum', 'mean' and 'no'"):
        function(*[numpy.zeros(2)] * arity, reduce='max')


def test_broadcasts_like_the_operators(mode):
    from mode_utils import make_array
    mean = make_array(mode, numpy.zeros((2, 3)))
    ln_var = make_array(mode, numpy.zeros(3))
    loss = F.gaussian_kl_divergence(mean, ln_var, reduce='no')
    assert loss.shape == (2, 3)
