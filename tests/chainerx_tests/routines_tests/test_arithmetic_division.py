"""Division-like arithmetic: divide, true_divide, floor_divide, remainder/mod, fmod, power (A.4).

Forward results are compared with NumPy computed in the dtype chainerx promises; operators and
in-place operators (spec B.4) go through the same table.
"""

import itertools
import operator
import typing

import numpy
import pytest

import chainerx as chx

import array_utils
import unary_math_tests


class _Op(typing.NamedTuple):
    chx_func: typing.Callable
    np_func: typing.Callable
    op: typing.Optional[typing.Callable]  # the ndarray operator, if any
    iop: typing.Optional[typing.Callable]  # the in-place operator, if any
    math: bool  # whether the result dtype is the math dtype (non-float -> float32; for fmod only bool)
    accepts_bool: bool


_OPS = {
    'divide': _Op(chx.divide, numpy.true_divide, operator.truediv, operator.itruediv, True, False),
    'true_divide': _Op(chx.true_divide, numpy.true_divide, None, None, True, False),
    'floor_divide': _Op(
        chx.floor_divide, numpy.floor_divide, operator.floordiv, operator.ifloordiv, False, False
    ),
    'remainder': _Op(chx.remainder, numpy.remainder, operator.mod, operator.imod, False, False),
    'power': _Op(chx.power, numpy.power, operator.pow, None, False, False),
    'fmod': _Op(chx.fmod, numpy.fmod, None, None, True, True),
}
_WITH_SCALARS = sorted(name for name in _OPS if name != 'fmod')


def _operands(name, shape1, shape2, dtype1, dtype2, contiguous=True):
    """Seeded operands inside each op's domain: nonzero divisors, small non-negative exponents."""
    x1 = array_utils.make_numpy(shape1, dtype1, seed=1, contiguous=contiguous)
    x2 = array_utils.make_numpy(shape2, dtype2, seed=2, contiguous=contiguous)
    if name == 'power':
        x2 = numpy.abs(x2) if x2.dtype.kind in 'iu' else x2
    elif x2.dtype != numpy.bool_:
        x2[x2 == 0] = 1
    return x1, x2


def _result_dtype(name, dtype):
    if name == 'fmod' and numpy.dtype(dtype) != numpy.bool_:  # integer fmod keeps the integer dtype
        return numpy.dtype(dtype)
    return array_utils.math_dtype(dtype) if _OPS[name].math else numpy.dtype(dtype)


def _expected(np_func, *operands, dtype):
    with numpy.errstate(all='ignore'):
        return np_func(*[numpy.asarray(x).astype(dtype) for x in operands]).astype(dtype)


def _rejects(name, *dtypes):
    return not _OPS[name].accepts_bool and any(numpy.dtype(d) == numpy.bool_ for d in dtypes)


@pytest.mark.parametrize('name', sorted(_OPS))
@pytest.mark.parametrize('dtype1,dtype2', list(itertools.product(array_utils.ALL_DTYPES, repeat=2)))
def test_array_array_dtypes_and_values(name, dtype1, dtype2):
    x1, x2 = _operands(name, (2, 3), (2, 3), dtype1, dtype2)
    a1, a2 = chx.array(x1), chx.array(x2)
    if _rejects(name, dtype1, dtype2):
        with pytest.raises(chx.DtypeError):
            _OPS[name].chx_func(a1, a2)
        return
    dtype = _result_dtype(name, array_utils.result_dtype(dtype1, dtype2))
    expected = _expected(_OPS[name].np_func, x1, x2, dtype=dtype)
    array_utils.assert_array_equal(_OPS[name].chx_func(a1, a2), expected)
    if _OPS[name].op is not None:
        array_utils.assert_array_equal(_OPS[name].op(a1, a2), expected)


