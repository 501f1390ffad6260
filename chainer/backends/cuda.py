"""CUDA support through CuPy: the ``'@cupy:N'`` device and the legacy helpers of ``chainer.cuda``.

Everything here also imports without CuPy: then :data:`available` is False, :data:`cupy` is None,
:class:`ndarray` and :class:`Device` are placeholder classes that no object is an instance of (and
that cannot be constructed), and every function that needs a GPU raises RuntimeError through
:func:`check_cuda_available`. Host-side helpers (:func:`to_cpu`, :func:`get_array_module`,
:func:`get_device_from_id` with ``None`` or a negative id, :data:`DummyDevice`) keep working.

    >>> from chainer.backends import cuda
    >>> x = cuda.to_cpu(chainerx.ones(3))      # a NumPy view of the chainerx array
    >>> if cuda.available:
    ...     y = cuda.to_gpu(x, device=0)       # a cupy.ndarray on GPU 0
"""

import os
import warnings

import numpy

import chainerx

from chainer import _backend
from chainer.backends import _cpu

try:
    import cupy
    from cupy import ndarray  # NOQA
    from cupy.cuda import Device  # NOQA
    from cupy.cuda import Event  # NOQA
    from cupy.cuda import Stream  # NOQA
    available = True
    _resolution_error = None
# Any exception: a broken CUDA installation makes CuPy's import raise more than ImportError.
except Exception as _error:  # NOQA
    cupy = None
    available = False
    _resolution_error = _error

    class _Unavailable:
        # Stands for a CuPy class: isinstance() with it is False, constructing it explains why.
        def __init__(self, *args, **kwargs):
            check_cuda_available()

    class ndarray(_Unavailable):  # NOQA
        """Placeholder of ``cupy.ndarray`` (CuPy is not installed)."""

    class Device(_Unavailable):  # NOQA
        """Placeholder of ``cupy.cuda.Device`` (CuPy is not installed)."""

    class Event(_Unavailable):  # NOQA
        """Placeholder of ``cupy.cuda.Event`` (CuPy is not installed)."""

    class Stream(_Unavailable):  # NOQA
        """Placeholder of ``cupy.cuda.Stream`` (CuPy is not installed)."""

cudnn = None
cudnn_enabled = False
if available:
    try:
        from cupy.cuda import cudnn  # NOQA
        cudnn_enabled = os.environ.get('CHAINER_CUDNN', '1') != '0'
    except Exception:  # NOQA: CuPy without a loadable cuDNN library
        cudnn = None

# Legacy device ids (`to_gpu(x, 1)`) are Python or NumPy integers.
_integer_types = (int, numpy.integer)


def _is_integer(value):
    return isinstance(value, _integer_types) and not isinstance(value, (bool, numpy.bool_))


class DummyDeviceType:
    """A do-nothing stand-in for ``cupy.cuda.Device`` that denotes the CPU (``id`` -1)."""

    id = -1

    def __int__(self):
        return -1

    def __enter__(self):
        return self

    def __exit__(self, *args):
        pass

    def use(self):
        """Does nothing."""

    def synchronize(self):
        """Does nothing."""

    def __eq__(self, other):
        return isinstance(other, DummyDeviceType)

    def __hash__(self):
        return hash(DummyDeviceType)


DummyDevice = DummyDeviceType()


def check_cuda_available():
    """Raises RuntimeError unless CuPy (and so CUDA) can be used."""
    if not available:
        raise RuntimeError(
            'CUDA is not available: CuPy could not be imported ({!r}). Install a CuPy package '
            'matching your CUDA version (e.g. pip install cupy-cuda12x).'.format(_resolution_error))


class GpuDevice(_backend.Device):
    """The device of CuPy arrays on one GPU (``'@cupy:N'``).

    Args:
        device (cupy.cuda.Device): The GPU.

    Raises:
        RuntimeError: If CuPy is not available.
    """

    xp = cupy
    supported_array_types = (ndarray,)

    def __init__(self, device):
        check_cuda_available()
        if not isinstance(device, Device):
            raise TypeError(
                'GpuDevice takes a cupy.cuda.Device, not {}; use chainer.get_device(\'@cupy:N\') '
                'or GpuDevice.from_device_id(N)'.format(type(device).__name__))
        self.device = device

    @staticmethod
    def from_device_id(device_id):
        """Returns the GpuDevice of the GPU with the given non-negative id.

        Raises:
            RuntimeError: If CuPy is not available.
            ValueError: If `device_id` is not a non-negative integer.
        """
        check_cuda_available()
        if not (_is_integer(device_id) and device_id >= 0):
            raise ValueError('Invalid CUDA device id: {!r}'.format(device_id))
        return GpuDevice(Device(int(device_id)))

    @staticmethod
    def from_array(array):
        """Returns the GpuDevice of a CuPy array, or ``None`` for any other object."""
        if available and isinstance(array, ndarray) and array.device is not None:
            return GpuDevice(array.device)
        return None

    @property
    def name(self):
        return '@cupy:{}'.format(self.device.id)

    def create_context(self):
        # A new cupy.cuda.Device: one instance cannot be entered from several threads.
        return Device(self.device.id)

    def send_array(self, array):
        return _array_to_gpu(array, self.device, None)

    def use(self):
        self.device.use()

    def is_array_supported(self, array):
        return isinstance(array, ndarray) and array.device == self.device


def get_device_from_id(device_id):
    """Returns the ``cupy.cuda.Device`` of a GPU id; :data:`DummyDevice` for ``None`` or an id < 0.

    Raises:
        RuntimeError: For a non-negative id without CuPy.
        TypeError: If `device_id` is neither ``None`` nor an integer.
    """
    if device_id is None:
        return DummyDevice
    if not _is_integer(device_id):
        raise TypeError(
            'A CUDA device id must be an integer, not {}'.format(type(device_id).__name__))
    if device_id < 0:
        return DummyDevice
    check_cuda_available()
    return Device(int(device_id))


