"""float16 elementwise routines against NumPy's float16, to the bit where NumPy rounds once.

Native runs float16 formulas in float: the generic formulas in fused loops over groups of 16 values widened in
registers (Note [Fused float16 loops]), the float32 loops of vecmath.h over chunks of 256 converted values (Note
[float16 through float32 chunks], both in chainerx/native/half_elementwise.h). These tests cross both boundaries
and the partial last group, the gather buffers of strided and broadcast runs, and run in place.
"""

import numpy
import pytest

import chainerx as chx

# NumPy computes these float16 results in float and rounds once, as chainerx does: the same bits.
_EXACT_BINARY = {
    'add': (chx.add, numpy.add),
    'subtract': (chx.subtract, numpy.subtract),
    'multiply': (chx.multiply, numpy.multiply),
    'divide': (chx.divide, numpy.divide),
    'maximum': (chx.maximum, numpy.maximum),
    'minimum': (chx.minimum, numpy.minimum),
}

_VIEWS = {
    'contiguous': lambda x: x,
    'strided': lambda x: x[:, ::2],
    'reversed': lambda x: x[::-1, ::-1],
    'transposed': lambda x: x.T.T[:, 1:],
}


def _halves(shape, seed):
    values = numpy.random.default_rng(seed).standard_normal(shape) * 8
    halves = values.astype(numpy.float16)
    # Special values among the ordinary ones: the chunked loops must carry them like any other.
    specials = [numpy.inf, -numpy.inf, numpy.nan, 0.0, -0.0, 6.0e-8]
    flat = halves.reshape(-1)
    flat[:len(specials)] = specials[:flat.size]
    return halves


def _assert_same_bits(actual, expected):
    actual = chx.to_numpy(actual)
    assert actual.dtype == numpy.float16
    assert actual.shape == expected.shape
    # NaNs may differ in payload only; every other value to the bit.
    nan = numpy.isnan(expected)
    numpy.testing.assert_array_equal(numpy.isnan(actual), nan)
    numpy.testing.assert_array_equal(actual.view(numpy.uint16)[~nan], expected.view(numpy.uint16)[~nan])


@pytest.mark.parametrize('name', sorted(_EXACT_BINARY))
@pytest.mark.parametrize('view', sorted(_VIEWS))
@pytest.mark.parametrize('shape', [(3, 700), (2, 16), (4, 33), (1, 7), (1, 1), (0, 5)])
def test_binary_float16_is_numpys_float16(name, view, shape):
    chx_fn, numpy_fn = _EXACT_BINARY[name]
    x1, x2 = _halves(shape, 0), _halves(shape, 1)
    v = _VIEWS[view]
    with numpy.errstate(all='ignore'):
        _assert_same_bits(chx_fn(v(chx.array(x1)), v(chx.array(x2))), numpy_fn(v(x1), v(x2)))


@pytest.mark.parametrize('name', sorted(_EXACT_BINARY))
def test_binary_float16_broadcast_and_scalar_operands(name):
    chx_fn, numpy_fn = _EXACT_BINARY[name]
    x = _halves((5, 600), 2)
    row = _halves((1, 600), 3)
    column = numpy.random.default_rng(4).standard_normal((5, 1)).astype(numpy.float16)
    with numpy.errstate(all='ignore'):
        _assert_same_bits(chx_fn(chx.array(x), chx.array(row)), numpy_fn(x, row))
        _assert_same_bits(chx_fn(chx.array(column), chx.array(x)), numpy_fn(column, x))
        # A Python scalar is rounded to float16 first, as NumPy's weak scalars are.
        _assert_same_bits(chx_fn(chx.array(x), 1.7), numpy_fn(x, numpy.float16(1.7)))
        _assert_same_bits(chx_fn(2.3, chx.array(x)), numpy_fn(numpy.float16(2.3), x))
        # Runs shorter than a group of 16 values, and strided ones.
        for view in (lambda a: a[:1, :5], lambda a: a[:, ::3][:, :17]):
            _assert_same_bits(chx_fn(view(chx.array(x)), -0.7), numpy_fn(view(x), numpy.float16(-0.7)))
            _assert_same_bits(chx_fn(-0.7, view(chx.array(x))), numpy_fn(numpy.float16(-0.7), view(x)))


@pytest.mark.parametrize('op', ['__iadd__', '__isub__', '__imul__', '__itruediv__'])
def test_inplace_float16_reads_each_chunk_before_writing_it(op):
    x = _halves((1000,), 5)
    y = _halves((1000,), 6)
    a = chx.array(x)
    result = getattr(a, op)(chx.array(y))
    assert result is a
    # The array with itself: both operands are the output.
    b = chx.array(x)
    getattr(b, op)(b)
    with numpy.errstate(all='ignore'):
        _assert_same_bits(a, getattr(x.copy(), op)(y))
        _assert_same_bits(b, getattr(x.copy(), op)(x))


@pytest.mark.parametrize('chx_fn,numpy_fn', [
    (chx.exp, numpy.exp), (chx.tanh, numpy.tanh), (chx.log, numpy.log), (chx.sqrt, numpy.sqrt),
    (chx.sin, numpy.sin), (chx.negative, numpy.negative), (chx.square, numpy.square),
    (chx.absolute, numpy.absolute),
])
@pytest.mark.parametrize('view', sorted(_VIEWS))
def test_unary_float16_within_one_half_ulp_of_numpy(chx_fn, numpy_fn, view):
    # float math in float32 is within a few float ulps of NumPy's, so a float16 result may round the other way
    # at a tie between halves: at most one half ulp apart, and special values the same.
    x = numpy.abs(_halves((3, 700), 7)) if chx_fn in (chx.log, chx.sqrt) else _halves((3, 700), 7)
    v = _VIEWS[view]
    actual = chx.to_numpy(chx_fn(v(chx.array(x))))
    with numpy.errstate(all='ignore'):
        expected = numpy_fn(v(x))
    assert actual.dtype == numpy.float16
    numpy.testing.assert_array_equal(numpy.isnan(actual), numpy.isnan(expected))
    finite = numpy.isfinite(expected)
    infinite = ~finite & ~numpy.isnan(expected)
    numpy.testing.assert_array_equal(actual[infinite], expected[infinite])
    ulps = numpy.abs(actual[finite].view(numpy.int16).astype(numpy.int32) -
                     expected[finite].view(numpy.int16).astype(numpy.int32))
    assert ulps.max(initial=0) <= 1


def test_float16_power_with_a_scalar_exponent():
    x = numpy.abs(_halves((900,), 8))
    with numpy.errstate(all='ignore'):
        expected = numpy.power(x, numpy.float16(3))
    actual = chx.to_numpy(chx.array(x) ** 3)
    numpy.testing.assert_allclose(actual.astype(numpy.float64), expected.astype(numpy.float64), rtol=1e-3)
