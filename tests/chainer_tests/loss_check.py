"""Settings shared by the tests of the activation, evaluation, loss, noise, normalization, rnn and
util functions, on top of math_elementwise_check's test case and tolerances.

`function_tests` makes the test classes of a `ToleranceTestCase` (a FunctionTestCase whose
tolerances follow `self.dtype`, scaled by `tolerance_scale`): one per combination of the given
parameters and the float dtypes, each run on the two backend configurations (NumPy, and chainerx
on native:0) with seeded random generators.
"""

import numpy
import pytest

from chainer import testing

import math_elementwise_check as elementwise_check
from mode_utils import make_array

FLOAT_DTYPES = elementwise_check.FLOAT_DTYPES
ToleranceTestCase = elementwise_check.DtypeTestCase


def function_tests(params, dtypes=FLOAT_DTYPES, where=None):
    """The class decorator of a FunctionTestCase: parameterized, seeded, on both backends.

    Args:
        params (dict): Each parameter's values; the test classes cover their product with
            `dtype` in `dtypes` (the last parameter of the test names).
        dtypes (sequence): The values of `dtype`.
        where (callable): If given, only the combinations (dicts) it accepts are tested.

    Returns:
        The decorator of `elementwise_check.cases_test` for those combinations.
    """
    combinations = testing.product(dict(params, dtype=list(dtypes)))
    if where is not None:
        combinations = [p for p in combinations if where(p)]
    return elementwise_check.cases_test(combinations)


def uniform(shape, dtype, low=-1, high=1):
    """A seeded-by-the-caller uniform NumPy array of `shape` and `dtype`."""
    return numpy.random.uniform(low, high, shape).astype(dtype)


def raises_in_both_modes(mode, exception, function, *arrays):
    """Asserts that `function` on `arrays` converted to `mode` raises `exception`."""
    converted = [make_array(mode, a, numpy.asarray(a).dtype) for a in arrays]
    with pytest.raises(exception):
        function(*converted)
