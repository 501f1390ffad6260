"""Test functions shared by the math routine families, installed into each family's test module.

The elementwise math families (exp/log, trigonometric, hyperbolic, rounding) promise the same things
of every function: the result is computed in the math dtype, on any shape, layout and device, with
NumPy's special values, and (where differentiable) with gradients matching central differences.
`install` writes those tests once and adds them, parametrised by a family's table, to the calling
module, so a family file holds only its table and what is peculiar to it.

The arithmetic files check a table of differentiable expressions the same way:
`install_gradient_tests` adds those checks (float64 backward and double backward, float16/float32
smoke tests).

pytest collects any `test_*` function in a test module's globals, wherever it was defined, and the
`device` fixture comes from conftest.py as for the family's own tests.
"""

import typing

import numpy
import pytest

import chainerx as chx

import array_utils


class Op(typing.NamedTuple):
    """One function of a family: the chainerx function, its NumPy reference and, for gradient
    checks, a map of `make_grad_input` values (float64 NumPy) into the function's smooth domain."""

    chx_func: typing.Callable
    np_func: typing.Callable
    domain: typing.Optional[typing.Callable] = None


# Central differences of transcendental functions need steps far below the shared ones, which are
# tuned to differentiate polynomials exactly; the steps are powers of two so x +- eps is exact.
# Unlike array_utils.SMOOTH_GRAD_CHECK (float64 only) this covers float16 and float32 too.
SMOOTH_GRAD_EPS = {'float16': 2**-4, 'float32': 2**-8, 'float64': 2**-12}
SMOOTH_GRAD_TOLERANCES = {
    'float16': (5e-2, 5e-2),
    'float32': (2e-3, 2e-3),
    'float64': (1e-6, 1e-6),
}


def smooth_grad_check(dtype):
    """Keyword arguments of array_utils.check_backward/check_double_backward for smooth functions
    in `dtype`."""
    dtype = numpy.dtype(dtype).name
    return {'eps': SMOOTH_GRAD_EPS[dtype], 'tolerances': SMOOTH_GRAD_TOLERANCES[dtype]}


def _expected(op, x):
    """NumPy's result computed in the math dtype, where chainerx promises to compute."""
    dtype = array_utils.math_dtype(x.dtype)
    with numpy.errstate(all='ignore'):
        return op.np_func(x.astype(dtype)).astype(dtype)


def _grad_input(op, shape, dtype, seed):
    x = chx.to_numpy(array_utils.make_grad_input(shape, 'float64', seed=seed))
    return chx.array((x if op.domain is None else op.domain(x)).astype(dtype))


def install(namespace, ops, special_values, exact=False, differentiable=True):
    """Adds the shared tests of a family of elementwise math functions to `namespace`.

    `ops` maps test ids to `Op`s; `special_values` are inputs where the functions have limits, poles
    or no real result. With `exact`, special values must match NumPy to the bit, including the sign
    of zero results (as for rounding, whose results are exactly representable). Without
    `differentiable` (rounding, whose gradient is zero and tested by its family), no gradient
    checks are installed.
    """
    names = sorted(ops)

    @pytest.mark.parametrize('name', names)
    @pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
    def test_forward_matches_numpy_in_the_math_dtype(name, dtype):
        x = array_utils.make_numpy((2, 3), dtype, seed=1)
        array_utils.assert_array_equal(ops[name].chx_func(chx.array(x)), _expected(ops[name], x))

    @pytest.mark.parametrize('name', names)
    @pytest.mark.parametrize('shape', array_utils.SHAPES)
    @pytest.mark.parametrize('contiguous', [True, False])
    def test_forward_on_any_shape_and_layout(name, shape, contiguous, device):
        x = array_utils.make_numpy(shape, 'float32', seed=2, contiguous=contiguous)
        out = ops[name].chx_func(chx.array(x, copy=False, device=device))
        assert out.device is device, (out.device, device)
        array_utils.assert_array_equal(out, _expected(ops[name], x))

    @pytest.mark.parametrize('name', names)
    @pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
    def test_forward_on_special_values(name, dtype):
        with numpy.errstate(over='ignore'):  # large values overflow to inf in float16
            x = numpy.array(special_values, dtype)
        out = ops[name].chx_func(chx.array(x))
        expected = _expected(ops[name], x)
        if not exact:
            array_utils.assert_array_equal(out, expected)
            return
        array_utils.assert_array_equal(out, expected, rtol=0, atol=0)
        signbit = numpy.signbit(chx.to_numpy(out))
        assert numpy.array_equal(signbit, numpy.signbit(expected)), (x, chx.to_numpy(out))

    @pytest.mark.parametrize('name', names)
    @pytest.mark.parametrize('dtype', ['int8', 'int64'])
    def test_integer_input_gives_a_float32_result_outside_the_graph(name, dtype):
        out = ops[name].chx_func(chx.arange(1, 4, dtype=dtype))
        assert out.dtype == numpy.float32, out.dtype
        assert not out.is_backprop_required()

    @pytest.mark.parametrize('name', names)
    @pytest.mark.parametrize('arg', [1.0, [1.0], None, numpy.ones(2)])
    def test_non_array_arguments_raise_type_error(name, arg):
        with pytest.raises(TypeError):
            ops[name].chx_func(arg)

    tests = [
        test_forward_matches_numpy_in_the_math_dtype,
        test_forward_on_any_shape_and_layout,
        test_forward_on_special_values,
        test_integer_input_gives_a_float32_result_outside_the_graph,
        test_non_array_arguments_raise_type_error,
    ]
    if differentiable:
        tests += _gradient_tests(ops, names)
    for test in tests:
        namespace[test.__name__] = test


