"""Settings shared by the tests of the loss, evaluation, normalization and rnn functions.

`ToleranceTestCase` is a FunctionTestCase whose tolerances follow `self.dtype` (set by
`testing.parameterize`), scaled by `tolerance_scale`; `BACKENDS` are the two backend
configurations every FunctionTestCase runs on (NumPy, and chainerx on native:0).
"""

import numpy
import pytest

from chainer import testing

BACKENDS = [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}]
FLOAT_DTYPES = (numpy.float16, numpy.float32, numpy.float64)

# Per dtype: (forward, backward, double backward) options.
_TOLERANCES = {
    numpy.float16: ({'atol': 5e-3, 'rtol': 5e-3}, {'atol': 5e-3, 'rtol': 5e-2},
                    {'atol': 5e-2, 'rtol': 5e-2}),
    numpy.float32: ({'atol': 1e-5, 'rtol': 1e-5}, {'atol': 1e-4, 'rtol': 1e-3},
                    {'atol': 1e-3, 'rtol': 1e-2}),
    numpy.float64: ({'atol': 1e-12, 'rtol': 1e-10}, {'atol': 1e-5, 'rtol': 1e-4},
                    {'atol': 1e-4, 'rtol': 1e-3}),
}


class ToleranceTestCase(testing.FunctionTestCase):
    """A FunctionTestCase with the tolerances of `self.dtype`, times `tolerance_scale`."""

    tolerance_scale = 1.0
    dtype = numpy.float64

    def setUp(self):
        forward, backward, double = _TOLERANCES[self.dtype]
        scale = self.tolerance_scale
        self.check_forward_options = {k: v * scale for k, v in forward.items()}
        self.check_backward_options = {k: v * scale for k, v in backward.items()}
        self.check_double_backward_options = {k: v * scale for k, v in double.items()}


def uniform(shape, dtype, low=-1, high=1):
    """A seeded-by-the-caller uniform NumPy array of `shape` and `dtype`."""
    return numpy.random.uniform(low, high, shape).astype(dtype)


def raises_in_both_modes(mode, exception, function, *arrays):
    """Asserts that `function` on `arrays` converted to `mode` raises `exception`."""
    from mode_utils import make_array
    converted = [make_array(mode, a, numpy.asarray(a).dtype) for a in arrays]
    with pytest.raises(exception):
        function(*converted)
