"""The table-driven test case of the elementwise math functions (functions_tests/math_tests/).

A test module lists `Case` rows (the function, a NumPy reference, the range of each input) and
generates one FunctionTestCase per (case, dtype, input shapes) with `cases_test(parameters(...))`;
the case checks forward against the reference, backward and double backward numerically, on NumPy
and on chainerx (native:0), with non-contiguous inputs. `unary_tests` makes the integer-input and
native-path tests that every module of unary cases has. `DtypeTestCase` and `cases_test` also
serve array_check.py and math_reduction_check.py.
"""

import collections

import numpy
import pytest

import chainer
import chainerx
from chainer import testing
from chainer.utils import type_check

from mode_utils import make_array

BACKENDS = [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}]
FLOAT_DTYPES = (numpy.float16, numpy.float32, numpy.float64)
UNARY_SHAPES = (((3, 2),), ((),), ((0, 3),))
BINARY_SHAPES = (((3, 2), (3, 2)), ((3, 2), (2,)), ((1, 2), (3, 1)), ((), ()), ((0, 3), (1, 3)))


def tolerances(forward, backward, double):
    """A table `{dtype: (forward, backward, double backward) check options}`.

    Each argument lists an (atol, rtol) pair per dtype of FLOAT_DTYPES.
    """
    return {dtype: tuple([{'atol': atol, 'rtol': rtol} for atol, rtol in pairs])
            for dtype, pairs in zip(FLOAT_DTYPES, zip(forward, backward, double))}


TOLERANCES = tolerances(forward=[(5e-3, 5e-3), (1e-6, 1e-5), (1e-12, 1e-10)],
                        backward=[(5e-3, 5e-2), (1e-4, 1e-3), (1e-5, 1e-4)],
                        double=[(5e-2, 5e-2), (1e-3, 1e-2), (1e-4, 1e-3)])


def _scaled(options, scale):
    return {key: value * scale for key, value in options.items()}


class DtypeTestCase(testing.FunctionTestCase):
    """A FunctionTestCase whose check options are `tolerances[self.dtype]` times `tolerance_scale`.

    The base of the table-driven test cases of the math and array families.
    """

    tolerances = TOLERANCES
    tolerance_scale = 1.0

    def setUp(self):
        forward, backward, double = self.tolerances[self.dtype]
        self.check_forward_options = _scaled(forward, self.tolerance_scale)
        self.check_backward_options = _scaled(backward, self.tolerance_scale)
        self.check_double_backward_options = _scaled(double, self.tolerance_scale)


def cases_test(params):
    """A class decorator: one seeded test class per dict of `params`, each run on both BACKENDS."""
    def decorate(cls):
        cls = testing.inject_backend_tests(None, BACKENDS)(cls)
        cls = testing.fix_random()(cls)
        return testing.parameterize(*params)(cls)
    return decorate


class Case(collections.namedtuple('Case', 'name function reference ranges scale no_grads')):
    """One function under test.

    Attributes:
        name (str): Shown in the test names.
        function (callable): The chainer function, called with the input Variables.
        reference (callable): NumPy arrays in (float64 copies), the expected value out.
        ranges (tuple): Per input, `(low, high)` for a uniform float input of the tested dtype, or
            a list of integers to draw an int64 input from.
        scale (float): Multiplies the tolerances (for large values or derivatives).
        no_grads (list of bool): Per input, True if the function gives it no gradient (a float
            parameter); None: the float inputs all have gradients.
    """

    def __new__(cls, name, function, reference, ranges=((-1.0, 1.0),), scale=1.0, no_grads=None):
        return super().__new__(cls, name, function, reference, tuple(ranges), scale, no_grads)

    def __repr__(self):
        return self.name


def parameters(cases, shapes_list, dtypes=FLOAT_DTYPES):
    """The parameter dicts of `testing.parameterize`: every case, dtype and input shapes."""
    return testing.product(
        {'case': list(cases), 'dtype': list(dtypes), 'shapes': list(shapes_list)})