@pytest.mark.parametrize('name', sorted(_OPS))
@pytest.mark.parametrize('dtype', ['int16', 'float32'])
@pytest.mark.parametrize(
    'shape1,shape2',
    [((), ()), ((3,), ()), ((), (2, 3)), ((2, 1, 3), (4, 1)), ((0,), (0,)), ((2, 0), (2, 1))],
)
@pytest.mark.parametrize('contiguous', [True, False])
def test_broadcasts_and_strides_like_numpy(name, dtype, shape1, shape2, contiguous, device):
    x1, x2 = _operands(name, shape1, shape2, dtype, dtype, contiguous)
    a1, a2 = chx.array(x1, copy=False, device=device), chx.array(x2, copy=False, device=device)
    out = _OPS[name].chx_func(a1, a2)
    assert out.device is device
    array_utils.assert_array_equal(
        out, _expected(_OPS[name].np_func, x1, x2, dtype=_result_dtype(name, dtype))
    )


@pytest.mark.parametrize('name', sorted(_OPS))
def test_incompatible_shapes_raise_dimension_error(name):
    with pytest.raises(chx.DimensionError):
        _OPS[name].chx_func(chx.ones((2, 3)), chx.ones((3, 2)))


@pytest.mark.parametrize('name', _WITH_SCALARS)
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
@pytest.mark.parametrize('scalar', [2, 3, 1.5, True, numpy.int64(3), numpy.float16(0.5)])
def test_array_scalar_dtypes_and_values(name, dtype, scalar):
    chx_func, np_func, op = _OPS[name].chx_func, _OPS[name].np_func, _OPS[name].op
    x = _operands(name, (2, 3), (2, 3), dtype, dtype)[1]  # nonzero, non-negative for power
    a = chx.array(x)
    if _rejects(name, dtype) or isinstance(scalar, bool):
        for call in (lambda: chx_func(a, scalar), lambda: chx_func(scalar, a)):
            with pytest.raises(chx.DtypeError):
                call()
        return
    dtype_out = _result_dtype(name, array_utils.scalar_result_dtype(dtype, scalar))
    value = scalar.item() if isinstance(scalar, numpy.generic) else scalar
    expected = _expected(np_func, x, value, dtype=dtype_out)
    reflected = _expected(np_func, value, x, dtype=dtype_out)
    array_utils.assert_array_equal(chx_func(a, scalar), expected)
    array_utils.assert_array_equal(chx_func(scalar, a), reflected)
    if op is not None:
        array_utils.assert_array_equal(op(a, scalar), expected)
        array_utils.assert_array_equal(op(scalar, a), reflected)


def test_mod_is_remainder_and_fmod_takes_arrays_only():
    assert chx.mod is chx.remainder
    with pytest.raises(TypeError):
        chx.fmod(chx.ones(2), 2.0)


@pytest.mark.parametrize('dtype', ['int8', 'int32', 'int64', 'float16', 'float64'])
def test_signs_and_zero_divisors_follow_numpy(dtype):
    values = [-7, -6, -1, 0, 1, 6, 7]
    x1, x2 = [numpy.array(v, dtype) for v in zip(*itertools.product(values, [-3, -1, 0, 2]))]
    a1, a2 = chx.array(x1), chx.array(x2)
    for chx_func, np_func in ((chx.floor_divide, numpy.floor_divide), (chx.remainder, numpy.mod)):
        array_utils.assert_array_equal(chx_func(a1, a2), _expected(np_func, x1, x2, dtype=dtype))
    array_utils.assert_array_equal(chx.fmod(a1, a2), _expected(numpy.fmod, x1, x2, dtype=dtype))


def test_float_remainder_and_floor_divide_of_special_values():
    x1 = numpy.array([5.5, -5.5, numpy.inf, 1.0, -1.0, numpy.nan, 0.0])
    x2 = numpy.array([-2.0, 2.0, 3.0, numpy.inf, numpy.inf, 1.0, -2.0])
    for chx_func, np_func in ((chx.floor_divide, numpy.floor_divide), (chx.remainder, numpy.mod)):
        expected = _expected(np_func, x1, x2, dtype='float64')
        array_utils.assert_array_equal(chx_func(chx.array(x1), chx.array(x2)), expected)