def get_device_from_array(*arrays):
    """Returns the ``cupy.cuda.Device`` of the first CuPy array, else :data:`DummyDevice`."""
    for array in arrays:
        if isinstance(array, ndarray) and array.device is not None:
            return array.device
    return DummyDevice


def get_device(*args):
    """Returns the CUDA device of the first integer, CuPy array or ``cupy.cuda.Device`` in `args`.

    .. deprecated:: Use :func:`chainer.get_device`, :func:`get_device_from_id` or
        :func:`get_device_from_array`.

    Returns :data:`DummyDevice` when no argument denotes a GPU (NumPy and ChainerX arrays included).
    """
    warnings.warn(
        'chainer.backends.cuda.get_device is deprecated; use chainer.get_device, '
        'cuda.get_device_from_id or cuda.get_device_from_array', DeprecationWarning, stacklevel=2)
    return _get_cuda_device(*args)


def _get_cuda_device(*args):
    for arg in args:
        if _is_integer(arg):
            return get_device_from_id(arg)
        if isinstance(arg, ndarray) and arg.device is not None:
            return arg.device
        if available and isinstance(arg, Device):
            return arg
    return DummyDevice


def _get_device_or_current(device):
    # A cupy.cuda.Device from None (the current one), a Device or a non-negative id.
    check_cuda_available()
    if device is None:
        return Device()
    if isinstance(device, Device):
        return device
    if not (_is_integer(device) and device >= 0):
        raise ValueError('Invalid CUDA device specifier: {!r}'.format(device))
    return Device(int(device))


def to_gpu(array, device=None, stream=None):
    """Copies an array, or a list or tuple of arrays, to a GPU.

    Args:
        array: A NumPy, CuPy or ChainerX array, a NumPy scalar, ``None``, or a list or tuple of
            those.
        device: A ``cupy.cuda.Device`` or a non-negative id; ``None`` or :data:`DummyDevice` is the
            current CUDA device.
        stream: Deprecated; the copy runs on the stream it is given.

    Returns:
        The ``cupy.ndarray`` (or structure of them); arrays already on the device are not copied.

    Raises:
        RuntimeError: If CuPy is not available.
    """
    if stream is not None:
        warnings.warn('The stream argument of cuda.to_gpu is deprecated', DeprecationWarning,
                      stacklevel=2)
    check_cuda_available()
    device = _get_device_or_current(None if device is DummyDevice else device)
    return _backend._convert_arrays(array, lambda a: _array_to_gpu(a, device, stream))


def _array_to_gpu(array, device, stream):
    if array is None:
        return None
    if isinstance(array, chainerx.ndarray):
        if array.device.backend.name == 'cuda':
            array = chainerx._to_cupy(array)  # a view; copied below only if on another GPU
        else:
            array = chainerx.to_numpy(array, copy=False)
    elif isinstance(array, _cpu._SCALAR_TYPES):
        array = numpy.asarray(array)
    if isinstance(array, ndarray):
        if array.device == device:
            return array
        from_host = False
    elif isinstance(array, numpy.ndarray):
        from_host = True
    else:
        raise TypeError(
            'Only arrays and scalars can be sent to a GPU, not {}'.format(type(array).__name__))
    with device:
        if stream is not None:
            with stream:
                return cupy.asarray(array) if from_host else cupy.array(array, copy=True)
        return cupy.asarray(array) if from_host else cupy.array(array, copy=True)


def to_cpu(array, stream=None):
    """Copies an array, or a list or tuple of arrays, to the host as NumPy arrays.

    NumPy arrays are returned as they are and chainerx arrays in host memory are viewed without
    copying; ``None`` stays ``None``. Works without CuPy.

    Raises:
        TypeError: For an element that is not an array or a scalar.
    """
    return _backend._convert_arrays(array, lambda a: _array_to_cpu(a, stream))


def _array_to_cpu(array, stream):
    if available and isinstance(array, ndarray):
        with array.device:
            return array.get(stream)
    return _cpu._array_to_cpu(array)


def copy(array, out=None, out_device=None, stream=None):
    """Copies a ``cupy.ndarray``, possibly to another GPU.

    Args:
        array (cupy.ndarray): The source.
        out (cupy.ndarray): The destination; when ``None``, a new array on `out_device` (a device
            specifier of :func:`_get_device_or_current`; default: the source's device).
        stream: The stream on which to copy (``None``: the current one).

    Raises:
        RuntimeError: If CuPy is not available.
    """
    check_cuda_available()
    if out is None:
        target = array.device if out_device is None else _get_device_or_current(out_device)
        with target:
            out = cupy.empty_like(array)
    with array.device:
        if stream is None:
            cupy.copyto(out, array)
        else:
            with stream:
                cupy.copyto(out, array)
    return out


def get_array_module(*args):
    """Returns :mod:`chainerx`, :mod:`cupy` or :mod:`numpy` for the arguments.

    .. deprecated:: Use :func:`chainer.backend.get_array_module`, which this calls.
    """
    from chainer import backend
    return backend.get_array_module(*args)


# The CuPy kernel and cuDNN helpers of the original module, which need CuPy only when called.
from chainer.backends._cuda_kernels import clear_memo, memoize  # NOQA
from chainer.backends._cuda_kernels import elementwise, fuse, raw, reduce  # NOQA
from chainer.backends._cuda_kernels import get_max_workspace_size, set_max_workspace_size  # NOQA
from chainer.backends._cuda_kernels import should_use_cudnn  # NOQA
