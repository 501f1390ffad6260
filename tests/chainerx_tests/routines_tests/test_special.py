"""The special functions of chainerx._core (routines/special.h; not in the original ChainerX, they are what
chainer.functions' erfc, ndtr, lgamma, ... run on chainerx arrays), against scipy.special."""

import numpy
import pytest

import chainerx as chx

import array_utils

special = pytest.importorskip('scipy.special')

# name: (chainerx function, scipy function, domain of the random inputs, values at edges, poles and tails)
_UNARY = {
    'erfc': (chx._core._erfc, special.erfc, (-3, 3), [-30.0, -1e-300, 0.0, 5.5, 27.0, 30.0]),
    'erfcx': (chx._core._erfcx, special.erfcx, (-3, 3), [-26.0, -5.0, 0.0, 8.0, 30.0, 1e5, 1e300]),
    'erfinv': (chx._core._erfinv, special.erfinv, (-0.99, 0.99),
               [-1.0, -0.999999, -1e-12, 0.0, 1e-300, 0.5, 0.999999999999, 1.0, 1.5]),
    'erfcinv': (chx._core._erfcinv, special.erfcinv, (0.01, 1.99),
                [0.0, 1e-300, 1e-30, 1e-8, 0.5, 1.0, 1.5, 2.0 - 1e-12, 2.0, 2.5, -0.5]),
    'ndtr': (chx._core._ndtr, special.ndtr, (-4, 4), [-40.0, -8.0, 0.0, 3.0, 9.0, 40.0]),
    'ndtri': (chx._core._ndtri, special.ndtri, (0.01, 0.99),
              [0.0, 1e-300, 1e-20, 0.02, 0.5, 0.98, 1 - 1e-12, 1.0, 1.5]),
    'log_ndtr': (chx._core._log_ndtr, special.log_ndtr, (-5, 5), [-1e5, -40.0, -10.0, -1.0, 0.0, 6.0, 20.0]),
    'lgamma': (chx._core._lgamma, special.gammaln, (0.1, 10),
               [-2.5, -1.0, -0.5, 0.0, 1e-300, 1.0, 2.0, 171.5, 1e10, 1e300]),
    'digamma': (chx._core._digamma, special.digamma, (0.1, 10),
                [-2.5, -1.5, -0.5, 1e-10, 0.5, 1.0, 6.0, 1e5, 1e300]),
}
_EDGE_VALUES = [numpy.inf, -numpy.inf, numpy.nan]
_RTOL = {'float16': 3e-3, 'float32': 2e-6, 'float64': 1e-12}


def _expected(scipy_fn, values, dtype):
    with numpy.errstate(all='ignore'):
        return scipy_fn(values.astype('float64')).astype(dtype)


@pytest.mark.parametrize('name', sorted(_UNARY))
@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
def test_unary_forward(name, dtype, device):
    fn, scipy_fn, (low, high), _ = _UNARY[name]
    values = numpy.random.RandomState(0).uniform(low, high, (3, 4)).astype(dtype)
    y = fn(chx.array(values, device=device))
    assert y.dtype == dtype and y.shape == (3, 4) and y.device is device
    numpy.testing.assert_allclose(chx.to_numpy(y), _expected(scipy_fn, values, dtype), rtol=_RTOL[dtype],
                                  atol=_RTOL[dtype] * 1e-3)


@pytest.mark.parametrize('name', sorted(_UNARY))
def test_unary_special_values(name, device):
    fn, scipy_fn, _, edges = _UNARY[name]
    values = numpy.array(edges + _EDGE_VALUES)
    expected = _expected(scipy_fn, values, 'float64')
    actual = chx.to_numpy(fn(chx.array(values, device=device)))
    # atol: SciPy flushes some subnormal results to 0 (erfc(27) = 5.2e-319).
    numpy.testing.assert_allclose(actual, expected, rtol=1e-12, atol=1e-300)


@pytest.mark.parametrize('name', sorted(_UNARY))
def test_unary_layouts_and_integer_inputs(name, device):
    fn, scipy_fn, (low, high), _ = _UNARY[name]
    base = numpy.random.RandomState(1).uniform(low, high, (4, 6))
    strided = chx.array(base, device=device)[::2, 1::2].T
    numpy.testing.assert_allclose(chx.to_numpy(fn(strided)), _expected(scipy_fn, base[::2, 1::2].T, 'float64'),
                                  rtol=1e-12)
    assert fn(chx.zeros((0, 3), 'float64', device=device)).shape == (0, 3)
    assert float(fn(chx.array(0.5, 'float64', device=device))) == pytest.approx(float(scipy_fn(0.5)), rel=1e-12)
    ints = chx.array(numpy.array([1, 2]), device=device)
    y = fn(ints)
    assert y.dtype == 'float32'
    numpy.testing.assert_allclose(chx.to_numpy(y), _expected(scipy_fn, numpy.array([1.0, 2.0]), 'float32'),
                                  rtol=2e-6)


