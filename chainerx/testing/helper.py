"""Decorators that run a test body once with chainerx and once with NumPy and compare what they return.

    @chainerx.testing.numpy_chainerx_array_equal()
    def test_add(xp):
        return xp.add(xp.arange(3), 1)

The body gets the module as `xp` (or the given `name`). Both runs must raise an accepted error, or both must
return equal results: chainerx arrays (on the default device) against NumPy arrays or scalars, compared in value,
shape, dtype and strides; lists and tuples element by element; any other value by type and ``==``. A body may
return :func:`ignore` from both runs to skip the comparison.
"""

import functools
import traceback
import typing as tp
import warnings

import numpy
import pytest

import chainerx
from chainerx.testing import array as array_module


class _Ignore:
    def __repr__(self) -> str:
        return 'chainerx.testing.ignore()'


_IGNORE = _Ignore()


def ignore() -> _Ignore:
    """The value a ``numpy_chainerx_*`` test returns from both runs when there is nothing to compare."""
    return _IGNORE


class _Mismatch(Exception):
    """A difference between the results; `path` locates it, e.g. ``[1][0]`` in nested tuples."""

    def __init__(self, message: str, path: str) -> None:
        super().__init__(message)
        self.message = message
        self.path = path


def _run(impl: tp.Callable, args: tp.Any, kwargs: tp.Dict[str, tp.Any]) -> tp.Tuple[tp.Any, tp.Any]:
    try:
        return impl(*args, **kwargs), None
    except Exception as e:  # any error is a result to compare; pytest's skip/fail are BaseExceptions
        return None, e


def _format_error(error: BaseException) -> str:
    return ''.join(traceback.format_exception(type(error), error, error.__traceback__))


def _check_errors(chainerx_error: tp.Any, numpy_error: tp.Any, accept_error: tp.Any) -> None:
    if chainerx_error is not None and numpy_error is not None:
        if isinstance(chainerx_error, accept_error) and isinstance(numpy_error, accept_error):
            return
        pytest.fail(
            f'Both chainerx and NumPy raised, but not both an error of accept_error={accept_error!r}.\n\n'
            f'chainerx:\n{_format_error(chainerx_error)}\nNumPy:\n{_format_error(numpy_error)}')
    which, error = ('chainerx', chainerx_error) if chainerx_error is not None else ('NumPy', numpy_error)
    pytest.fail(f'Only {which} raised an error.\n\n{_format_error(error)}')


def _compare_arrays(check: tp.Callable, chainerx_result: tp.Any, numpy_result: tp.Any, path: str) -> None:
    if not isinstance(numpy_result, (numpy.ndarray, numpy.generic)):
        raise _Mismatch(f'chainerx returned an ndarray, NumPy a {type(numpy_result).__name__}', path)
    if chainerx_result.shape != numpy_result.shape:
        raise _Mismatch(f'shape mismatch: chainerx {chainerx_result.shape}, NumPy {numpy_result.shape}', path)
    default_device = chainerx.get_default_device()
    if chainerx_result.device is not default_device:
        raise _Mismatch(
            f'the chainerx result is on {chainerx_result.device.name}, not on the default device '
            f'{default_device.name}', path)
    try:
        check(chainerx_result, numpy_result)
    except AssertionError as e:
        raise _Mismatch(str(e), path) from None


def _compare(check: tp.Callable, chainerx_result: tp.Any, numpy_result: tp.Any, path: str = '') -> None:
    if chainerx_result is _IGNORE or numpy_result is _IGNORE:
        if chainerx_result is not numpy_result:
            raise _Mismatch('only one of the runs returned chainerx.testing.ignore()', path)
        return
    if chainerx_result is None or numpy_result is None:
        raise _Mismatch(
            'a run returned None: return the results to compare, or chainerx.testing.ignore() from both', path)
    if isinstance(chainerx_result, (list, tuple)):
        if type(chainerx_result) is not type(numpy_result) or len(chainerx_result) != len(numpy_result):
            raise _Mismatch(
                f'chainerx returned a {type(chainerx_result).__name__} of {len(chainerx_result)}, '
                f'NumPy {numpy_result!r}', path)
        for i, (chx_item, np_item) in enumerate(zip(chainerx_result, numpy_result)):
            _compare(check, chx_item, np_item, f'{path}[{i}]')
        return
    if isinstance(chainerx_result, chainerx.ndarray):
        _compare_arrays(check, chainerx_result, numpy_result, path)
        return
    if isinstance(chainerx_result, (numpy.ndarray, numpy.generic)):
        raise _Mismatch(f'the chainerx run returned a NumPy {type(chainerx_result).__name__}', path)
    if type(chainerx_result) is not type(numpy_result):
        raise _Mismatch(
            f'type mismatch: chainerx {type(chainerx_result).__name__}, NumPy {type(numpy_result).__name__}', path)
    if chainerx_result != numpy_result:
        raise _Mismatch(f'value mismatch: chainerx {chainerx_result!r}, NumPy {numpy_result!r}', path)


