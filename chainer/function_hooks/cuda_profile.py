"""CUDAProfileHook: marks every forward and backward of the hooked functions as an NVTX range."""

import importlib

from chainer import function_hook
from chainer.backends import cuda


def _nvtx_module():
    """CuPy's NVTX bindings (``cupy.cuda.nvtx``), or None when they cannot be imported."""
    nvtx = getattr(cuda.cupy.cuda, 'nvtx', None)
    if nvtx is not None:
        return nvtx
    # Not every CuPy version imports the submodule together with cupy.cuda.
    try:
        return importlib.import_module('cupy.cuda.nvtx')
    except Exception:  # NOQA: a CuPy built without NVTX fails with more than ImportError
        return None


class CUDAProfileHook(function_hook.FunctionHook):
    """Function hook that annotates the CUDA profile with the functions' forward and backward.

    Each forward of a hooked function runs inside an NVTX range named ``'<label>.forward'`` and
    each backward inside one named ``'<label>.backward'``, so that profilers such as NVIDIA Nsight
    Systems or nvprof show which function launched which kernels. A function called inside another
    one's forward or backward gets a nested range.

    Like every function hook it sees the functions that run through the Python graph: those on
    NumPy/CuPy Variables and chainerx functions that fall back to Python. Functions running
    natively on chainerx have no Python node and get no range.

    Raises:
        RuntimeError: If CUDA (CuPy) or CuPy's NVTX is not available.

    Example:
        >>> with chainer.function_hooks.CUDAProfileHook():
        ...     y = model(x)
        ...     y.backward()
    """

    name = 'CUDAProfileHook'

    def __init__(self):
        cuda.check_cuda_available()
        nvtx = _nvtx_module()
        if nvtx is None or not nvtx.available:
            raise RuntimeError('CUDAProfileHook needs NVTX, which this CuPy cannot use')
        self._nvtx = nvtx

    def forward_preprocess(self, function, in_data):
        self._nvtx.RangePush(function.label + '.forward')

    def forward_postprocess(self, function, in_data):
        self._nvtx.RangePop()

    def backward_preprocess(self, function, in_data, out_grad):
        self._nvtx.RangePush(function.label + '.backward')

    def backward_postprocess(self, function, in_data, out_grad):
        self._nvtx.RangePop()
