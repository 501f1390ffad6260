"""The ChainerX device (:class:`ChainerxDevice`, e.g. ``'native:0'``) and zero-copy conversions.

:func:`to_chx` and :func:`from_chx` move arrays between ChainerX and the NumPy/CuPy array that
shares the same memory. The chainer core calls them on every fallback call (chainerx inputs viewed
as NumPy, NumPy outputs wrapped back), so the common cases are checked first and nothing is copied.
"""

import numpy

import chainerx

from chainer import _backend
from chainer.backends import _cpu
from chainer.backends import cuda

# Arrays that from_chx returns as they are.
_NON_CHAINERX_ARRAY_TYPES = (numpy.ndarray, numpy.generic, cuda.ndarray)


class ChainerxDevice(_backend.Device):
    """A ChainerX device, e.g. ``'native:0'`` or ``'cuda:0'``; its arrays are ``chainerx.ndarray``.

    Args:
        device (chainerx.Device): The device.

    Raises:
        TypeError: If `device` is not a ``chainerx.Device`` (use :func:`chainer.get_device` to
            parse a device name).
    """

    xp = chainerx
    supported_array_types = (chainerx.ndarray,)
    __hash__ = _backend.Device.__hash__

    def __init__(self, device):
        if not isinstance(device, chainerx.Device):
            raise TypeError(
                'ChainerxDevice takes a chainerx.Device, not {}; use chainer.get_device(name) '
                'to parse a device name'.format(type(device).__name__))
        self.device = device

    @staticmethod
    def from_array(array):
        """Returns the ChainerxDevice of a chainerx array, or ``None`` for any other object."""
        if isinstance(array, chainerx.ndarray):
            return ChainerxDevice(array.device)
        return None

    @staticmethod
    def from_fallback_device(device):
        """Returns the ChainerX device on the same physical device as a NumPy or CuPy device.

        ``@numpy`` maps to ``native:0`` and ``@cupy:N`` to ``cuda:N``.

        Raises:
            TypeError: If `device` is not a :class:`~chainer.backend.Device`.
            RuntimeError: If `device` is neither a CpuDevice nor a GpuDevice.
        """
        if isinstance(device, _cpu.CpuDevice):
            return ChainerxDevice(chainerx.get_device('native', 0))
        if isinstance(device, cuda.GpuDevice):
            return ChainerxDevice(chainerx.get_device('cuda', device.device.id))
        if not isinstance(device, _backend.Device):
            raise TypeError(
                'Expected a chainer.backend.Device, got {}'.format(type(device).__name__))
        raise RuntimeError('Only a CpuDevice or a GpuDevice has a corresponding ChainerX device; '
                           'got {!r}'.format(device))

    @property
    def name(self):
        return self.device.name

    @property
    def fallback_device(self):
        """The NumPy or CuPy device on the same physical device (``@numpy`` for ``native``).

        Raises:
            RuntimeError: For a backend other than ``native`` and ``cuda``.
        """
        backend_name = self.device.backend.name
        if backend_name == 'native':
            return _cpu.CpuDevice()
        if backend_name == 'cuda':
            return cuda.GpuDevice.from_device_id(self.device.index)
        raise RuntimeError(
            'Only native and cuda ChainerX devices have a fallback device; got {}'.format(
                self.name))

    def __eq__(self, other):
        if not isinstance(other, _backend.Device):
            return NotImplemented
        return isinstance(other, ChainerxDevice) and other.device == self.device

    def create_context(self):
        return chainerx.using_device(self.device)

    def send_array(self, array):
        return _array_to_chainerx(array, self.device)

    def use(self):
        chainerx.set_default_device(self.device)

    def is_array_supported(self, array):
        return isinstance(array, chainerx.ndarray) and array.device == self.device