class ElementwiseTestCase(DtypeTestCase):
    """Checks `self.case` on inputs of `self.dtype` and `self.shapes` (see the module docstring)."""

    dodge_nondifferentiable = True

    @property
    def tolerance_scale(self):
        return self.case.scale

    def setUp(self):
        super().setUp()
        if self.case.no_grads is not None:
            self.check_backward_options['no_grads'] = self.case.no_grads
            self.check_double_backward_options['no_grads'] = self.case.no_grads

    def generate_inputs(self):
        inputs = []
        for value_range, shape in zip(self.case.ranges, self.shapes):
            if isinstance(value_range, list):
                inputs.append(numpy.random.choice(value_range, shape).astype(numpy.int64))
            else:
                inputs.append(numpy.random.uniform(*value_range, size=shape).astype(self.dtype))
        return tuple(inputs)

    def forward(self, inputs, device):
        return self.case.function(*inputs),

    def forward_expected(self, inputs):
        args = [x.astype(numpy.float64) if x.dtype.kind == 'f' else x for x in inputs]
        return numpy.asarray(self.case.reference(*args)).astype(self.dtype),


def assert_invalid_for_integers(mode, function, arity=1):
    """`function` on int32 inputs raises InvalidType in `mode` ('numpy' or 'chainerx')."""
    with pytest.raises(type_check.InvalidType):
        function(*[make_array(mode, [1, 2], numpy.int32) for _ in range(arity)])


def assert_native(function, *values):
    """`function` on chainerx Variables of `values` never falls back, even in (double) backward."""
    xs = [chainer.Variable(chainerx.array(numpy.asarray(v, numpy.float64))) for v in values]
    before = chainer.function_node.fallback_count
    y = function(*xs)
    gxs = chainer.grad([y], xs, grad_outputs=[chainerx.ones_like(y.array)],
                       enable_double_backprop=True)
    connected = [g for g in gxs if g is not None and g.requires_grad]
    if connected:
        chainer.grad(connected, xs, grad_outputs=[chainerx.ones_like(g.array) for g in connected])
    assert chainer.function_node.fallback_count == before
    return y, gxs


def unary_tests(cases, native_values):
    """The two module-level tests of a module of unary cases (assign them to test_* names).

    Returns:
        tuple: `test_integer_input_is_invalid_type(mode, function)` and
        `test_native_on_chainerx(function)` (on `native_values`), over the cases' functions.
    """
    functions = pytest.mark.parametrize('function', [case.function for case in cases])

    @functions
    def test_integer_input_is_invalid_type(mode, function):
        assert_invalid_for_integers(mode, function)

    @functions
    def test_native_on_chainerx(function):
        assert_native(function, native_values)

    return test_integer_input_is_invalid_type, test_native_on_chainerx


def binary_tests(functions, native_values):
    """The tests that every module of binary elementwise functions has (assign them to test_*).

    Args:
        functions (list): The functions of two broadcastable float inputs of one dtype.
        native_values (tuple): Two nested lists for the native test, of broadcastable shapes.

    Returns:
        tuple: `test_native_with_broadcasting(function)` (no fallback, gradients of the inputs'
        shapes), `test_invalid_dtypes(mode, function, dtypes)` (InvalidType),
        `test_invalid_shapes(mode, function)` (InvalidType; on chainerx the routine runs without a
        type check, as in the original, and raises its own DimensionError) and
        `test_numpy_mixed_with_chainerx(function)` (TypeError).
    """
    each = pytest.mark.parametrize('function', functions)

    @each
    def test_native_with_broadcasting(function):
        y, gxs = assert_native(function, *native_values)
        shapes = [numpy.shape(v) for v in native_values]
        assert y.shape == numpy.broadcast_shapes(*shapes)
        assert [g.shape for g in gxs] == shapes

    @each
    @pytest.mark.parametrize('dtypes', [(numpy.int32,) * 2, (numpy.float32, numpy.float64)])
    def test_invalid_dtypes(mode, function, dtypes):
        with pytest.raises(type_check.InvalidType):
            function(make_array(mode, [1, 2], dtypes[0]), make_array(mode, [1, 2], dtypes[1]))

    @each
    def test_invalid_shapes(mode, function):
        with pytest.raises(type_check.InvalidType if mode == 'numpy'
                           else chainerx.DimensionError):
            function(make_array(mode, [1.0, 2.0]), make_array(mode, [1.0, 2.0, 3.0]))

    @each
    def test_numpy_mixed_with_chainerx(function):
        with pytest.raises(TypeError):
            function(chainer.Variable(make_array('chainerx', [1.0])), make_array('numpy', [1.0]))

    return (test_native_with_broadcasting, test_invalid_dtypes, test_invalid_shapes,
            test_numpy_mixed_with_chainerx)
