"""Special functions (erf, ..., zeta): forward, gradients, native erf, the others' fallback."""

import math

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx
from chainer.functions.math import unary

import math_elementwise_check as check
from mode_utils import make_array, to_numpy

special = pytest.importorskip('scipy.special')


def _math(function):
    return numpy.vectorize(function, otypes=[numpy.float64])


def _ndtr(x):
    return _math(math.erfc)(-x / math.sqrt(2)) / 2


CASES = [
    check.Case('erf', F.erf, _math(math.erf), [(-2.0, 2.0)]),
    check.Case('erfc', F.erfc, _math(math.erfc), [(-2.0, 2.0)]),
    check.Case('erfcx', F.erfcx, lambda x: numpy.exp(x * x) * _math(math.erfc)(x), [(-1.0, 2.0)],
               scale=4.0),
    check.Case('erfinv', F.erfinv, special.erfinv, [(-0.9, 0.9)], scale=8.0),
    check.Case('erfcinv', F.erfcinv, special.erfcinv, [(0.1, 1.9)], scale=8.0),
    check.Case('ndtr', F.ndtr, _ndtr, [(-2.0, 2.0)]),
    check.Case('ndtri', F.ndtri, special.ndtri, [(0.1, 0.9)], scale=8.0),
    check.Case('log_ndtr', F.log_ndtr, lambda x: numpy.log(_ndtr(x)), [(-3.0, 2.0)], scale=4.0),
    check.Case('lgamma', F.lgamma, _math(math.lgamma), [(0.5, 3.0)], scale=4.0),
    check.Case('digamma', F.digamma, special.digamma, [(1.0, 3.0)], scale=4.0),
]
PARAMETRIZED = [
    check.Case('polygamma', F.polygamma, special.polygamma, [[0, 1, 2], (1.0, 3.0)], scale=8.0),
    check.Case('zeta', F.zeta, special.zeta, [(2.0, 4.0), (1.0, 2.0)], scale=8.0,
               no_grads=[True, False]),
]


@check.cases_test(check.parameters(CASES, check.UNARY_SHAPES))
class TestSpecial(check.ElementwiseTestCase):
    pass


@check.cases_test(check.parameters(PARAMETRIZED, check.BINARY_SHAPES))
class TestParametrizedSpecial(check.ElementwiseTestCase):
    pass


@pytest.mark.parametrize('function', [case.function for case in CASES])
def test_integer_input_is_invalid_type(mode, function):
    check.assert_invalid_for_integers(mode, function)


def test_parameter_dtypes_are_checked(mode):
    from chainer.utils import type_check
    with pytest.raises(type_check.InvalidType):
        F.polygamma(make_array(mode, [1.0]), make_array(mode, [1.0]))
    with pytest.raises(type_check.InvalidType):
        F.zeta(make_array(mode, [2], numpy.int32), make_array(mode, [1.0]))


@pytest.mark.parametrize('fn', [F.erf, F.erfc, F.erfcx, F.erfinv, F.erfcinv, F.ndtr, F.ndtri, F.log_ndtr])
def test_special_functions_are_native_on_chainerx(fn):
    # chainerx/core/routines/special.h (they took the NumPy fallback before).
    check.assert_native(fn, [0.5, 0.25])


@pytest.mark.parametrize('fn', [F.lgamma, F.digamma])
def test_gamma_family_is_native_on_chainerx(fn):
    check.assert_native(fn, [0.5, 2.5])
    before = chainer.function_node.fallback_count
    n = chainerx.array(numpy.array([1, 2]))
    x = chainer.Variable(chainerx.array([0.5, 2.5]))
    for y in (F.polygamma(n, x), F.zeta(chainerx.array([2.0, 3.0]), x)):
        gx, = chainer.grad([F.sum(y)], [x], enable_double_backprop=True)
        chainer.grad([F.sum(gx)], [x])
        assert y._has_chainerx_array
    assert chainer.function_node.fallback_count == before


@pytest.mark.parametrize('forward,inverse,values', [
    (F.erf, F.erfinv, [-0.99, 0.0, 0.3]), (F.erfc, F.erfcinv, [0.01, 1.0, 1.7]),
    (F.ndtr, F.ndtri, [0.001, 0.5, 0.9])])
def test_inverse_functions(mode, forward, inverse, values):
    y = forward(inverse(make_array(mode, values)))
    numpy.testing.assert_allclose(to_numpy(y.array), values, rtol=1e-12)


def test_log_ndtr_far_in_the_lower_tail(mode):
    y = F.log_ndtr(make_array(mode, [-40.0]))
    x = chainer.Variable(make_array(mode, [-40.0]))
    gx, = chainer.grad([F.log_ndtr(x)], [x])
    assert numpy.isfinite(to_numpy(y.array)).all()
    numpy.testing.assert_allclose(to_numpy(gx.array), [40.0], rtol=1e-3)  # ~ -x for x -> -inf


def test_without_scipy_erf_uses_math_and_the_others_raise(monkeypatch):
    def missing(xp):
        raise ImportError('No module named scipy')

    monkeypatch.setattr(unary, 'special_module', missing)
    x = numpy.array([0.5, -1.0], numpy.float32)
    with pytest.warns(RuntimeWarning, match='SciPy'):
        y = F.erf(x)
    assert y.dtype == numpy.float32
    numpy.testing.assert_allclose(y.array, [math.erf(0.5), math.erf(-1.0)], rtol=1e-6)
    with pytest.raises(ImportError, match='SciPy is not available'):
        F.erfinv(x)
