"""ChainerX: a NumPy-like ndarray with define-by-run automatic differentiation implemented in C++.

    >>> import chainerx as chx
    >>> x = chx.ones((2, 3), dtype=chx.float32).require_grad()
    >>> y = (x * x).sum()
    >>> y.backward()
    >>> x.grad
    array([[2., 2., 2.],
           [2., 2., 2.]], shape=(2, 3), dtype=float32, device='native:0')
"""

import builtins

from chainerx import _build_info

# NumPy objects re-exported as the very same objects (the original's tests check identity).
from numpy import dtype  # NOQA
from numpy import bool_, int8, int16, int32, int64, uint8, float16, float32, float64  # NOQA
from numpy import e, euler_gamma, inf, nan, newaxis, pi  # NOQA

# Constants that NumPy 2 removed; chainerx keeps providing them for code written against NumPy 1.
from chainerx._numpy_compat import Inf, Infinity, NAN, NINF, NZERO, NaN, PINF, PZERO, infty  # NOQA

# Python builtins under chainerx's name, as in the original.
bool = builtins.bool
int = builtins.int
float = builtins.float

all_dtypes = (bool_, int8, int16, int32, int64, uint8, float16, float32, float64)

from chainerx._core import *  # NOQA
from chainerx import _core  # NOQA
# chainerx.linalg is the extension's submodule; registered so that `import chainerx.linalg` works too.
linalg = __import__('sys').modules[__name__ + '.linalg'] = _core.linalg

# The context used by default in every thread that does not set its own.
_global_context = _core.Context()
_core.set_global_default_context(_global_context)


def is_available():
    """Returns whether the ChainerX core is built and importable (always True for this package)."""
    return _build_info.build_chainerx


if _core._is_debug():
    import warnings
    warnings.warn('ChainerX core was built in debug mode; it is much slower than an optimised build.')

# Python-level routines and ndarray methods, one module per routine family (see each module's __all__).
from chainerx import _arithmetic, _creation, _indexing, _manipulation  # NOQA
from chainerx._arithmetic import *  # NOQA
from chainerx._creation import *  # NOQA
from chainerx._indexing import *  # NOQA
from chainerx._manipulation import *  # NOQA

for _module in (_arithmetic, _creation, _indexing, _manipulation):
    _module.populate(ndarray)  # NOQA
del _module