def test_integer_power_wraps_and_truncates_negative_exponents():
    base = chx.array(numpy.array([2, 3, 1, -1, -1, 2], 'int8'))
    exponent = chx.array(numpy.array([7, 5, -3, -3, -2, -1], 'int8'))
    # 2**7 and 3**5 wrap in int8; 1/x**n truncates to 0 unless |x| == 1.
    array_utils.assert_array_equal(
        chx.power(base, exponent), numpy.array([-128, -13, 1, -1, 1, 0], 'int8')
    )

    # A scalar exponent (or base) takes its own kernel (PowerASKernel, PowerSAKernel): the same wrapping.
    array_utils.assert_array_equal(base ** 7, numpy.array([-128, -117, 1, -1, -1, -128], 'int8'))
    array_utils.assert_array_equal(base ** -1, numpy.array([0, 0, 1, -1, -1, 0], 'int8'))


@pytest.mark.parametrize('contiguous', [True, False])
@pytest.mark.parametrize('shape', [(), (0, 3), (2, 3)])
def test_power_with_a_scalar_reads_strided_and_empty_arrays(contiguous, shape, device):
    x = array_utils.make_numpy(shape, 'float32', seed=4, contiguous=contiguous)
    a = chx.array(x, copy=False, device=device)
    array_utils.assert_array_equal(a ** 2, x ** 2)
    array_utils.assert_array_equal(chx.power(0.5, a), numpy.power(numpy.float32(0.5), x))


@pytest.mark.parametrize('exponent', [2, 2.0, 0.5, 1, 1.0, -1])
@pytest.mark.parametrize('dtype', ['float16', 'float32', 'float64'])
def test_fast_scalar_exponents_match_numpy(exponent, dtype, device):
    # Note [Powers with a fast scalar exponent]: square, sqrt, copy and reciprocal, with NumPy's array ** scalar
    # values at the edges (sqrt(-0.0) is -0.0 and sqrt(-inf) NaN, where pow gives 0 and inf).
    x = numpy.array([-0.0, 0.0, -numpy.inf, numpy.inf, numpy.nan, -2.5, 0.75, 3.0, 1e-3], dtype)
    a = chx.array(x, device=device)
    with numpy.errstate(all='ignore'):
        expected = x ** exponent
    out = a ** exponent
    assert out.dtype == expected.dtype
    numpy.testing.assert_array_equal(chx.to_numpy(out), expected)
    numbers = ~numpy.isnan(expected)  # a NaN's sign bit is not specified
    assert numpy.array_equal(numpy.signbit(chx.to_numpy(out))[numbers], numpy.signbit(expected)[numbers])
    array_utils.assert_array_equal(chx.power(a, exponent), expected)
    assert (a ** exponent) is not a  # a copy for exponent 1, as NumPy's positive


# Note [Division by a power of two]: x / 2^k multiplies by 2^-k on native, with the quotient's bits: subnormal and
# overflowing quotients, signed zeros, infinities and NaN. 2^-130 and 2^-1070 have no finite reciprocal in float32
# and float64 (they divide), 3 no exact one.
@pytest.mark.parametrize('divisor', [2, -2, 0.5, 4.0, 2.0 ** 100, 2.0 ** -100, 2.0 ** -130, 2.0 ** -1070, 3])
@pytest.mark.parametrize('dtype', ['float16', 'float32', 'float64'])
def test_division_by_powers_of_two_matches_numpy_to_the_bit(divisor, dtype, device):
    info = numpy.finfo(dtype)
    x = numpy.array([-0.0, 0.0, -numpy.inf, numpy.inf, numpy.nan, -2.5, 0.75, 3.0, 1e-3, float(info.tiny),
                     float(info.tiny) * 3, float(info.max), -float(info.max), float(info.smallest_subnormal)], dtype)
    a = chx.array(x, device=device)
    with numpy.errstate(all='ignore'):
        # NumPy divides in the array's dtype (a Python scalar takes it), as chainerx does.
        expected = (x / numpy.asarray(divisor, dtype)).astype(dtype)
    for out in (a / divisor, chx.divide(a, divisor)):
        assert out.dtype == expected.dtype
        numpy.testing.assert_array_equal(chx.to_numpy(out), expected)
        numbers = ~numpy.isnan(expected)
        assert numpy.array_equal(numpy.signbit(chx.to_numpy(out))[numbers], numpy.signbit(expected)[numbers])
    b = chx.array(x, device=device)
    b /= divisor
    numpy.testing.assert_array_equal(chx.to_numpy(b), expected)


