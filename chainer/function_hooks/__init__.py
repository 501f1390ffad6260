"""Function hooks shipped with Chainer: TimerHook (time per function), PrintHook (debug print),
CUDAProfileHook (NVTX ranges per function, for CUDA profilers) and CupyMemoryProfileHook (CuPy's
pool allocations per function); the last two need CuPy.

Hooks see the functions that run through the Python graph (NumPy/CuPy Variables and chainerx
functions that fall back to Python); functions running natively on chainerx bypass them, as in the
original.
"""

from chainer.function_hooks.cuda_profile import CUDAProfileHook  # NOQA
from chainer.function_hooks.cupy_memory_profile import CupyMemoryProfileHook  # NOQA
from chainer.function_hooks.debug_print import PrintHook  # NOQA
from chainer.function_hooks.timer import TimerHook  # NOQA

__all__ = ['CUDAProfileHook', 'CupyMemoryProfileHook', 'PrintHook', 'TimerHook']
