"""Assertions shared by the distribution tests."""

import numpy

import chainer

from mode_utils import to_numpy

# (atol, rtol) of forward comparisons against the float64 references, per dtype.
FORWARD_TOLERANCES = {
    numpy.float16: (2e-2, 2e-2),
    numpy.float32: (2e-4, 2e-4),
    numpy.float64: (1e-9, 1e-8),
}


def assert_variable(actual, expected, dtype, mode=None, scale=1.0):
    """`actual` is a Variable of `dtype` (in `mode`, if given) whose array matches the float64
    `expected` (shape included) within the dtype's tolerances times `scale`."""
    assert isinstance(actual, chainer.Variable), type(actual)
    assert actual.dtype == numpy.dtype(dtype), (actual.dtype, dtype)
    if mode is not None:
        assert actual.xp.__name__ == ('numpy' if mode == 'numpy' else 'chainerx'), actual.xp
    expected = numpy.asarray(expected, numpy.float64)
    assert actual.shape == expected.shape, (actual.shape, expected.shape)
    atol, rtol = FORWARD_TOLERANCES[numpy.dtype(dtype).type]
    numpy.testing.assert_allclose(to_numpy(actual.array).astype(numpy.float64), expected,
                                  atol=atol * scale, rtol=rtol * scale)


def event_array(values, dtype, discrete):
    """Events for a method call: integer (int32) events of a discrete family stay integers."""
    return numpy.asarray(values).astype(numpy.int32 if discrete else dtype)