def to_chx(array):
    """Converts arrays to ChainerX without copying, on the device that holds their memory.

    NumPy arrays (any strides) and NumPy scalars go to ``native:0``, CuPy arrays to ``cuda:N`` of
    their GPU; the chainerx array keeps the source alive. chainerx arrays and ``None`` are returned
    as they are.

    Args:
        array: An array or a (nested) list or tuple of arrays.

    Raises:
        TypeError: For an object that is not an array, or a dtype that ChainerX does not support.
    """
    if type(array) is numpy.ndarray:
        return _numpy_to_chainerx(array, None)
    return _backend._convert_arrays(array, _array_to_chainerx)


def from_chx(array):
    """Converts chainerx arrays to NumPy (``native``) or CuPy (``cuda``) arrays without copying.

    The result shares the memory of the chainerx array and keeps it alive; it is not connected to
    any graph. Other arrays and ``None`` are returned as they are.

    Args:
        array: An array or a (nested) list or tuple of arrays.

    Raises:
        TypeError: For an object that is not an array.
        ValueError: For a chainerx array whose memory NumPy and CuPy cannot view.
    """
    if type(array) is chainerx.ndarray:
        return _array_from_chainerx(array)
    return _backend._convert_arrays(array, _array_from_chainerx)


def _array_to_chainerx(array, device=None):
    # `device` (a chainerx.Device) or, when None, the device sharing the memory of `array`.
    if type(array) is numpy.ndarray:
        return _numpy_to_chainerx(array, device)
    if isinstance(array, chainerx.ndarray):
        if device is None or array.device is device:
            return array
        return array.to_device(device)
    if array is None:
        return None
    if isinstance(array, numpy.ndarray) or isinstance(array, _cpu._SCALAR_TYPES):
        return _numpy_to_chainerx(numpy.asarray(array), device)
    if cuda.available and isinstance(array, cuda.ndarray):
        return _cupy_to_chainerx(array, device)
    raise TypeError(
        'Cannot convert an object of type {} to a chainerx.ndarray; expected a NumPy, CuPy or '
        'ChainerX array or a scalar'.format(type(array).__name__))


def _numpy_to_chainerx(array, device):
    if device is None:
        device = chainerx.get_device('native', 0)
    try:
        return chainerx.array(array, device=device, copy=False)
    except chainerx.DtypeError as e:
        raise TypeError('ChainerX does not support the dtype {}'.format(array.dtype)) from e


def _cupy_to_chainerx(array, device):
    if device is None:
        device = chainerx.get_device('cuda', array.device.id)
    elif device.backend.name != 'cuda':
        return _numpy_to_chainerx(cuda.to_cpu(array), device)
    elif device.index != array.device.id:
        array = cuda.to_gpu(array, device=device.index)
    memory = array.data.mem
    try:
        return chainerx._core._fromrawpointer(
            memory.ptr, array.shape, array.dtype, array.strides, device,
            array.data.ptr - memory.ptr, array)
    except chainerx.DtypeError as e:
        raise TypeError('ChainerX does not support the dtype {}'.format(array.dtype)) from e


def _array_from_chainerx(array):
    # See Note [Viewing chainerx memory].
    if not isinstance(array, chainerx.ndarray):
        if array is None or isinstance(array, _NON_CHAINERX_ARRAY_TYPES):
            return array
        raise TypeError(
            'Expected a chainerx.ndarray or another array, got {}'.format(type(array).__name__))
    try:
        return chainerx.to_numpy(array, copy=False)
    except chainerx.ChainerxError:
        pass
    if array.device.backend.name == 'cuda':
        return chainerx._to_cupy(array)
    raise ValueError(
        'Only chainerx arrays whose memory NumPy or CuPy can view (native, cuda) can be converted '
        'from ChainerX; this one is on {}'.format(array.device.name))


# Note [Viewing chainerx memory]
# ------------------------------
# `chainerx.to_numpy(a, copy=False)` views any host-accessible array (every native device) and
# raises ChainerxError for device memory. Trying it first makes the common native case one call,
# with no look-up of the device's backend name (three attribute reads through the binding, longer
# than the view itself).
# Only if it fails is the backend consulted: cuda arrays become CuPy views. A plug-in backend whose
# memory is host-accessible is therefore viewed as NumPy too, which is what "no copy" asks for.
