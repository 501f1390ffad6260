"""Interoperation with CuPy for arrays on CUDA devices, and the controls of the CUDA memory pools.

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


def _cuda_array_interface(array: 'chainerx.ndarray') -> tp.Dict[str, tp.Any]:
    """``ndarray.__cuda_array_interface__`` (version 3) of an array on a CUDA device; AttributeError otherwise, so
    that ``hasattr`` tells CUDA arrays apart, as for CuPy arrays.

    Kernels run on the device's legacy default stream, hence ``stream`` 1: a consumer on another stream waits
    for it before reading.
    """
    if array.device.backend.name != 'cuda':
        raise AttributeError(
            f'__cuda_array_interface__: the array is on {array.device.name}, not on a CUDA device')
    pointer = array.data_ptr + array.offset if array.size > 0 else 0
    return {
        'shape': array.shape,
        'typestr': array.dtype.str,
        'descr': [('', array.dtype.str)],
        'data': (pointer, False),
        'strides': array.strides,
        'version': 3,
        'stream': 1,
    }


def populate(ndarray: type) -> None:
    """Installs ``__cuda_array_interface__`` on ``chainerx.ndarray``."""
    ndarray.__cuda_array_interface__ = property(_cuda_array_interface)


def _cuda_binding(name: str) -> tp.Any:
    binding = getattr(chainerx._core, name, None)
    if binding is None:
        raise chainerx.BackendError(f'{name[1:]}: this build of chainerx has no CUDA backend')
    return binding


def memory_pool_stats(device: tp.Any = None) -> tp.Dict[str, tp.Optional[int]]:
    """Counters of the caching memory pool of a CUDA device (the default device if None).

    Returns a dict with ``malloc_count`` and ``free_count`` (segments obtained from and returned to
    ``cudaMalloc``/``cudaFree``), ``used_bytes`` (held by live arrays), ``cached_bytes`` (held from the driver,
    used or free), ``peak_cached_bytes`` and ``limit`` (bytes, or None).

    Raises:
        chainerx.BackendError: If this build has no CUDA backend.
        chainerx.DeviceError: If the device is not a CUDA device.
    """
    return _cuda_binding('_cuda_memory_pool_stats')(device)


def free_all_blocks(device: tp.Any = None) -> None:
    """Returns the wholly unused segments of a CUDA device's memory pool to the driver (``cudaFree``)."""
    _cuda_binding('_cuda_memory_pool_free_all')(device)


def set_memory_limit(limit: tp.Optional[int], device: tp.Any = None) -> None:
    """Caps the bytes a CUDA device's memory pool may hold (None: no cap); the environment variable
    ``CHAINERX_CUDA_MEMORY_LIMIT`` (bytes, or a percentage such as ``50%``) sets it when the device is made.

    Allocations beyond the cap first return unused segments, then raise ``chainerx.ChainerxError``.
    ``CHAINERX_CUDA_MEMORY_CACHING=0`` turns the caching off (every array its own exact ``cudaMalloc``), for memory
    checkers such as compute-sanitizer (Note [CUDA memory pool]).

    Raises:
        ValueError: If `limit` is negative.
    """
    if limit is not None and limit < 0:
        raise ValueError(f'set_memory_limit: the limit must be a number of bytes >= 0 or None, got {limit}')
    _cuda_binding('_cuda_memory_pool_set_limit')(device, limit)


def cupy_share_allocator(owner: tp.Any = None) -> None:
    """Makes CuPy allocate from ChainerX's CUDA memory pools (``CHAINERX_CUDA_CUPY_SHARE_ALLOCATOR=1`` at import).

    Args:
        owner: The context whose CUDA devices' pools CuPy uses; the default context if None. CuPy's allocator
            keeps it alive.

    Raises:
        RuntimeError: If the CUDA backend is not available.
        ImportError: If CuPy is not installed.
    """
    context = chainerx.get_default_context() if owner is None else owner
    try:
        context.get_backend('cuda')
        param, malloc_func, free_func = _cuda_binding('_cuda_c_allocator')(context)
    except chainerx.BackendError as e:
        raise RuntimeError('Cannot share the allocator with CuPy without the CUDA backend') from e
    cupy = _import_cupy()
    allocator = cupy.cuda.memory.CFunctionAllocator(param, malloc_func, free_func, context)
    cupy.cuda.set_allocator(allocator.malloc)


def linalg_library() -> str:
    """What runs ``chainerx.linalg``'s factorizations on CUDA devices: ``'cusolver'`` when cuSOLVER loads (the
    ``nvidia-cusolver`` wheel and those it needs are installed), else ``'host: '`` and the loader's reason, in which
    case they run through LAPACK on the host (Note [cuSOLVER loaded on demand]).

    Raises:
        chainerx.BackendError: If this build has no CUDA backend.
    """
    failure = _cuda_binding('_cuda_cusolver_load_failure')()
    return 'cusolver' if failure is None else f'host: {failure}'
