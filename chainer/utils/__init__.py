"""Small helpers shared by chainer functions and user code: array coercion, type checks, im2col.

Note [utils imports]: chainer.utils is imported early by the core (FunctionNode imports
`type_check`), so no module of this package imports `chainer.backend` or other core modules at
import time; the few helpers that need them import them inside the function.
"""

import warnings
from typing import Any, Optional

import numpy

from chainer.utils import argument  # NOQA
from chainer.utils import array  # NOQA
from chainer.utils import collections_abc  # NOQA
from chainer.utils import conv  # NOQA
from chainer.utils import conv_nd  # NOQA
from chainer.utils import type_check  # NOQA
from chainer.utils import walker_alias  # NOQA
from chainer.utils.array import size_of_shape  # NOQA
from chainer.utils.array import sum_to  # NOQA
from chainer.utils.experimental import experimental  # NOQA
from chainer.utils.sparse import CooMatrix  # NOQA
from chainer.utils.sparse import get_order  # NOQA
from chainer.utils.sparse import to_coo  # NOQA
from chainer.utils.walker_alias import WalkerAlias  # NOQA


def force_array(x: Any, dtype: Optional[Any] = None) -> Any:
    """Returns `x` as an array: NumPy scalars become 0-d arrays, arrays pass through.

    NumPy operations on 0-d arrays return scalars (`numpy.sin(numpy.array(1.))` is a
    `numpy.float64`), but a function's `forward` must return arrays; wrap such results with this.

    Args:
        x: A NumPy, CuPy or chainerx array, or a scalar (NumPy or Python).
        dtype: If given, the result has this dtype (arrays of another dtype are cast).

    Returns:
        `x` itself if it is an array of the requested dtype, else a new array.

    Example:
        >>> force_array(numpy.float32(2)).shape
        ()
    """
    if numpy.isscalar(x):
        return numpy.array(x) if dtype is None else numpy.array(x, dtype=dtype)
    if dtype is None or x.dtype == numpy.dtype(dtype):
        return x
    return x.astype(dtype)


def force_type(dtype: Any, value: Any) -> Any:
    """Returns `value` with the given dtype: a NumPy scalar for scalars, a cast copy for arrays.

    Args:
        dtype: The dtype wanted (anything `numpy.dtype` accepts).
        value: A scalar or a NumPy, CuPy or chainerx array.

    Returns:
        `value` itself if it is an array of that dtype already.
    """
    dtype = numpy.dtype(dtype)
    if numpy.isscalar(value):
        return dtype.type(value)
    if value.dtype != dtype:
        return value.astype(dtype)
    return value


def nondeterministic(f_name: str) -> None:
    """Warns that `f_name` may compute nondeterministically, when `config.warn_nondeterministic`.

    Functions call it on paths (e.g. GPU atomics) whose results vary between runs.
    """
    import chainer
    if getattr(chainer.config, 'warn_nondeterministic', False):
        warnings.warn('Potentially nondeterministic computation: {}'.format(f_name),
                      stacklevel=2)
