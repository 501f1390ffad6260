"""Table helpers of the reduction, product and linear-algebra tests (functions_tests/math_tests/).

They build on math_elementwise_check: a test module lists rows of (`check.Case`, input shapes) and
runs them through `check.ElementwiseTestCase` (forward against NumPy, backward and double backward
numerically, NumPy and chainerx backends, non-contiguous inputs). The helpers here add the rows
with argument variants (`variant_rows`), the axis-argument error checks that every reduction
shares, and the table-driven case of the linear-algebra functions (`LinalgTestCase`).
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


def variant_rows(name, function, reference, variants, shapes_list, **case_options):
    """The (case, `shapes_list`) rows of a Case per keyword dict of `variants`.

    Each case checks function(*xs, **kw) against reference(*xs, **kw); `case_options` go to Case.
    """
    return [(check.Case('{}{}'.format(name, sorted(kw.items())),
                        lambda *xs, kw=kw: function(*xs, **kw),
                        lambda *xs, kw=kw: reference(*xs, **kw), **case_options), shapes_list)
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


# float16 is computed in float32.
LINALG_TOLERANCES = check.tolerances(forward=[(1e-2, 1e-2), (1e-5, 1e-4), (1e-10, 1e-10)],
                                     backward=[(5e-2, 5e-2), (1e-3, 1e-3), (1e-5, 1e-4)],
                                     double=[(1e-1, 1e-1), (1e-2, 1e-2), (1e-4, 1e-3)])


def well_conditioned(shape, dtype):
    """Random square matrices (or a batch of them) far from singular."""
    n = shape[-1]
    a = numpy.random.uniform(-1, 1, shape) + n * numpy.eye(n)
    return a.astype(dtype)


def linalg_parameters(function, batch_function, reference):
    """The parameter dicts of a LinalgTestCase, for every dtype.

    `function` runs on square matrices, `batch_function` (None: no batch rows) on batches of them
    (one of zero size); `reference` is the NumPy routine of both.
    """
    dtypes = list(LINALG_TOLERANCES)
    params = testing.product({'function': [function], 'reference': [reference],
                              'shape': [(3, 3), (1, 1)], 'dtype': dtypes})
    if batch_function is not None:
        params += testing.product({'function': [batch_function], 'reference': [reference],
                                   'shape': [(2, 3, 3), (0, 2, 2)], 'dtype': dtypes})
    return params


class LinalgTestCase(check.DtypeTestCase):
    """A function of one matrix (or batch) input; subclasses set `function` and `reference`."""

    __test__ = False  # a base: only the parameterized subclasses run
    tolerances = LINALG_TOLERANCES
    function = None
    reference = None

    def generate_inputs(self):
        return well_conditioned(self.shape, self.dtype),

    def forward(self, inputs, device):
        return type(self).function(inputs[0]),

    def forward_expected(self, inputs):
        reference = type(self).reference
        return numpy.asarray(reference(inputs[0].astype(numpy.float64))).astype(self.dtype),