@pytest.mark.parametrize('exponent', [2, 0.5, 1, -1, 3, -1.5])
def test_scalar_exponent_gradients(exponent):
    x = chx.array(numpy.array([0.5, 1.25, 2.0, 3.5]))
    gy = array_utils.make_grad_input((4,), 'float64', seed=1)
    ggx = array_utils.make_grad_input((4,), 'float64', seed=2)
    array_utils.check_backward(lambda a: a ** exponent, [x], gy, 'float64', eps=1e-6, tolerances=(1e-6, 1e-6))
    array_utils.check_double_backward(
        lambda a: a ** exponent, [x], gy, ggx, 'float64', eps=1e-6, tolerances=(1e-5, 1e-5))


@pytest.mark.parametrize('dtype', ['int8', 'int32', 'uint8'])
def test_integer_bases_keep_their_powers(dtype):
    x = numpy.array([0, 1, 3, 5], dtype)
    array_utils.assert_array_equal(chx.array(x) ** 2, x ** 2)
    # An integer base with a float exponent computes in float32 (chainerx's default float), as pow.
    array_utils.assert_array_equal(chx.array(x) ** 0.5, numpy.power(x.astype('float32'), numpy.float32(0.5)))


# In-place operators: name -> (in-place operator, NumPy function)
_INPLACE = {name: (_OPS[name].iop, _OPS[name].np_func) for name in _OPS if _OPS[name].iop}
_INPLACE['iremainder'] = (lambda a, b: a.__iremainder__(b), numpy.remainder)


@pytest.mark.parametrize('name', sorted(_INPLACE))
@pytest.mark.parametrize('dtype', ['int8', 'uint8', 'int64', 'float16', 'float64'])
@pytest.mark.parametrize('rhs', ['array', 'broadcast', 'int'])
def test_inplace_operators_modify_the_same_object(name, dtype, rhs):
    iop, np_func = _INPLACE[name]
    if name == 'divide' and numpy.dtype(dtype).kind != 'f':
        pytest.skip('integer in-place division is a DtypeError (test_inplace_dtype_errors)')
    x, other = _operands('remainder', (2, 3), (2, 3), dtype, dtype)
    other = {'array': chx.array(other), 'broadcast': chx.array(other[0]), 'int': 2}[rhs]
    a = chx.array(x)
    data_ptr = a.data_ptr
    assert iop(a, other) is a and a.data_ptr == data_ptr
    other_np = chx.to_numpy(other) if isinstance(other, chx.ndarray) else other
    array_utils.assert_array_equal(a, _expected(np_func, x, other_np, dtype=dtype))


@pytest.mark.parametrize(
    'iop,dtype,other',
    [
        (operator.itruediv, 'int32', 2),
        (operator.itruediv, 'int32', lambda: chx.ones(3, 'float32')),
        (operator.ifloordiv, 'bool_', lambda: chx.ones(3, 'bool_')),
        (operator.ifloordiv, 'int16', True),
        (operator.ifloordiv, 'int8', 1.5),
        (operator.imod, 'bool_', 1),
        (operator.imod, 'int32', lambda: chx.ones(3, 'float16')),
    ],
)
def test_inplace_dtype_errors(iop, dtype, other):
    with pytest.raises(chx.DtypeError):
        iop(chx.ones(3, dtype), other() if callable(other) else other)  # arrays are made on the default device


@pytest.mark.parametrize('name', sorted(_INPLACE))
def test_inplace_on_an_array_requiring_grad_raises(name):
    with pytest.raises(chx.ChainerxError):
        _INPLACE[name][0](chx.ones((2,)).require_grad(), 2.0)


