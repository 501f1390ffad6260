"""The CuPy kernel and cuDNN helpers of :mod:`chainer.backends.cuda`, which re-exports them.

They import without CuPy; the kernel factories then raise RuntimeError when called, :func:`fuse`
leaves functions unchanged and :func:`should_use_cudnn` says no.
"""

import functools

from chainer.backends import cuda

_memoized = []


def memoize(for_each_device=False):
    """Returns a decorator that caches a function's results by its (hashable) arguments.

    With CuPy it is ``cupy.memoize`` (`for_each_device` keys the cache by the current GPU too).
    """
    if cuda.available:
        return cuda.cupy.memoize(for_each_device)

    def decorator(func):
        cached = functools.lru_cache(maxsize=None)(func)
        _memoized.append(cached)
        return cached
    return decorator


def clear_memo():
    """Clears the caches of every function decorated by :func:`memoize`."""
    if cuda.available:
        cuda.cupy.clear_memo()
    for cached in _memoized:
        cached.cache_clear()


@memoize()
def elementwise(in_params, out_params, operation, name, **kwargs):
    """Returns a (cached) ``cupy.ElementwiseKernel``. Raises RuntimeError without CuPy."""
    cuda.check_cuda_available()
    return cuda.cupy.ElementwiseKernel(in_params, out_params, operation, name, **kwargs)


@memoize()
def reduce(in_params, out_params, map_expr, reduce_expr, post_map_expr, identity, name,
           **kwargs):
    """Returns a (cached) ``cupy.ReductionKernel``. Raises RuntimeError without CuPy."""
    cuda.check_cuda_available()
    return cuda.cupy.ReductionKernel(in_params, out_params, map_expr, reduce_expr,
                                     post_map_expr, identity, name, **kwargs)


@memoize()
def raw(code, name, *args, **kwargs):
    """Returns a (cached) ``cupy.RawKernel``. Raises RuntimeError without CuPy."""
    cuda.check_cuda_available()
    return cuda.cupy.RawKernel(code, name, *args, **kwargs)


def fuse(*args, **kwargs):
    """``cupy.fuse`` with CuPy; without it, a decorator that leaves the function unchanged.

    Usable as ``@fuse`` and ``@fuse(kernel_name=...)``.
    """
    if cuda.available:
        return cuda.cupy.fuse(*args, **kwargs)
    if len(args) == 1 and not kwargs and callable(args[0]):
        return args[0]
    return lambda func: func


# Whether each `use_cudnn` configuration value allows cuDNN, by the level a function asks for.
_CUDNN_LEVELS = {
    '==always': {'always': True, 'auto': False, 'never': False},
    '>=auto': {'always': True, 'auto': True, 'never': False},
}


def should_use_cudnn(level, lowest_version=0):
    """Returns whether a function should call cuDNN, given ``chainer.config.use_cudnn``.

    Args:
        level (str): ``'==always'`` (cuDNN only when the configuration says ``'always'``) or
            ``'>=auto'`` (``'auto'`` or ``'always'``).
        lowest_version (int): The oldest cuDNN version the caller supports.

    Raises:
        ValueError: For an unknown `level` or configuration value.
    """
    if level not in _CUDNN_LEVELS:
        raise ValueError(
            'Invalid cuDNN use level {!r}: must be \'==always\' or \'>=auto\''.format(level))
    if not cuda.cudnn_enabled or cuda.cudnn.getVersion() < lowest_version:
        return False
    import chainer
    use_cudnn = chainer.config.use_cudnn
    if use_cudnn not in _CUDNN_LEVELS[level]:
        raise ValueError('Invalid use_cudnn configuration {!r}: must be \'always\', \'auto\' or '
                         '\'never\''.format(use_cudnn))
    return _CUDNN_LEVELS[level][use_cudnn]


_max_workspace_size = 8 * 1024 * 1024


def get_max_workspace_size():
    """Returns the largest workspace (in bytes) that cuDNN functions may allocate."""
    return _max_workspace_size


def set_max_workspace_size(size):
    """Sets the largest workspace (in bytes) that cuDNN functions may allocate."""
    global _max_workspace_size
    _max_workspace_size = size
