"""NumPy-style assertions that accept chainerx arrays as well as NumPy arrays and scalars.

The ``_ex`` variants also require the same dtype and strides, and take per-dtype tolerances. Failures raise
AssertionError (also under ``python -O``).
"""

import typing as tp

import numpy

import chainerx

# The per-dtype tolerance arguments of assert_allclose_ex (numpy_chainerx_allclose forwards them).
DTYPE_TOLERANCE_ARGS = (
    'float16_rtol', 'float16_atol', 'float32_rtol', 'float32_atol', 'float64_rtol', 'float64_atol'
)

def _as_numpy(x: tp.Any) -> tp.Any:
    return chainerx.to_numpy(x) if isinstance(x, chainerx.ndarray) else x


def _is_array(x: tp.Any) -> bool:
    return isinstance(x, (chainerx.ndarray, numpy.ndarray, numpy.generic))


def _resolve_strides_check(dtype_check: bool, strides_check: tp.Optional[bool]) -> bool:
    if strides_check is None:
        return dtype_check
    if strides_check and not dtype_check:
        raise ValueError('strides_check=True needs dtype_check=True (strides of different dtypes differ)')
    return strides_check


def _check_dtype_and_strides(x: tp.Any, y: tp.Any, dtype_check: bool, strides_check: bool) -> None:
    if not (_is_array(x) and _is_array(y)):
        return
    if dtype_check and x.dtype.name != y.dtype.name:
        raise AssertionError(f'dtype mismatch: x: {x.dtype.name}, y: {y.dtype.name}')
    # Strides of arrays without elements mean nothing, and NumPy's vary (its empty ufunc results have 0 strides).
    if strides_check and x.size > 0 and x.strides != y.strides:
        raise AssertionError(f'strides mismatch: x: {x.strides}, y: {y.strides} (shape {x.shape})')


def assert_allclose(
    x: tp.Any,
    y: tp.Any,
    rtol: float = 1e-7,
    atol: float = 0,
    equal_nan: bool = True,
    err_msg: str = '',
    verbose: bool = True,
) -> None:
    """Asserts ``|x - y| <= atol + rtol * |y|`` elementwise, like :func:`numpy.testing.assert_allclose`.

    Args:
        x: A chainerx array (copied to the host), a NumPy array or a scalar.
        y: The expected value, of the same kinds.
        rtol: Relative tolerance.
        atol: Absolute tolerance.
        equal_nan: Whether NaNs in the same places compare equal.
        err_msg: Text added to the failure message.
        verbose: Whether the failure message shows the conflicting values.

    Raises:
        AssertionError: If shapes differ or values are not close.
    """
    numpy.testing.assert_allclose(
        _as_numpy(x), _as_numpy(y), rtol=rtol, atol=atol, equal_nan=equal_nan, err_msg=err_msg,
        verbose=verbose)


def assert_array_equal(x: tp.Any, y: tp.Any, err_msg: str = '', verbose: bool = True) -> None:
    """Asserts equal shapes and values, like :func:`numpy.testing.assert_array_equal` (NaNs compare equal).

    Args:
        x: A chainerx array (copied to the host), a NumPy array or a scalar.
        y: The expected value, of the same kinds.
        err_msg: Text added to the failure message.
        verbose: Whether the failure message shows the conflicting values.

    Raises:
        AssertionError: If shapes or values differ.
    """
    numpy.testing.assert_array_equal(_as_numpy(x), _as_numpy(y), err_msg=err_msg, verbose=verbose)


def assert_allclose_ex(
    x: tp.Any,
    y: tp.Any,
    rtol: float = 1e-7,
    atol: float = 0,
    equal_nan: bool = True,
    err_msg: str = '',
    verbose: bool = True,
    *,
    dtype_check: bool = True,
    strides_check: tp.Optional[bool] = None,
    float16_rtol: tp.Optional[float] = None,
    float16_atol: tp.Optional[float] = None,
    float32_rtol: tp.Optional[float] = None,
    float32_atol: tp.Optional[float] = None,
    float64_rtol: tp.Optional[float] = None,
    float64_atol: tp.Optional[float] = None,
) -> None:
    """:func:`assert_allclose`, also requiring equal dtypes and strides when both are arrays.

    Args:
        x: A chainerx array (copied to the host), a NumPy array or a scalar.
        y: The expected value, of the same kinds.
        rtol: Relative tolerance.
        atol: Absolute tolerance.
        equal_nan: Whether NaNs in the same places compare equal.
        err_msg: Text added to the failure message.
        verbose: Whether the failure message shows the conflicting values.
        dtype_check: Whether ``x.dtype.name == y.dtype.name`` is required.
        strides_check: Whether equal strides are required; by default the same as `dtype_check`.
        float16_rtol: Used instead of `rtol` when `x` is float16.
        float16_atol: Used instead of `atol` when `x` is float16.
        float32_rtol: Used instead of `rtol` when `x` is float32.
        float32_atol: Used instead of `atol` when `x` is float32.
        float64_rtol: Used instead of `rtol` when `x` is float64.
        float64_atol: Used instead of `atol` when `x` is float64.

    Raises:
        AssertionError: If values, dtypes or strides differ.
        ValueError: For ``dtype_check=False, strides_check=True``.
    """
    strides_check = _resolve_strides_check(dtype_check, strides_check)
    overrides = {
        'float16': (float16_rtol, float16_atol),
        'float32': (float32_rtol, float32_atol),
        'float64': (float64_rtol, float64_atol),
    }
    dtype_name = x.dtype.name if hasattr(x, 'dtype') else None
    dtype_rtol, dtype_atol = overrides.get(dtype_name, (None, None))
    rtol = rtol if dtype_rtol is None else dtype_rtol
    atol = atol if dtype_atol is None else dtype_atol
    assert_allclose(x, y, rtol, atol, equal_nan, err_msg, verbose)
    _check_dtype_and_strides(x, y, dtype_check, strides_check)


def assert_array_equal_ex(
    x: tp.Any,
    y: tp.Any,
    err_msg: str = '',
    verbose: bool = True,
    *,
    dtype_check: bool = True,
    strides_check: tp.Optional[bool] = None,
) -> None:
    """:func:`assert_array_equal`, also requiring equal dtypes and strides when both are arrays.

    Args:
        x: A chainerx array (copied to the host), a NumPy array or a scalar.
        y: The expected value, of the same kinds.
        err_msg: Text added to the failure message.
        verbose: Whether the failure message shows the conflicting values.
        dtype_check: Whether ``x.dtype.name == y.dtype.name`` is required.
        strides_check: Whether equal strides are required; by default the same as `dtype_check`.

    Raises:
        AssertionError: If values, dtypes or strides differ.
        ValueError: For ``dtype_check=False, strides_check=True``.
    """
    strides_check = _resolve_strides_check(dtype_check, strides_check)
    assert_array_equal(x, y, err_msg, verbose)
    _check_dtype_and_strides(x, y, dtype_check, strides_check)
