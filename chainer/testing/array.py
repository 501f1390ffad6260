"""Array comparison for tests: `assert_allclose` on NumPy, CuPy and chainerx arrays alike."""

import io

import numpy

import chainer
import chainerx


def _to_numpy(x):
    """Returns `x` as a NumPy array or scalar, copying device arrays to the host."""
    if isinstance(x, chainer.Variable):
        x = x.array
    if isinstance(x, chainerx.ndarray):
        return chainerx.to_numpy(x)
    if type(x).__module__.startswith('cupy'):
        return x.get()
    return numpy.asarray(x)


def assert_allclose(x, y, atol=1e-5, rtol=1e-4, verbose=True):
    """Asserts that two arrays are equal within tolerances, elementwise.

    The check is `|x - y| <= atol + rtol * |y|` for every element after broadcasting; NaNs in the
    same places compare equal. On failure the message names the worst element (its index, both
    values, its errors and tolerance) before the arrays themselves.

    Args:
        x: Actual value: a NumPy, CuPy or chainerx array, a :class:`chainer.Variable`, a NumPy
            scalar or a Python number.
        y: Expected value, of the same kinds.
        atol (float): Absolute tolerance.
        rtol (float): Relative tolerance, relative to `y`.
        verbose (bool): Whether the arrays are printed in the message.

    Raises:
        AssertionError: If the values differ beyond the tolerances or the shapes do not broadcast.

    Example:
        >>> chainer.testing.assert_allclose(numpy.float32(1.0), 1.0 + 1e-6)
    """
    x = _to_numpy(x)
    y = _to_numpy(y)
    try:
        numpy.testing.assert_allclose(x, y, atol=atol, rtol=rtol, verbose=verbose)
    except AssertionError as e:
        raise AssertionError(_failure_message(e, x, y, atol, rtol, verbose)) from None


def _failure_message(error, x, y, atol, rtol, verbose):
    out = io.StringIO()
    out.write('{}\n\nassert_allclose failed:\n'.format(error))
    out.write('  shape: {} {}\n'.format(numpy.shape(x), numpy.shape(y)))
    out.write('  dtype: {} {}\n'.format(numpy.result_type(x), numpy.result_type(y)))
    if numpy.shape(x) == numpy.shape(y) and numpy.size(x) > 0:
        _write_worst_element(out, x, y, atol, rtol)
    if verbose:
        with numpy.printoptions(threshold=1000, edgeitems=5, precision=10):
            out.write('x: {}\n'.format(numpy.array2string(numpy.asarray(x), prefix='x: ')))
            out.write('y: {}\n'.format(numpy.array2string(numpy.asarray(y), prefix='y: ')))
    return out.getvalue()


def _write_worst_element(out, x, y, atol, rtol):
    # The element that exceeds its tolerance by the most; a NaN on one side only is the worst.
    xx = numpy.atleast_1d(x).astype(numpy.float64)
    yy = numpy.atleast_1d(y).astype(numpy.float64)
    with numpy.errstate(invalid='ignore', over='ignore', divide='ignore'):
        abs_err = numpy.abs(xx - yy)
        tol = atol + rtol * numpy.abs(yy)
        excess = numpy.where(numpy.isnan(xx) == numpy.isnan(yy), abs_err - tol, numpy.inf)
        excess = numpy.where(numpy.isnan(excess), numpy.inf, excess)
        i = numpy.unravel_index(int(numpy.argmax(excess)), xx.shape)
        rel_err = abs_err[i] / abs(yy[i])
    out.write('  i: {}\n'.format(tuple(int(k) for k in i) if numpy.ndim(x) > 0 else ()))
    out.write('  x[i]: {}\n'.format(xx[i]))
    out.write('  y[i]: {}\n'.format(yy[i]))
    out.write('  relative error[i]: {}\n'.format(rel_err))
    out.write('  absolute error[i]: {}\n'.format(abs_err[i]))
    out.write('  relative tolerance * |y[i]|: {}\n'.format(rtol * abs(yy[i])))
    out.write('  absolute tolerance: {}\n'.format(atol))
    out.write('  total tolerance: {}\n'.format(tol[i]))