def _gradient_tests(ops, names):
    @pytest.mark.parametrize('name', names)
    @pytest.mark.parametrize('shape', [(), (2, 3)])
    @pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
    def test_backward_matches_numerical_gradients(name, shape, dtype):
        x = _grad_input(ops[name], shape, dtype, seed=1)
        gy = array_utils.make_grad_input(shape, dtype, seed=2)
        array_utils.check_backward(ops[name].chx_func, [x], gy, dtype, **smooth_grad_check(dtype))

    @pytest.mark.parametrize('name', names)
    @pytest.mark.parametrize('shape', [(), (2, 3)])
    def test_double_backward_matches_numerical_gradients(name, shape):
        x = _grad_input(ops[name], shape, 'float64', seed=3)
        gy = array_utils.make_grad_input(shape, 'float64', seed=4)
        ggx = array_utils.make_grad_input(shape, 'float64', seed=5)
        array_utils.check_double_backward(
            ops[name].chx_func, [x], gy, ggx, 'float64', **smooth_grad_check('float64')
        )

    @pytest.mark.parametrize('name', names)
    def test_gradient_of_a_non_contiguous_input(name):
        x = _grad_input(ops[name], (3, 2), 'float64', seed=6)
        gy = array_utils.make_grad_input((2, 3), 'float64', seed=7)
        array_utils.check_backward(
            lambda a: ops[name].chx_func(a.T), [x], gy, 'float64', **smooth_grad_check('float64')
        )

    return [
        test_backward_matches_numerical_gradients,
        test_double_backward_matches_numerical_gradients,
        test_gradient_of_a_non_contiguous_input,
    ]


def install_gradient_tests(namespace, grad_case, names, shapes, double_backward_shape):
    """Adds gradient tests of a table of differentiable expressions to `namespace`.

    `grad_case(name, shape, dtype)` returns (function of arrays, its input arrays, output
    gradient) at `shape` (whatever the table reads as a shape, e.g. a pair of operand shapes).
    float64 gradients are checked by central differences on every shape of `shapes`, second order
    at `double_backward_shape`; float16/float32 gradients against float64 ones, as their numerical
    gradients are too coarse.
    """

    @pytest.mark.parametrize('name', names)
    @pytest.mark.parametrize('shape', shapes)
    def test_backward_matches_numerical_gradients(name, shape):
        fn, inputs, gy = grad_case(name, shape, 'float64')
        array_utils.check_backward(fn, inputs, gy, 'float64', **array_utils.SMOOTH_GRAD_CHECK)

    @pytest.mark.parametrize('name', names)
    def test_double_backward_matches_numerical_gradients(name):
        fn, inputs, gy = grad_case(name, double_backward_shape, 'float64')
        ggx = [
            array_utils.make_grad_input(x.shape, 'float64', seed=20 + i)
            for i, x in enumerate(inputs)
        ]
        check = array_utils.SMOOTH_GRAD_CHECK
        array_utils.check_double_backward(fn, inputs, gy, ggx, 'float64', **check)

    @pytest.mark.parametrize('name', names)
    @pytest.mark.parametrize('dtype', ['float16', 'float32'])
    def test_narrow_float_gradients_agree_with_float64(name, dtype):
        """Smoke test of float16/float32 backward (numerical gradients are too coarse there)."""
        fn, inputs, gy = grad_case(name, double_backward_shape, 'float64')
        expected = array_utils.first_order_grads(fn, inputs, [gy])
        narrow_inputs = [x.astype(dtype) for x in inputs]
        narrow = array_utils.first_order_grads(fn, narrow_inputs, [gy.astype(dtype)])
        rtol, atol = array_utils.GRAD_TOLERANCES[dtype]
        for grad, grad64 in zip(narrow, expected):
            assert grad.dtype == dtype, grad.dtype
            numpy.testing.assert_allclose(
                chx.to_numpy(grad).astype('float64'), chx.to_numpy(grad64), rtol=rtol, atol=atol
            )

    for test in (
        test_backward_matches_numerical_gradients,
        test_double_backward_matches_numerical_gradients,
        test_narrow_float_gradients_agree_with_float64,
    ):
        namespace[test.__name__] = test