def test_reflected_operators_take_scalars_only():
    a = chx.ones(3, 'float32')
    for rname in ('__rtruediv__', '__rfloordiv__', '__rmod__', '__rpow__', '__rremainder__'):
        assert getattr(a, rname)(a) is NotImplemented
        assert getattr(a, rname)('x') is NotImplemented
    with pytest.raises(TypeError):
        None % a
    array_utils.assert_array_equal(a.__remainder__(2.0), numpy.ones(3, 'float32'))
    array_utils.assert_array_equal(a.__rremainder__(2.0), numpy.zeros(3, 'float32'))


def _power_inputs(shapes, dtype):
    base = numpy.abs(chx.to_numpy(array_utils.make_grad_input(shapes[0], dtype, seed=0))) + 0.5
    return [chx.array(base), array_utils.make_grad_input(shapes[1], dtype, seed=1)]


def _remainder_inputs(shapes, dtype):
    """x1 = x2 * (n + 1/2): every input is at least 1/2 of a period away from a discontinuity."""
    rng = numpy.random.default_rng(0)
    x2 = rng.integers(4, 9, shapes[1]) * rng.choice((-1, 1), shapes[1]) / 4.0
    x1 = numpy.broadcast_to(x2, shapes[0]) * (rng.integers(-1, 2, shapes[0]) + 0.5)
    return [chx.array(x1.astype(dtype)), chx.array(x2.astype(dtype))]


def _default_inputs(shapes, dtype):
    return [array_utils.make_grad_input(shape, dtype, seed=i) for i, shape in enumerate(shapes)]


# name -> (function of arrays, input maker)
_DIFFERENTIABLE = {
    'divide': (lambda x1, x2: x1 / x2, _default_inputs),
    'rdivide_scalar': (lambda x: 1.5 / x, _default_inputs),
    'power': (chx.power, _power_inputs),
    'power_scalar_exponent': (lambda x1, x2: x1 ** 3 * x2, _default_inputs),
    'power_scalar_base': (lambda x1, x2: 2 ** x2 * x1, _default_inputs),
    'power_fractional_scalar_exponent': (lambda x1, x2: x1 ** -1.5 * x2, _power_inputs),
    'remainder': (chx.remainder, _remainder_inputs),
    # x1 = 0.75 * (n + 1/2) and 1.3 / x2 in {±1.3, ±1.04, ±0.87, ±0.74, ±0.65}: away from the jumps.
    'remainder_scalar_divisor': (lambda x1, x2: chx.remainder(x1 * 0.75 / x2, 0.75), _remainder_inputs),
    'remainder_scalar_dividend': (lambda x1, x2: chx.remainder(1.3, x2) * x1, _remainder_inputs),
    'fmod': (chx.fmod, _remainder_inputs),
}


def _grad_case(name, shapes, dtype):
    fn, make_inputs = _DIFFERENTIABLE[name]
    n_inputs = fn.__code__.co_argcount if hasattr(fn, '__code__') else 2
    inputs = make_inputs(shapes[:n_inputs], dtype)
    with chx.no_backprop_mode():
        out_shape = fn(*inputs).shape
    return fn, inputs, array_utils.make_grad_input(out_shape, dtype, seed=10)


# Backward on each pair of operand shapes, double backward and float16/float32 at ((2, 3), (3,)).
unary_math_tests.install_gradient_tests(
    globals(),
    _grad_case,
    sorted(_DIFFERENTIABLE),
    shapes=[((), ()), ((2, 3), (2, 3)), ((2, 3), (3,)), ((0, 2), (2,))],
    double_backward_shape=((2, 3), (3,)),
)


def test_floor_divide_has_no_gradient():
    x = chx.array([3.0, -3.5]).require_grad()
    assert not chx.floor_divide(x, 2.0).is_backprop_required()


