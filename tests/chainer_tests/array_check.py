"""The table-driven test case of the array functions (tests/.../array_tests/test_<group>.py).

A test module lists `Case` rows (the function under test, a NumPy reference, the inputs) and
generates one FunctionTestCase per (case, dtype) with `parameters`; the case checks forward against
the reference, backward and double backward numerically, on NumPy and on chainerx (native:0), with
non-contiguous inputs. `assert_error` checks an error case in a mode.
"""

import collections

import numpy
import pytest

import chainer
from chainer import testing

import math_elementwise_check as elementwise_check
from mode_utils import make_array

BACKENDS = elementwise_check.BACKENDS
FLOAT_DTYPES = elementwise_check.FLOAT_DTYPES

# Most array functions only move elements, so forward is exact; the gradient checks difference in
# float64 (FunctionTestCase's default).
_TOLERANCES = elementwise_check.tolerances(
    forward=[(1e-3, 1e-3), (1e-6, 1e-6), (1e-12, 1e-12)],
    backward=[(5e-3, 5e-2), (1e-4, 1e-3), (1e-6, 1e-5)],
    double=[(5e-2, 5e-2), (1e-3, 1e-2), (1e-5, 1e-4)])


class Case(collections.namedtuple('Case', 'name function reference inputs')):
    """One call under test.

    Attributes:
        name (str): Shown in the test names.
        function (callable): The chainer function, called with the input Variables; returns a
            Variable or a tuple of them.
        reference (callable): NumPy arrays in (copies), the expected array or tuple out.
        inputs (tuple): Per input, a shape (a uniform float input of the tested dtype) or a NumPy
            array (used as it is, e.g. integer indices).
    """

    def __new__(cls, name, function, reference, inputs=((2, 3),)):
        return super().__new__(cls, name, function, reference, tuple(inputs))

    def __repr__(self):
        return self.name


def parameters(cases, dtypes=FLOAT_DTYPES):
    """The parameter dicts of `testing.parameterize`: every case with every dtype."""
    return testing.product({'case': list(cases), 'dtype': list(dtypes)})


def _as_tuple(values):
    return values if isinstance(values, tuple) else (values,)


class ArrayTestCase(elementwise_check.DtypeTestCase):
    """Checks `self.case` on inputs of `self.dtype` (see the module docstring)."""

    tolerances = _TOLERANCES

    def generate_inputs(self):
        return tuple([numpy.random.uniform(-1, 1, spec).astype(self.dtype)
                      if isinstance(spec, tuple) else spec.copy() for spec in self.case.inputs])

    def forward(self, inputs, device):
        return _as_tuple(self.case.function(*inputs))

    def forward_expected(self, inputs):
        return tuple([numpy.asarray(y) for y in _as_tuple(self.case.reference(*inputs))])


def cases_test(cases, dtypes=FLOAT_DTYPES):
    """A decorator making a test class of ArrayTestCase over `cases` x `dtypes` x both backends."""
    return elementwise_check.cases_test(parameters(cases, dtypes))


def variable(mode, values, dtype=numpy.float64):
    """A Variable of `values` in `mode` ('numpy' or 'chainerx'); float ones require grad."""
    return chainer.Variable(make_array(mode, values, dtype),
                            requires_grad=numpy.dtype(dtype).kind == 'f')


def assert_error(error, function, *args, **kwargs):
    """`function(*args, **kwargs)` raises `error` (exactly that class or a subclass)."""
    with pytest.raises(error):
        function(*args, **kwargs)
