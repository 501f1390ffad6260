"""The kernels the system OpenBLAS picks for this CPU, chosen before _core loads it (Note [OpenBLAS's core type]).

Note [OpenBLAS's core type]
The native dot, matmul, linear and convolutions call the system's OpenBLAS (Debian's 0.3.21 on our machines). With
DYNAMIC_ARCH it picks its kernels when it loads, from the CPU's model number; a CPU newer than the library (a
Sapphire Rapids VM) is unknown to it, and it falls back to Prescott's SSE3 kernels. There a 256x1000 by 1000x1000
float32 product took 27.7 ms on one thread, NumPy's own (newer) OpenBLAS 6.0 ms and PyTorch 5.8 ms, and the MLP
benchmarks ran 3-5x PyTorch's time. OpenBLAS reads OPENBLAS_CORETYPE when it loads, so before _core (and with it
OpenBLAS) is loaded, an unset OPENBLAS_CORETYPE is set from the CPU's features on Intel CPUs: SkylakeX with the
AVX-512 subsets its kernels use, Haswell with AVX2 and FMA (6.3 ms and 9.7 ms for that product). These are the
kernels OpenBLAS itself picks for the Intel CPUs it knows. AMD CPUs are left to OpenBLAS, which identifies them by
family. A value the user set is kept. NumPy was imported first (chainerx re-exports its dtypes), so its own OpenBLAS
has made its choice already and is not affected. Programs of the C++ API load OpenBLAS without this module: they set
OPENBLAS_CORETYPE themselves where OpenBLAS does not know the CPU.
"""

import os

_AVX512_FLAGS = ('avx512f', 'avx512cd', 'avx512bw', 'avx512dq', 'avx512vl')


def core_type_for(vendor, flags):
    """The OPENBLAS_CORETYPE for a CPU of this vendor and these /proc/cpuinfo flags, or None to leave it to OpenBLAS."""
    if vendor != 'GenuineIntel':
        return None
    if all(flag in flags for flag in _AVX512_FLAGS):
        return 'SkylakeX'
    if 'avx2' in flags and 'fma' in flags:
        return 'Haswell'
    return None


def _first_cpu_info(path='/proc/cpuinfo'):
    """The vendor and the set of flags of the first CPU in `path`; (None, empty) where it cannot be read."""
    vendor, flags = None, frozenset()
    try:
        with open(path) as f:
            for line in f:
                if not line.strip():
                    break  # the end of the first CPU's block
                key, _, value = line.partition(':')
                key = key.strip()
                if key == 'vendor_id':
                    vendor = value.strip()
                elif key == 'flags':
                    flags = frozenset(value.split())
    except OSError:
        pass
    return vendor, flags


def choose(environ=os.environ):
    """Sets OPENBLAS_CORETYPE in `environ` when it is unset and the CPU calls for it; returns the value in effect."""
    if 'OPENBLAS_CORETYPE' in environ:
        return environ['OPENBLAS_CORETYPE']
    core_type = core_type_for(*_first_cpu_info())
    if core_type is not None:
        environ['OPENBLAS_CORETYPE'] = core_type
    return core_type