def _make_decorator(check: tp.Callable, name: str, accept_error: tp.Any) -> tp.Callable:
    def decorator(impl: tp.Callable) -> tp.Callable:
        @functools.wraps(impl)
        def test_func(*args: tp.Any, **kwargs: tp.Any) -> None:
            kwargs[name] = chainerx
            chainerx_result, chainerx_error = _run(impl, args, kwargs)
            kwargs[name] = numpy
            with warnings.catch_warnings():
                warnings.simplefilter('ignore', RuntimeWarning)
                numpy_result, numpy_error = _run(impl, args, kwargs)
            if chainerx_error is not None or numpy_error is not None:
                _check_errors(chainerx_error, numpy_error, accept_error)
                return
            try:
                _compare(check, chainerx_result, numpy_result)
            except _Mismatch as e:
                mismatch = e
            else:
                return
            # Outside the except block, so that the report does not chain the internal exception.
            pytest.fail(
                f'chainerx and NumPy results differ at result{mismatch.path}: {mismatch.message}\n\n'
                f'chainerx: {chainerx_result!r}\nNumPy: {numpy_result!r}')

        # pytest must see the `name` argument as provided; the wrapper replaces the dummy value.
        return pytest.mark.parametrize(name, [None])(test_func)

    return decorator


def numpy_chainerx_array_equal(
    *,
    err_msg: str = '',
    verbose: bool = True,
    name: str = 'xp',
    dtype_check: bool = True,
    strides_check: tp.Optional[bool] = None,
    accept_error: tp.Any = (),
    **dtype_tolerances: tp.Optional[float],
) -> tp.Callable:
    """Decorates a test to return equal results with ``xp=chainerx`` and ``xp=numpy``.

    Arrays are compared with :func:`chainerx.testing.assert_array_equal_ex`. The per-dtype tolerance keywords
    of :func:`numpy_chainerx_allclose` (``float16_rtol=``, ...) are accepted and ignored, as in the original,
    so that a test module can switch between the two decorators by name alone.

    Args:
        err_msg: Text added to the failure message.
        verbose: Whether the failure message shows the conflicting values.
        name: The argument that receives the module.
        dtype_check: Whether the dtypes must be equal.
        strides_check: Whether the strides must be equal (by default the same as `dtype_check`).
        accept_error: Exception types both runs may raise (then nothing else is compared).
        dtype_tolerances: Per-dtype tolerances, ``float16_rtol`` to ``float64_atol``; ignored.

    Raises:
        TypeError: For a keyword argument that is not a per-dtype tolerance.
    """
    def check(x: tp.Any, y: tp.Any) -> None:
        array_module.assert_array_equal_ex(
            x, y, err_msg, verbose, dtype_check=dtype_check, strides_check=strides_check)

    _check_dtype_tolerance_names('numpy_chainerx_array_equal', dtype_tolerances)
    return _make_decorator(check, name, accept_error)


def numpy_chainerx_allclose(
    *,
    rtol: float = 1e-7,
    atol: float = 0,
    equal_nan: bool = True,
    err_msg: str = '',
    verbose: bool = True,
    name: str = 'xp',
    dtype_check: bool = True,
    strides_check: tp.Optional[bool] = None,
    accept_error: tp.Any = (),
    **dtype_tolerances: tp.Optional[float],
) -> tp.Callable:
    """Decorates a test to return close results with ``xp=chainerx`` and ``xp=numpy``.

    Arrays are compared with :func:`chainerx.testing.assert_allclose_ex`, which also takes the per-dtype
    tolerances (``float16_rtol=``, ``float16_atol=``, ...) given here.

    Args:
        rtol: Relative tolerance.
        atol: Absolute tolerance.
        equal_nan: Whether NaNs in the same places compare equal.
        err_msg: Text added to the failure message.
        verbose: Whether the failure message shows the conflicting values.
        name: The argument that receives the module.
        dtype_check: Whether the dtypes must be equal.
        strides_check: Whether the strides must be equal (by default the same as `dtype_check`).
        accept_error: Exception types both runs may raise (then nothing else is compared).
        dtype_tolerances: Per-dtype tolerances, ``float16_rtol`` to ``float64_atol``.

    Raises:
        TypeError: For a keyword argument that is not a per-dtype tolerance.
    """
    def check(x: tp.Any, y: tp.Any) -> None:
        array_module.assert_allclose_ex(
            x, y, rtol, atol, equal_nan, err_msg, verbose, dtype_check=dtype_check,
            strides_check=strides_check, **dtype_tolerances)

    _check_dtype_tolerance_names('numpy_chainerx_allclose', dtype_tolerances)
    return _make_decorator(check, name, accept_error)


def _check_dtype_tolerance_names(decorator_name: str, dtype_tolerances: tp.Dict[str, tp.Any]) -> None:
    unknown = sorted(set(dtype_tolerances) - set(array_module.DTYPE_TOLERANCE_ARGS))
    if unknown:  # fail when the test module is imported rather than in every test
        raise TypeError(f'{decorator_name}: unexpected keyword arguments {unknown}')