@pytest.mark.parametrize('required', [(True, True), (False, True), (True, False)])
def test_division_gradients_of_either_operand_and_of_both(required):
    # Note [Division gradients]: one backward target computes gx2 = -(gx1 * out) from gx1 = gy / x2.
    rng = numpy.random.default_rng(0)
    x1_np, x2_np = rng.uniform(0.5, 2, (2, 3)), rng.uniform(0.5, 2, (3,)) * numpy.array([1, -1, 1])
    gy_np = rng.standard_normal((2, 3))
    x1, x2 = chx.array(x1_np), chx.array(x2_np)
    wanted = [a.require_grad() for a, flag in zip((x1, x2), required) if flag]
    grads = chx.grad([x1 / x2], wanted, grad_outputs=[chx.array(gy_np)])
    expected = [gy_np / x2_np, (-gy_np * x1_np / x2_np ** 2).sum(axis=0)]
    for grad, want in zip(grads, [e for e, flag in zip(expected, required) if flag]):
        numpy.testing.assert_allclose(chx.to_numpy(grad), want, rtol=1e-13)


def test_division_gradient_where_the_squared_divisor_overflows():
    # x2² overflows float32 while -x1 / x2² is -1e-40, a subnormal float32 (not -0, as -x1 / inf would give).
    x1 = chx.array([1.0, -1.0], 'float32').require_grad()
    x2 = chx.array([1e20, 1e20], 'float32').require_grad()
    gx1, gx2 = chx.grad([x1 / x2], [x1, x2], grad_outputs=[chx.ones((2,), 'float32')])
    numpy.testing.assert_allclose(chx.to_numpy(gx2), [-1e-40, 1e-40], rtol=1e-4)
    assert (chx.to_numpy(gx2) != 0).all()
    numpy.testing.assert_allclose(chx.to_numpy(gx1), [1e-20, 1e-20], rtol=1e-6)


def _float32_division_operands():
    """float32 pairs of every kind the float32 loops tell apart (Note [Exact float fmod]): random bit patterns (huge
    and tiny quotients, subnormals, infinities, nans), moderate values, exact multiples of the divisor and their
    neighbours (quotients at and next to an integer), and every pair of special values."""
    rng = numpy.random.default_rng(12)
    bits = rng.integers(0, 2**32, (2, 4000), dtype=numpy.uint64).astype(numpy.uint32).view(numpy.float32)
    moderate = rng.uniform(-1000, 1000, 4000).astype(numpy.float32)
    divisors = rng.uniform(-10, 10, 4000).astype(numpy.float32)
    multiples = rng.integers(-9000000, 9000000, 4000).astype(numpy.float32) * divisors
    near = numpy.concatenate([multiples, numpy.nextafter(multiples, numpy.float32(numpy.inf)),
                              numpy.nextafter(multiples, numpy.float32(-numpy.inf))])
    specials = numpy.array([0.0, -0.0, 1.0, -1.0, 0.75, -2.5, numpy.inf, -numpy.inf, numpy.nan, 3.4e38, -3.4e38,
                            1e-45, -1e-45, 8388608.0, 16777215.0, 1e30], numpy.float32)
    grid1, grid2 = (g.ravel() for g in numpy.meshgrid(specials, specials))
    x1 = numpy.concatenate([bits[0], moderate, near, grid1])
    x2 = numpy.concatenate([bits[1], divisors, numpy.tile(divisors, 3), grid2])
    return x1, x2


def _assert_same_float_bits(actual, expected):
    actual = chx.to_numpy(actual)
    assert actual.dtype == expected.dtype
    same = (actual.view(numpy.uint32) == expected.view(numpy.uint32)) | (numpy.isnan(actual) & numpy.isnan(expected))
    assert same.all(), (actual[~same][:5], expected[~same][:5])


