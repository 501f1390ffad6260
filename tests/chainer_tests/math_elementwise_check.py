"""The table-driven test case of the elementwise math functions (functions_tests/math_tests/).

A test module lists `Case` rows (the function, a NumPy reference, the range of each input) and
generates one FunctionTestCase per (case, dtype, input shapes) with `parameters`; the case checks
forward against the reference, backward and double backward numerically, on NumPy and on chainerx
(native:0), with non-contiguous inputs.
"""

import collections

import numpy

from chainer import testing

BACKENDS = [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}]
FLOAT_DTYPES = (numpy.float16, numpy.float32, numpy.float64)
UNARY_SHAPES = (((3, 2),), ((),), ((0, 3),))
BINARY_SHAPES = (((3, 2), (3, 2)), ((3, 2), (2,)), ((1, 2), (3, 1)), ((), ()), ((0, 3), (1, 3)))

# Per dtype: (forward, backward, double backward) options.
_TOLERANCES = {
    numpy.float16: ({'atol': 5e-3, 'rtol': 5e-3}, {'atol': 5e-3, 'rtol': 5e-2},
                    {'atol': 5e-2, 'rtol': 5e-2}),
    numpy.float32: ({'atol': 1e-6, 'rtol': 1e-5}, {'atol': 1e-4, 'rtol': 1e-3},
                    {'atol': 1e-3, 'rtol': 1e-2}),
    numpy.float64: ({'atol': 1e-12, 'rtol': 1e-10}, {'atol': 1e-5, 'rtol': 1e-4},
                    {'atol': 1e-4, 'rtol': 1e-3}),
}


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


def _scaled(options, scale):
    return {key: value * scale for key, value in options.items()}


class ElementwiseTestCase(testing.FunctionTestCase):
    """Checks `self.case` on inputs of `self.dtype` and `self.shapes` (see the module docstring)."""

    dodge_nondifferentiable = True

    def setUp(self):
        forward, backward, double = _TOLERANCES[self.dtype]
        self.check_forward_options = _scaled(forward, self.case.scale)
        self.check_backward_options = _scaled(backward, self.case.scale)
        self.check_double_backward_options = _scaled(double, self.case.scale)
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
    import pytest
    from chainer.utils import type_check
    from mode_utils import make_array
    with pytest.raises(type_check.InvalidType):
        function(*[make_array(mode, [1, 2], numpy.int32) for _ in range(arity)])


def assert_native(function, *values):
    """`function` on chainerx Variables of `values` never falls back, even in (double) backward."""
    import chainer
    import chainerx
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
