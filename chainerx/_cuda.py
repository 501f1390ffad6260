"""Interoperation with CuPy for arrays on CUDA devices.

``to_cupy`` is exported as ``chainerx._to_cupy`` (and ``chainerx._core._to_cupy``), which Chainer uses to run
CuPy fallbacks on chainerx arrays without copying.
"""

import typing as tp

import chainerx


def _check_cuda_array(array: tp.Any) -> None:
    if not isinstance(array, chainerx.ndarray):
        raise TypeError(f'_to_cupy: expected a chainerx.ndarray, got {type(array).__name__}')
    if array.device.backend.name != 'cuda':
        raise chainerx.DeviceError(
            f'_to_cupy: the array is on {array.device.name}; only arrays on CUDA devices can be viewed as '
            'cupy.ndarray (use chainerx.to_numpy for native arrays)')


def _import_cupy() -> tp.Any:
    try:
        import cupy
    except ImportError as e:
        raise ImportError('_to_cupy needs CuPy, which is not installed (pip install cupy-cudaXXx)') from e
    return cupy


def to_cupy(array: 'chainerx.ndarray') -> tp.Any:
    """A ``cupy.ndarray`` viewing the memory of `array` (a CUDA array), with the same shape, dtype and strides.

    The CuPy array keeps `array` (and so its memory) alive; it is not connected to any graph.

    Raises:
        TypeError: If `array` is not a chainerx.ndarray.
        chainerx.DeviceError: If `array` is not on a CUDA device.
        ImportError: If CuPy is not installed.
    """
    _check_cuda_array(array)
    cupy = _import_cupy()
    # The allocation reaches at least to the view's last byte; UnownedMemory only records the size.
    size = array.offset + array.data_size
    memory = cupy.cuda.UnownedMemory(array.data_ptr, size, array, array.device.index)
    pointer = cupy.cuda.MemoryPointer(memory, array.offset)
    return cupy.ndarray(array.shape, array.dtype, pointer, array.strides)


def cupy_share_allocator(owner: tp.Any = None) -> None:
    """Would make CuPy allocate from ChainerX's CUDA memory pool (``CHAINERX_CUDA_CUPY_SHARE_ALLOCATOR=1``).

    Raises:
        RuntimeError: If the CUDA backend is not available.
        chainerx.NotImplementedError: Always otherwise: this build does not expose the CUDA memory pool's C
            allocator (the original's ``chainerx._pybind_cuda.get_c_allocator``) to Python.
    """
    context = chainerx.get_default_context() if owner is None else owner
    try:
        context.get_backend('cuda')
    except chainerx.BackendError as e:
        raise RuntimeError('Cannot share the allocator with CuPy without the CUDA backend') from e
    raise chainerx.NotImplementedError(
        'cupy_share_allocator: the CUDA memory pool of this build has no C allocator interface for CuPy')