_GRAD_DOMAINS = {'erfc': (-2, 2), 'erfcx': (-2, 2), 'erfinv': (-0.8, 0.8), 'erfcinv': (0.2, 1.8), 'ndtr': (-2, 2),
                 'ndtri': (0.1, 0.9), 'log_ndtr': (-3, 3), 'lgamma': (0.5, 4), 'digamma': (0.5, 4)}


@pytest.mark.parametrize('name', sorted(_UNARY))
def test_unary_gradients(name):
    fn = _UNARY[name][0]
    low, high = _GRAD_DOMAINS[name]
    rng = numpy.random.RandomState(2)
    x = [chx.array(rng.uniform(low, high, (2, 3)))]
    gy = [chx.array(rng.uniform(-1, 1, (2, 3)))]
    ggx = [chx.array(rng.uniform(-1, 1, (2, 3)))]
    array_utils.check_backward(lambda x: (fn(x),), x, gy, 'float64', **array_utils.SMOOTH_GRAD_CHECK)
    array_utils.check_double_backward(lambda x: (fn(x),), x, gy, ggx, 'float64', **array_utils.SMOOTH_GRAD_CHECK)


def test_polygamma(device):
    n = numpy.array([[0], [1], [2], [4]])
    x = numpy.random.RandomState(3).uniform(0.2, 8, (1, 5))
    for dtype in array_utils.FLOAT_DTYPES:
        y = chx._core._polygamma(chx.array(n, device=device), chx.array(x.astype(dtype), device=device))
        assert y.shape == (4, 5) and y.dtype == dtype
        numpy.testing.assert_allclose(chx.to_numpy(y), special.polygamma(n, x.astype(dtype).astype('float64')),
                                      rtol=_RTOL[dtype])
    values = numpy.array([-1.5, -1.0, 0.0, 1e-8, 1e8, numpy.inf, numpy.nan])
    for order in (0, 1, 3):
        expected = special.polygamma(order, values)
        actual = chx.to_numpy(chx._core._polygamma(chx.array(numpy.full(7, order), device=device),
                                                   chx.array(values, device=device)))
        numpy.testing.assert_allclose(actual, expected, rtol=1e-12)


def test_zeta(device):
    x = numpy.array([[1.5], [2.0], [3.5], [10.0]])
    q = numpy.random.RandomState(4).uniform(0.2, 8, (1, 5))
    for dtype in array_utils.FLOAT_DTYPES:
        y = chx._core._zeta(chx.array(x.astype(dtype), device=device), chx.array(q.astype(dtype), device=device))
        assert y.shape == (4, 5) and y.dtype == dtype
        numpy.testing.assert_allclose(chx.to_numpy(y), special.zeta(x.astype(dtype).astype('float64'),
                                                                    q.astype(dtype).astype('float64')),
                                      rtol=_RTOL[dtype], atol=1e-7 if dtype == 'float16' else 0)  # subnormals
    xs = numpy.array([0.5, 1.0, 2.0, 2.0, 2.0, 3.0, 2.0, 50.0, numpy.inf, numpy.nan, 2.0])
    qs = numpy.array([1.0, 1.0, 0.0, -1.0, -1.5, 1e-8, 1e10, 1.0, 2.0, 1.0, numpy.inf])
    expected = special.zeta(xs, qs)
    actual = chx.to_numpy(chx._core._zeta(chx.array(xs, device=device), chx.array(qs, device=device)))
    numpy.testing.assert_allclose(actual, expected, rtol=1e-12)


def test_parametrized_gradients():
    rng = numpy.random.RandomState(5)
    n = chx.array(numpy.array([0, 1, 2]))
    x = chx.array(numpy.array([1.5, 2.5, 4.0]))
    s = chx.array(numpy.array([2.5, 3.0, 4.5]))
    gy = [chx.array(rng.uniform(-1, 1, 3))]
    ggx = [chx.array(rng.uniform(-1, 1, 3))]
    for fn in (lambda x: (chx._core._polygamma(n, x),), lambda q: (chx._core._zeta(s, q),)):
        array_utils.check_backward(fn, [x], gy, 'float64', **array_utils.SMOOTH_GRAD_CHECK)
        array_utils.check_double_backward(fn, [x], gy, ggx, 'float64', **array_utils.SMOOTH_GRAD_CHECK)
    # The parameters receive no gradient.
    order = chx.array(numpy.array([1.0, 2.0])).require_grad()
    x = chx.array(numpy.array([1.5, 2.5])).require_grad()
    chx._core._polygamma(order, x).sum().backward()
    assert order.grad is None and x.grad is not None


def test_bad_arguments(device):
    x = chx.ones((2, 3), 'float32', device=device)
    with pytest.raises(chx.DimensionError):
        chx._core._polygamma(chx.ones((4,), 'int64', device=device), x)
    with pytest.raises(chx.DimensionError):
        chx._core._zeta(chx.ones((2,), 'float32', device=device), x)
    other = 'native:1' if device.name != 'native:1' else 'native:0'
    with pytest.raises(chx.DeviceError):
        chx._core._zeta(chx.ones((3,), 'float32', device=other), x)
    with pytest.raises(TypeError):
        chx._core._lgamma(None)
    with pytest.raises(TypeError):
        chx._core._erfc()
