"""Finds cuBLAS and cuDNN for a CUDA build of the extension, from the ``nvidia-*`` pip wheels.

Note [Finding the CUDA libraries]
A CUDA build of ``_core.so`` links cuBLAS and cuDNN dynamically (the CUDA runtime is linked statically, so the
extension loads without a driver and then has no CUDA devices). Its RUNPATH names ``$ORIGIN/../nvidia/cu13/lib``
and ``$ORIGIN/../nvidia/cudnn/lib``: where the wheels ``nvidia-cublas`` and ``nvidia-cudnn-cu13`` put them when
they are installed in the same site-packages as chainerx. When they are elsewhere on ``sys.path`` (another
site-packages, a source tree on PYTHONPATH), the first import fails; `preload` then loads them globally from the
first ``sys.path`` entry that has them, so that the retried import finds them by soname, as PyTorch's wheels do.
It loads cuSOLVER with the libraries it needs, and NVRTC, too, when they are there: the extension loads them itself
by soname on first use (Note [cuSOLVER loaded on demand] in chainerx/cuda/cusolver.h, Note [NVRTC for cuDNN] in
chainerx/cuda/cuda_backend.cc) and would not find them in such a place; without cuSOLVER, chainerx.linalg runs on
the host, and without NVRTC cuDNN runs its precompiled engines only. A default build needs none of them and
never comes here.
"""

import ctypes
import os
import sys
import typing as tp

# (directories under site-packages, soname), in an order where each library's dependencies come first: the layouts
# third_party/cuda/cuda_configure.bzl knows (cuDNN 9.13 in nvidia/cudnn, newer CUDA 13 wheels all in nvidia/cu13,
# older ones in nvidia/cublas).
_CUBLAS_DIRS = ('nvidia/cu13/lib', 'nvidia/cublas/lib')
_CUDNN_DIRS = ('nvidia/cudnn/lib', 'nvidia/cu13/lib')
_LIBRARIES = (
    (_CUBLAS_DIRS, 'libcublasLt.so.13'),
    (_CUBLAS_DIRS, 'libcublas.so.13'),
    (_CUDNN_DIRS, 'libcudnn_graph.so.9'),
    (_CUDNN_DIRS, 'libcudnn_engines_precompiled.so.9'),
    (_CUDNN_DIRS, 'libcudnn_engines_runtime_compiled.so.9'),
    (_CUDNN_DIRS, 'libcudnn_heuristic.so.9'),
    (_CUDNN_DIRS, 'libcudnn_ops.so.9'),
    (_CUDNN_DIRS, 'libcudnn_cnn.so.9'),
    (_CUDNN_DIRS, 'libcudnn_adv.so.9'),
    (_CUDNN_DIRS, 'libcudnn.so.9'),
)
_WHEELS = 'nvidia-cublas and nvidia-cudnn-cu13'
# Optional groups, each loaded when all of it is found: cuSOLVER after what it needs (the wheels nvidia-nvjitlink,
# nvidia-cusparse and nvidia-cusolver), and NVRTC (nvidia-cuda-nvrtc), which cuDNN dlopens for its runtime-compiled
# engines (Note [NVRTC for cuDNN] in chainerx/cuda/cuda_backend.cc).
_CU13_DIRS = ('nvidia/cu13/lib',)
_CUSOLVER_LIBRARIES = (
    (_CU13_DIRS + ('nvidia/nvjitlink/lib',), 'libnvJitLink.so.13'),
    (_CU13_DIRS + ('nvidia/cusparse/lib',), 'libcusparse.so.12'),
    (_CU13_DIRS + ('nvidia/cusolver/lib',), 'libcusolver.so.12'),
)
_NVRTC_LIBRARIES = ((_CU13_DIRS + ('nvidia/cuda_nvrtc/lib',), 'libnvrtc.so.13'),)
_OPTIONAL_GROUPS = (_CUSOLVER_LIBRARIES, _NVRTC_LIBRARIES)


def is_missing_library_error(error: ImportError) -> bool:
    """Whether importing the extension failed for want of one of the CUDA libraries."""
    message = str(error)
    return any(soname in message for _, soname in _LIBRARIES)


def find(search_path: tp.Sequence[str],
         libraries: tp.Sequence[tp.Tuple[tp.Sequence[str], str]] = _LIBRARIES) -> tp.List[str]:
    """The paths of the libraries, each from the first entry of `search_path` that has it; [] if one is missing."""
    paths = []
    for directories, soname in libraries:
        candidates = (os.path.join(entry, directory, soname)
                      for entry in search_path if entry for directory in directories)
        found = next((path for path in candidates if os.path.isfile(path)), None)
        if found is None:
            return []
        paths.append(found)
    return paths


def preload(error: ImportError) -> None:
    """Loads the libraries from ``sys.path`` globally; ImportError naming the wheels if they cannot be found."""
    paths = find(sys.path)
    if not paths:
        raise ImportError(
            f'chainerx was built with the CUDA backend and needs cuBLAS and cuDNN, which were not found next to '
            f'it nor on sys.path: pip install {_WHEELS} ({error})') from error
    for path in paths:
        ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)
    for group in _OPTIONAL_GROUPS:
        try:
            for path in find(sys.path, group):
                # Loaded, they are found by soname when the extension or cuDNN dlopens them.
                ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)
        except OSError:
            pass  # without cuSOLVER, chainerx.linalg runs on the host (chainerx._cuda.linalg_library() says why)
