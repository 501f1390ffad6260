"""ChainerX: a NumPy-like ndarray with define-by-run automatic differentiation implemented in C++.

    >>> import chainerx as chx
    >>> x = chx.ones((2, 3), dtype=chx.float32).require_grad()
    >>> y = (x * x).sum()
    >>> y.backward()
    >>> x.grad
    array([[2., 2., 2.],
           [2., 2., 2.]], shape=(2, 3), dtype=float32, device='native:0')
"""

import builtins as _builtins
import os as _os
import sys as _sys
import warnings as _warnings

from chainerx import _build_info
from chainerx import _openblas_core

# NumPy objects re-exported as the very same objects (the original's tests check identity).
from numpy import dtype  # NOQA
from numpy import bool_, int8, int16, int32, int64, uint8, float16, float32, float64  # NOQA
from numpy import e, euler_gamma, inf, nan, newaxis, pi  # NOQA

# Constants that NumPy 2 removed; chainerx keeps providing them for code written against NumPy 1.
from chainerx._numpy_compat import Inf, Infinity, NAN, NINF, NZERO, NaN, PINF, PZERO, infty  # NOQA

# Python builtins under chainerx's name, as in the original.
bool = _builtins.bool
int = _builtins.int
float = _builtins.float

all_dtypes = (bool_, int8, int16, int32, int64, uint8, float16, float32, float64)

# Before _core loads the system OpenBLAS: its kernels for this CPU (Note [OpenBLAS's core type]).
_openblas_core.choose()

try:
    from chainerx import _core  # NOQA
except ImportError as _error:
    # A CUDA build whose cuBLAS/cuDNN wheels are not beside it (Note [Finding the CUDA libraries]).
    from chainerx import _cuda_libraries
    if not _cuda_libraries.is_missing_library_error(_error):
        raise
    _cuda_libraries.preload(_error)
    from chainerx import _core  # NOQA
from chainerx._core import *  # NOQA
# chainerx.linalg is the extension's submodule; registered so that `import chainerx.linalg` works too.
linalg = _sys.modules[__name__ + '.linalg'] = _core.linalg
# The C++ helpers of chainerx.testing, likewise importable as chainerx._testing.
_testing = _sys.modules[__name__ + '._testing'] = _core._testing

# The context used by default in every thread that does not set its own.
_global_context = _core.Context()
_core.set_global_default_context(_global_context)


def is_available():
    """Returns whether the ChainerX core is built and importable (always True for this package)."""
    return _build_info.build_chainerx


if _core._is_debug():
    _warnings.warn('ChainerX core was built in debug mode; it is much slower than an optimised build.')

# Python-level routines and ndarray methods, one module per routine family (see each module's __all__).
from chainerx._arithmetic import *  # NOQA
from chainerx._creation import *  # NOQA
from chainerx._indexing import *  # NOQA
from chainerx._manipulation import *  # NOQA
from chainerx import _ndarray  # NOQA
_ndarray.populate()

# The original's subpackages: the Python-level routines by family, and random arrays drawn by NumPy.
from chainerx import creation, manipulation, math, random  # NOQA

# CuPy interop; Chainer calls chainerx._to_cupy (the original defined it in the extension module).
from chainerx import _cuda  # NOQA
# Device.__reduce__ names chainerx._device._recover_device.
from chainerx import _device  # NOQA
_to_cupy = _core._to_cupy = _cuda.to_cupy

if _os.environ.get('CHAINERX_CUDA_CUPY_SHARE_ALLOCATOR', '0') == '1':
    # Not an import error: the variable asks for an optimisation this build cannot provide.
    try:
        _cuda.cupy_share_allocator()
    except (RuntimeError, ImportError, ChainerxError) as _error:  # NOQA
        _warnings.warn(f'CHAINERX_CUDA_CUPY_SHARE_ALLOCATOR=1 is ignored: {_error}')

# Docstrings of the compiled names (last, so that every name exists).
from chainerx import _docs  # NOQA
_docs.set_docs()
