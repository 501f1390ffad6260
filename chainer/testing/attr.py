"""pytest marks for tests that need particular hardware or libraries, or that run long.

Select or deselect with `-m`, e.g. `pytest -m "not slow and not gpu"`. The marks only label tests;
a suite skips them where the hardware is missing from its conftest (see :func:`gpu_count`).
Without pytest installed (e.g. gradient_check used outside a test suite), the marks are decorators
that return the test unchanged.
"""

import chainerx as _chainerx

_MARK_NAMES = (
    'gpu',  # a test that needs a CUDA device
    'cudnn',  # a test that needs cuDNN
    'ideep',  # a test that needs iDeep (Intel's MKL-DNN bindings)
    'slow',  # a long-running test
    'chainerx',  # a test about ChainerX-specific behaviour
)


def __getattr__(name):
    # The marks are made on first use, so that `import chainer` (gradient_check imports
    # chainer.testing) does not import pytest.
    if name not in _MARK_NAMES:
        raise AttributeError('module {!r} has no attribute {!r}'.format(__name__, name))
    try:
        import pytest
    except ImportError:
        mark = lambda *args: args[0] if len(args) == 1 and callable(args[0]) else (lambda f: f)  # NOQA
    else:
        mark = getattr(pytest.mark, name)
    globals()[name] = mark
    return mark


def multi_gpu(gpu_num):
    """Marks a test that needs `gpu_num` CUDA devices.

    The mark is `gpu` with the count as its argument (`item.get_closest_marker('gpu').args`).

    Args:
        gpu_num (int): The number of devices needed.

    Returns:
        A pytest mark decorator.
    """
    return __getattr__('gpu')(gpu_num)


def gpu_count():
    """Returns the number of CUDA devices usable by CuPy or by chainerx (0 where there is none)."""
    from chainer.backends import cuda
    count = 0
    if cuda.available:
        try:
            count = cuda.cupy.cuda.runtime.getDeviceCount()
        except cuda.cupy.cuda.runtime.CUDARuntimeError:  # e.g. no driver
            pass
    try:
        count = max(count, _chainerx.get_backend('cuda').get_device_count())
    except _chainerx.BackendError:  # chainerx was built without CUDA
        pass
    return count
