"""F.fft and F.ifft: forward against numpy.fft, gradients of both orders, the native and fallback paths, errors."""

import importlib

import numpy
import pytest

import chainer
import chainerx
import chainer.functions as F
from chainer.functions.math.fft import fft
from chainer.functions.math.fft import ifft
from chainer.utils import type_check

import function_test_utils
import loss_check
from mode_utils import make_array
from mode_utils import to_numpy

# The module (the package's `fft` is the function, which binds over the submodule's name).
fft_module = importlib.import_module('chainer.functions.math.fft')

METHODS = {'fft': (fft, numpy.fft.fft), 'ifft': (ifft, numpy.fft.ifft)}


def _reference(method, real, imag):
    y = METHODS[method][1](real.astype(numpy.float64) + 1j * imag.astype(numpy.float64))
    return y.real.astype(real.dtype), y.imag.astype(real.dtype)


@loss_check.function_tests({
    'method': ['fft', 'ifft'],
    'shape': [(4,), (2, 3, 5), (3, 1), (0, 4)],
    'fallback': [False, True],
}, where=lambda p: not p['fallback'] or p['shape'] == (2, 3, 5))
class TestFFT(loss_check.ToleranceTestCase):
    """Both transforms along the last axis of 1-d to 3-d inputs, a single point and a zero-size batch.

    With `fallback`, chainerx inputs take the NumPy fallback, whose backward (Note [FFT gradient]) then runs on
    chainerx Variables.
    """

    tolerance_scale = 4.0  # sums of n terms of magnitude up to 1

    def setUp(self):
        super().setUp()
        if self.fallback:
            function_test_utils.force_fallback(self, fft_module.FFT)

    def generate_inputs(self):
        return loss_check.uniform(self.shape, self.dtype), loss_check.uniform(self.shape, self.dtype)

    def forward(self, inputs, device):
        return METHODS[self.method][0](inputs)

    def forward_expected(self, inputs):
        return _reference(self.method, *inputs)


def _parts(mode, shape, seed=0):
    rng = numpy.random.RandomState(seed)
    return [chainer.Variable(make_array(mode, rng.uniform(-1, 1, shape))) for _ in range(2)]


@pytest.mark.parametrize('method', ['fft', 'ifft'])
def test_native_on_chainerx_for_short_axes(method):
    real, imag = _parts('chainerx', (2, 8))
    before = chainer.function_node.fallback_count
    yr, yi = METHODS[method][0]((real, imag))
    grads = chainer.grad([F.sum(yr * yr + yi * yi * 2)], [real, imag], enable_double_backprop=True)
    second = chainer.grad([F.sum(g * g) for g in grads], [real, imag])
    assert chainer.function_node.fallback_count == before
    assert all(g is not None for g in second)
    expected = _reference(method, to_numpy(real.array), to_numpy(imag.array))
    numpy.testing.assert_allclose(to_numpy(yr.array), expected[0], atol=1e-12)
    numpy.testing.assert_allclose(to_numpy(yi.array), expected[1], atol=1e-12)


@pytest.mark.parametrize('method', ['fft', 'ifft'])
def test_long_axis_takes_the_fallback_on_chainerx(method):
    n = fft_module._MAX_NATIVE_LENGTH + 3
    real, imag = _parts('chainerx', (2, n))
    before = chainer.function_node.fallback_count
    yr, yi = METHODS[method][0]((real, imag))
    assert chainer.function_node.fallback_count > before
    expected = _reference(method, to_numpy(real.array), to_numpy(imag.array))
    numpy.testing.assert_allclose(to_numpy(yr.array), expected[0], atol=1e-9)
    numpy.testing.assert_allclose(to_numpy(yi.array), expected[1], atol=1e-9)
    # The gradient is the same on both paths: compare with the NumPy-backed Variables'.
    gr = chainer.grad([F.sum(yr * yi)], [real, imag])
    np_real, np_imag = [chainer.Variable(to_numpy(v.array)) for v in (real, imag)]
    np_yr, np_yi = METHODS[method][0]((np_real, np_imag))
    expected_grads = chainer.grad([F.sum(np_yr * np_yi)], [np_real, np_imag])
    for g, e in zip(gr, expected_grads):
        numpy.testing.assert_allclose(to_numpy(g.array), e.array, atol=1e-9)


@pytest.mark.parametrize('method', ['fft', 'ifft'])
def test_gradient_of_one_part_only(mode, method):
    # Backward with the imaginary part's gradient missing (None) equals it with zeros.
    real, imag = _parts(mode, (3, 5))
    yr, _ = METHODS[method][0]((real, imag))
    grads = chainer.grad([F.sum(yr * yr)], [real, imag])
    yr2, yi2 = METHODS[method][0]((real, imag))
    expected = chainer.grad([F.sum(yr2 * yr2) + F.sum(yi2 * 0)], [real, imag])
    for g, e in zip(grads, expected):
        numpy.testing.assert_allclose(to_numpy(g.array), to_numpy(e.array), atol=1e-12)


def test_ifft_inverts_fft(mode):
    real, imag = _parts(mode, (2, 3, 6))
    back_real, back_imag = ifft(fft((real, imag)))
    numpy.testing.assert_allclose(to_numpy(back_real.array), to_numpy(real.array), atol=1e-12)
    numpy.testing.assert_allclose(to_numpy(back_imag.array), to_numpy(imag.array), atol=1e-12)


def test_raw_arrays_and_output_types(mode):
    real = make_array(mode, [1., 2., 3., 4.], numpy.float32)
    yr, yi = fft((real, real * 0))
    assert isinstance(yr, chainer.Variable) and isinstance(yi, chainer.Variable)
    assert yr.dtype == numpy.float32 and yr.shape == (4,)
    numpy.testing.assert_allclose(to_numpy(yr.array), [10, -2, -2, -2], atol=1e-6)
    numpy.testing.assert_allclose(to_numpy(yi.array), [0, 2, 0, -2], atol=1e-6)


@pytest.mark.parametrize('function', [fft, ifft])
@pytest.mark.parametrize('real, imag', [
    (numpy.float64(1), numpy.float64(2)),  # 0-d
    (numpy.zeros((2, 3)), numpy.zeros((2, 4))),  # shapes differ
    (numpy.zeros((2, 3)), numpy.zeros((2, 3), numpy.float32)),  # dtypes differ
    (numpy.zeros((2, 3), numpy.int32), numpy.zeros((2, 3), numpy.int32)),  # not float
])
def test_invalid_types(mode, function, real, imag):
    with pytest.raises(type_check.InvalidType):
        function((make_array(mode, real, real.dtype), make_array(mode, imag, imag.dtype)))


@pytest.mark.parametrize('function', [fft, ifft])
def test_empty_last_axis_is_a_value_error(mode, function):
    x = make_array(mode, numpy.zeros((2, 0)))
    with pytest.raises(ValueError):
        function((x, x))


def test_mixing_numpy_and_chainerx_is_a_type_error():
    with pytest.raises(TypeError):
        fft((numpy.zeros(3), chainerx.zeros(3, 'float64')))