@pytest.mark.parametrize('name', ['floor_divide', 'remainder', 'fmod'])
def test_float32_division_gives_numpys_bits(name, device):
    # float32 runs per-CPU-level loops whose fmod is exact: NumPy's bits, also for strided and broadcast operands.
    chx_func, np_func = _OPS[name].chx_func, _OPS[name].np_func
    x1, x2 = _float32_division_operands()
    with numpy.errstate(all='ignore'):
        expected = np_func(x1, x2)
        a1, a2 = chx.array(x1, device=device), chx.array(x2, device=device)
        _assert_same_float_bits(chx_func(a1, a2), expected)
        _assert_same_float_bits(chx_func(a1[::2], a2[::2]), expected[::2])
        column = x2[:7].reshape(7, 1)
        _assert_same_float_bits(chx_func(a1[:700].reshape(7, 100), chx.array(column, device=device)),
                                np_func(x1[:700].reshape(7, 100), column))
        if name != 'fmod':
            for scalar in (0.75, -2.5, 0.0, 1e-3):
                s = numpy.float32(scalar)
                _assert_same_float_bits(chx_func(a1, scalar), np_func(x1, s))
                _assert_same_float_bits(chx_func(scalar, a1[::3]), np_func(s, x1[::3]))


@pytest.mark.parametrize('name', ['floor_divide', 'remainder', 'fmod'])
def test_float16_division_rounds_the_float32_result(name):
    chx_func, np_func = _OPS[name].chx_func, _OPS[name].np_func
    with numpy.errstate(all='ignore'):
        x1, x2 = (x.astype(numpy.float16) for x in _float32_division_operands())
        expected = np_func(x1.astype(numpy.float32), x2.astype(numpy.float32)).astype(numpy.float16)
        actual = chx.to_numpy(chx_func(chx.array(x1), chx.array(x2)))
    same = (actual.view(numpy.uint16) == expected.view(numpy.uint16)) | (numpy.isnan(actual) & numpy.isnan(expected))
    assert same.all(), (actual[~same][:5], expected[~same][:5])


@pytest.mark.parametrize('contiguous', [True, False])
def test_float32_small_integer_powers_are_within_an_ulp_of_numpy(contiguous, device):
    # Note [Small integer powers]: x ** n for |n| <= 15 as products in double, correctly rounded on native (NumPy's
    # powf is within an ulp); C's values at zeros, infinities and nan.
    rng = numpy.random.default_rng(14)
    bits = rng.integers(0, 2**32, 3000, dtype=numpy.uint64).astype(numpy.uint32).view(numpy.float32)
    specials = numpy.array([0.0, -0.0, 1.0, -1.0, 2.0, -3.0, 0.5, numpy.inf, -numpy.inf, numpy.nan, 3.4e38, 1e-45,
                            -1e-45], numpy.float32)
    x = numpy.concatenate([bits[numpy.isfinite(bits)], rng.uniform(-4, 4, 3000).astype(numpy.float32), specials])
    if not contiguous:
        x = numpy.repeat(x, 2)[::2]
    a = chx.array(x, copy=False, device=device)
    for n in range(-15, 16):
        with numpy.errstate(all='ignore'):
            expected = numpy.power(x, numpy.float32(n))
        actual = chx.to_numpy(a ** n)
        assert actual.dtype == numpy.float32
        nan = numpy.isnan(expected)
        assert numpy.array_equal(numpy.isnan(actual), nan), n
        numpy.testing.assert_array_max_ulp(actual[~nan], expected[~nan], maxulp=1)
        zero = expected == 0
        assert numpy.array_equal(numpy.signbit(actual[zero]), numpy.signbit(expected[zero])), n


@pytest.mark.parametrize('exponent', [3, -2, 2.0, numpy.int64(3), numpy.float32(-1.0), 15, 16, 2.5])
@pytest.mark.parametrize('shape', [(), (0,), (3, 0), (5,)])
def test_float32_power_of_a_scalar_kind_and_shape(exponent, shape, device):
    # The small-integer loop takes every scalar kind whose value is integral; 16 and 2.5 take the general kernel.
    x = numpy.linspace(-2, 2, numpy.prod(shape, dtype=int)).astype(numpy.float32).reshape(shape)
    with numpy.errstate(all='ignore'):
        expected = numpy.power(x, numpy.float32(exponent))
    actual = chx.to_numpy(chx.array(x, device=device) ** exponent)
    assert actual.shape == expected.shape and actual.dtype == numpy.float32
    numpy.testing.assert_array_max_ulp(actual, expected, maxulp=1)
