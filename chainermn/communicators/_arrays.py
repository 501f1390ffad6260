"""What the MPI communicators need to know about arrays: host buffers, kinds, and new arrays.

Note [Zero-copy buffers]
mpi4py reads and writes any object with the buffer protocol. A C-contiguous NumPy array or chainerx
array on the native backend is passed as it is: MPI reads from and receives into its memory, with no
copy and no pickling. Non-contiguous arrays are made contiguous first (one copy, as MPI needs one
block); arrays on a GPU (chainerx cuda, CuPy) are staged through host memory. Received arrays are
made of the same kind as the sender's: a chainerx array arrives as a chainerx array on the
receiver's default device of that backend, a NumPy array as a NumPy array.
"""

import numpy

import chainerx

try:
    import cupy
except ImportError:
    cupy = None


def is_array(x):
    return isinstance(x, (numpy.ndarray, chainerx.ndarray)) or (
        cupy is not None and isinstance(x, cupy.ndarray))


def check_array(x, what):
    if not is_array(x):
        raise TypeError('{} must be a numpy, chainerx or cupy array, got {}'.format(
            what, type(x).__name__))
    # Arrays travel as raw bytes: object arrays would send pointers (a crash where they arrive), and
    # strings or records are not numbers to sum.
    if numpy.dtype(x.dtype).kind not in 'biuf':
        raise TypeError('{} must have a boolean, integer or floating dtype, got {}'.format(
            what, x.dtype))


def kind(x):
    """A picklable tag of the array's kind: 'numpy', 'cupy' or 'chainerx:<backend name>'."""
    if isinstance(x, numpy.ndarray):
        return 'numpy'
    if isinstance(x, chainerx.ndarray):
        return 'chainerx:' + x.device.backend.name
    return 'cupy'


def _is_native(x):
    return isinstance(x, chainerx.ndarray) and x.device.backend.name == 'native'


def host_buffer(x):
    """A C-contiguous host array with the data of `x`, sharing its memory where possible.

    The result is writable into `x` (writing into it changes `x`) exactly when :func:`shares_host`.
    """
    if isinstance(x, numpy.ndarray):
        return numpy.ascontiguousarray(x)
    if _is_native(x):
        if not x.is_contiguous:
            x = chainerx.ascontiguousarray(x)
        return numpy.asarray(x)
    if isinstance(x, chainerx.ndarray):
        return chainerx.to_numpy(x)
    return cupy.asnumpy(x)


def shares_host(x):
    """Whether :func:`host_buffer` of `x` is `x`'s own memory."""
    if isinstance(x, numpy.ndarray):
        return x.flags.c_contiguous
    return _is_native(x) and x.is_contiguous


def host_view(x):
    """A NumPy view of a host array (NumPy or native chainerx, any strides) for in-place writes, or
    ``None`` for device arrays."""
    if isinstance(x, numpy.ndarray):
        return x
    if _is_native(x):
        return numpy.asarray(x)
    return None


def empty(array_kind, shape, dtype):
    """A new array of the given kind (see :func:`kind`) on this process."""
    if array_kind == 'numpy':
        return numpy.empty(shape, dtype)
    if array_kind == 'cupy':
        if cupy is None:
            raise RuntimeError('received a CuPy array but CuPy is not installed here')
        return cupy.empty(shape, dtype)
    backend = array_kind.split(':', 1)[1]
    device = chainerx.get_default_device()
    if device.backend.name != backend:
        device = chainerx.get_device(backend, 0)
    return chainerx.empty(shape, dtype, device=device)


def from_host(host, like_kind):
    """`host` (a NumPy array) as an array of `like_kind`; NumPy and native chainerx arrays share
    `host`'s memory (no copy)."""
    if like_kind == 'numpy':
        return host
    if like_kind == 'chainerx:native':
        device = chainerx.get_default_device()
        if device.backend.name != 'native':
            device = chainerx.get_device('native', 0)
        return chainerx.asarray(host, device=device)
    out = empty(like_kind, host.shape, host.dtype)
    write_back(out, host)
    return out


def write_back(x, host):
    """Copies `host` (NumPy) into the array `x` in place."""
    view = host_view(x)
    if view is not None:
        numpy.copyto(view, host, casting='unsafe')
    elif isinstance(x, chainerx.ndarray):
        x[...] = chainerx.array(host, device=x.device)
    else:
        x[...] = cupy.asarray(host)


def receive_buffer(x):
    """``(buffer, finish)``: a host buffer to receive into for the array `x` (its own memory when
    possible) and a function that completes the copy into `x` afterwards."""
    if shares_host(x):
        return host_buffer(x), lambda: None
    host = numpy.empty(x.shape, numpy.dtype(x.dtype))
    return host, lambda: write_back(x, host)
