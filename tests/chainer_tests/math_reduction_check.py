"""Table helpers of the reduction, product and linear-algebra tests (functions_tests/math_tests/).

They build on math_elementwise_check: a test module lists rows of (`check.Case`, input shapes) and
runs them through `check.ElementwiseTestCase` (forward against NumPy, backward and double backward
numerically, NumPy and chainerx backends, non-contiguous inputs). The helpers here add the rows
with argument variants and the axis-argument error checks that every reduction shares.
"""

import numpy
import pytest

import chainer
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
