"""Dtype names for parametrising tests, and a parametrisation over every way of spelling a dtype.

The tuples hold names (strings); their order is part of the interface, since it fixes the order and ids of
the tests parametrised over them.
"""

import typing as tp

import numpy
import pytest

import chainerx

float_dtypes = ('float16', 'float32', 'float64')
signed_dtypes = ('int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64')
unsigned_dtypes = ('uint8',)
integral_dtypes = ('uint8', 'int8', 'int16', 'int32', 'int64')
signed_integral_dtypes = ('int8', 'int16', 'int32', 'int64')
nonfloat_dtypes = ('bool_', 'int8', 'int16', 'int32', 'int64', 'uint8')
numeric_dtypes = signed_dtypes + unsigned_dtypes
all_dtypes = ('bool_',) + numeric_dtypes


def parametrize_dtype_specifier(
    argname: str,
    dtypes: tp.Optional[tp.Sequence[str]] = None,
    additional_args: tp.Optional[tp.Sequence[tp.Any]] = None,
) -> tp.Any:
    """A ``pytest.mark.parametrize`` of `argname` over the values that chainerx accepts as the given dtypes.

    The values are the names themselves, then the ``numpy.dtype`` objects, then their one-character codes,
    then `additional_args`.

    Args:
        argname: The test argument that receives the dtype specifier.
        dtypes: Dtype names (default: :data:`all_dtypes`).
        additional_args: More values to include, e.g. ``(float,)``.

    Raises:
        TypeError: If `argname` is not a string or `dtypes` not a sequence of names.
    """
    if dtypes is None:
        dtypes = all_dtypes
    if not isinstance(argname, str):
        raise TypeError(f'argname must be a str, got {type(argname).__name__}')
    if isinstance(dtypes, str) or not all(isinstance(name, str) for name in dtypes):
        raise TypeError(f'dtypes must be a sequence of dtype names, got {dtypes!r}')
    values = list(dtypes)
    values += [numpy.dtype(name) for name in dtypes]
    values += [chainerx.dtype(name).char for name in dtypes]
    if additional_args is not None:
        values += list(additional_args)
    return pytest.mark.parametrize(argname, values)
