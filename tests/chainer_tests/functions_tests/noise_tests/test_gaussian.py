"""F.gaussian: values with a given eps, gradients, sampling statistics, seeds, errors, native."""

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check

import loss_check
import math_elementwise_check as check
from mode_utils import make_array
from mode_utils import to_numpy


@loss_check.function_tests({'shape': [(3, 2), (), (0, 3)]})
class TestGaussianWithEps(loss_check.ToleranceTestCase):
    """Forward and gradients with a given eps (so that the function is deterministic)."""

    def setUp(self):
        super().setUp()
        self.eps = numpy.random.standard_normal(self.shape).astype(self.dtype)

    def generate_inputs(self):
        return tuple(loss_check.uniform(self.shape, self.dtype) for _ in range(2))

    def forward(self, inputs, device):
        return F.gaussian(*inputs, eps=device.send(self.eps)),

    def forward_expected(self, inputs):
        mean, ln_var = inputs
        return numpy.asarray(mean + numpy.exp(ln_var * 0.5) * self.eps).astype(self.dtype),


@pytest.mark.parametrize('train', [True, False])
def test_samples_have_the_requested_moments(mode, train):
    numpy.random.seed(0)
    mean = make_array(mode, numpy.full(100000, 2.0))
    ln_var = make_array(mode, numpy.full(100000, numpy.log(9.0)))
    with chainer.using_config('train', train):
        y = to_numpy(F.gaussian(mean, ln_var).array)
    assert abs(y.mean() - 2.0) < 0.05 and abs(y.std() - 3.0) < 0.05


def test_same_seed_gives_the_same_sample_in_both_modes():
    samples = []
    for mode in ('numpy', 'chainerx'):
        numpy.random.seed(5)
        y, eps = F.gaussian(make_array(mode, numpy.zeros(6)), make_array(mode, numpy.zeros(6)),
                            return_eps=True)
        assert type(eps) is type(make_array(mode, [1.0]))
        numpy.testing.assert_array_equal(to_numpy(y.array), to_numpy(eps))
        samples.append(to_numpy(y.array))
    numpy.testing.assert_array_equal(samples[0], samples[1])


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_eps_has_the_input_dtype(mode, dtype):
    zeros = make_array(mode, numpy.zeros(3), dtype)
    y, eps = F.gaussian(zeros, zeros, return_eps=True)
    assert y.dtype == dtype and eps.dtype == dtype


def test_eps_of_another_dtype_keeps_the_input_dtype(mode):
    mean = chainer.Variable(make_array(mode, [0.0, 1.0], numpy.float32))
    y = F.gaussian(mean, make_array(mode, [0.0, 0.0], numpy.float32),
                   eps=make_array(mode, [0.5, -1.0], numpy.float64))
    assert y.dtype == numpy.float32
    numpy.testing.assert_array_equal(to_numpy(y.array), [0.5, 0.0])


def test_returned_eps_repeats_the_sample(mode):
    mean, ln_var = make_array(mode, [0.5, -1.0]), make_array(mode, [0.1, 2.0])
    y1, eps = F.gaussian(mean, ln_var, return_eps=True)
    y2 = F.gaussian(mean, ln_var, eps=eps)
    y3 = F.gaussian(mean, ln_var, eps=to_numpy(eps))
    numpy.testing.assert_array_equal(to_numpy(y1.array), to_numpy(y2.array))
    numpy.testing.assert_array_equal(to_numpy(y1.array), to_numpy(y3.array))


@pytest.mark.parametrize('mean_shape, mean_dtype', [((3,), numpy.float32), ((2,), numpy.float64)])
def test_mismatched_inputs_are_invalid_type(mode, mean_shape, mean_dtype):
    with pytest.raises(type_check.InvalidType):
        F.gaussian(make_array(mode, numpy.zeros(mean_shape), mean_dtype),
                   make_array(mode, numpy.zeros(3)))


def test_integer_inputs_are_invalid_type(mode):
    with pytest.raises(type_check.InvalidType):
        F.gaussian(make_array(mode, [1, 2], numpy.int32), make_array(mode, [1, 2], numpy.int32))


def test_unknown_argument(mode):
    with pytest.raises(TypeError):
        F.gaussian(make_array(mode, [1.0]), make_array(mode, [1.0]), noise=None)


def test_native_on_chainerx():
    y, (gmean, gln_var) = check.assert_native(F.gaussian, [0.5, -1.0], [0.1, 2.0])
    numpy.testing.assert_array_equal(to_numpy(gmean.array), [1.0, 1.0])
    noise = to_numpy(y.array) - [0.5, -1.0]
    numpy.testing.assert_allclose(to_numpy(gln_var.array), noise * 0.5, rtol=1e-12)
