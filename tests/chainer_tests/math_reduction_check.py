"""Table helpers of the reduction, product and linear-algebra tests (functions_tests/math_tests/).

They build on math_elementwise_check: a test module lists rows of (`check.Case`, input shapes) and
runs them through `check.ElementwiseTestCase` (forward against NumPy, backward and double backward
numerically, NumPy and chainerx backends, non-contiguous inputs). The helpers here add the rows
with argument variants and the axis-argument error checks that every reduction shares.
"""

import numpy
import pytest

import chainer
from chainer import testing
from chainer.utils import type_check

import math_elementwise_check as check
from mode_utils import make_array


def parameters(rows, dtypes=check.FLOAT_DTYPES):
    """The `testing.parameterize` dicts of (case, list of input shapes) rows, times the dtypes."""
    params = []
    for case, shapes_list in rows:
        params += check.parameters([case], shapes_list, dtypes)
    return params


def variant_cases(name, function, reference, variants, **case_options):
    """One Case per keyword dict of `variants`: function(*xs, **kw) against reference(*xs, **kw)."""
    return [check.Case('{}{}'.format(name, sorted(kw.items())),
                       lambda *xs, kw=kw: function(*xs, **kw),
                       lambda *xs, kw=kw: reference(*xs, **kw), **case_options)
            for kw in variants]


def assert_axis_errors(mode, function, accepts_tuple=True):
    """`function(x, axis=...)` rejects bad axes in `mode` as the original does.

    A wrong type is a TypeError, a repeated axis a ValueError, an axis out of range or an integer
    input an InvalidType.
    """
    x = make_array(mode, numpy.ones((2, 3, 4)))
    bad_types = [1.5, 'a', [0], True] + ([(0, 1.5)] if accepts_tuple else [(0, 1)])
    for axis in bad_types:
        with pytest.raises(TypeError):
            function(x, axis=axis)
    if accepts_tuple:
        with pytest.raises(ValueError):
            function(x, axis=(1, 1))
    for axis in [3, -4] + ([(0, 3)] if accepts_tuple else []):
        with pytest.raises(type_check.InvalidType):
            function(x, axis=axis)
    with pytest.raises(type_check.InvalidType):
        function(make_array(mode, [[1, 2]], numpy.int32))


def gradients(mode, function, *values):
    """The output of `function` on Variables of `values` in `mode`, and their gradients for ones."""
    xs = [chainer.Variable(make_array(mode, v)) for v in values]
    y = function(*xs)
    gy = make_array(mode, numpy.ones(y.shape))
    return y, chainer.grad([y], xs, grad_outputs=[gy])


# Per dtype: (forward, backward, double backward) tolerances; float16 is computed in float32.
LINALG_TOLERANCES = {
    numpy.float16: ({'atol': 1e-2, 'rtol': 1e-2}, {'atol': 5e-2, 'rtol': 5e-2},
                    {'atol': 1e-1, 'rtol': 1e-1}),
    numpy.float32: ({'atol': 1e-5, 'rtol': 1e-4}, {'atol': 1e-3, 'rtol': 1e-3},
                    {'atol': 1e-2, 'rtol': 1e-2}),
    numpy.float64: ({'atol': 1e-10, 'rtol': 1e-10}, {'atol': 1e-5, 'rtol': 1e-4},
                    {'atol': 1e-4, 'rtol': 1e-3}),
}


def well_conditioned(shape, dtype):
    """Random square matrices (or a batch of them) far from singular."""
    n = shape[-1]
    a = numpy.random.uniform(-1, 1, shape) + n * numpy.eye(n)
    return a.astype(dtype)


class LinalgTestCase(testing.FunctionTestCase):
    """A function of one matrix (or batch) input; subclasses set `function` and `reference`."""

    __test__ = False  # a base: only the parameterized subclasses run
    function = None
    reference = None

    def setUp(self):
        forward, backward, double = LINALG_TOLERANCES[self.dtype]
        self.check_forward_options = forward
        self.check_backward_options = backward
        self.check_double_backward_options = double

    def generate_inputs(self):
        return well_conditioned(self.shape, self.dtype),

    def forward(self, inputs, device):
        return type(self).function(inputs[0]),

    def forward_expected(self, inputs):
        reference = type(self).reference
        return numpy.asarray(reference(inputs[0].astype(numpy.float64))).astype(self.dtype),
