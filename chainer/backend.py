"""Devices and arrays across backends: device specifiers, array modules and transfers.

A device specifier names where arrays live (``'@numpy'``, ``'@cupy:0'``, ``'native:0'``,
``'cuda:0'``); :func:`get_device` turns one into a :class:`Device`, which sends arrays there:

    >>> import chainer, numpy
    >>> device = chainer.get_device('native:0')            # a ChainerxDevice
    >>> x = device.send(numpy.ones(3, numpy.float32))     # a chainerx.ndarray sharing the memory
    >>> chainer.backend.get_array_module(x) is chainerx
    True
"""

import numpy

import chainerx

from chainer import _backend
from chainer._backend import Device  # NOQA
from chainer.backends import _chainerx
from chainer.backends import _cpu
from chainer.backends import cuda
from chainer.backends._chainerx import ChainerxDevice  # NOQA
from chainer.backends._chainerx import from_chx  # NOQA
from chainer.backends._chainerx import to_chx  # NOQA
from chainer.backends._cpu import CpuDevice  # NOQA
from chainer.backends.cuda import GpuDevice  # NOQA
from chainer.backends.intel64 import Intel64Device  # NOQA


def get_device(device_spec):
    """Returns the :class:`Device` that a device specifier denotes.

    Args:
        device_spec: One of

            * a :class:`Device`: returned as it is;
            * ``'@numpy'``: :class:`CpuDevice`; ``'@cupy:N'``: :class:`GpuDevice` of GPU N;
              ``'@intel64'``: :class:`Intel64Device`;
            * any other string, e.g. ``'native'``, ``'native:0'``, ``'cuda:1'``: the
              :class:`ChainerxDevice` of ``chainerx.get_device(device_spec)``;
            * a ``chainerx.Device`` or a ``cupy.cuda.Device``;
            * legacy: an integer (or a string of one), a GPU id if non-negative, else the CPU.

    Raises:
        ValueError: For a malformed ``'@...'`` specifier.
        RuntimeError: If the specifier names a GPU and CuPy is not available, or ``'@intel64'``.
        chainerx.BackendError, chainerx.DeviceError: For an unknown ChainerX backend or device.
        TypeError: For any other kind of object.
    """
    if isinstance(device_spec, Device):
        return device_spec
    if cuda._is_integer(device_spec):
        return _get_device_cupy_or_numpy(int(device_spec))
    if isinstance(device_spec, chainerx.Device):
        return ChainerxDevice(device_spec)
    if cuda.available and isinstance(device_spec, cuda.Device):
        return GpuDevice(device_spec)
    if isinstance(device_spec, str):
        return _parse_device_name(device_spec)
    raise TypeError(
        'A device specifier must be a chainer.backend.Device, a chainerx.Device, a '
        'cupy.cuda.Device, an integer or a string, not {}'.format(type(device_spec).__name__))


def _parse_device_name(name):
    try:
        device_id = int(name)
    except ValueError:
        pass
    else:
        return _get_device_cupy_or_numpy(device_id)
    if not name.startswith('@'):
        return ChainerxDevice(chainerx.get_device(name))
    module, colon, detail = name[1:].partition(':')
    if module == 'numpy' and not colon:
        return CpuDevice()
    if module == 'intel64' and not colon:
        return Intel64Device()
    if module == 'cupy' and colon and detail.isdigit():
        return GpuDevice.from_device_id(int(detail))
    raise ValueError(
        'Invalid device specifier {!r}: after \'@\' must come \'numpy\', \'cupy:N\' (N a GPU '
        'id) or \'intel64\''.format(name))


def _get_device_cupy_or_numpy(device_id):
    # The legacy integer specifier: a GPU id, or the CPU when negative.
    if device_id >= 0:
        return GpuDevice.from_device_id(device_id)
    return CpuDevice()


def using_device(device_spec):
    """Returns a context manager in whose scope a device is the current one.

    For a ChainerX device this sets chainerx's default device; for a GPU, CuPy's current device.

        >>> with chainer.using_device('native:1'):
        ...     x = chainerx.zeros(3)     # on native:1

    Args:
        device_spec: A device specifier (see :func:`get_device`).
    """
    return get_device(device_spec).create_context()


def get_array_module(*args):
    """Returns the array module of the arguments: :mod:`chainerx`, :mod:`cupy` or :mod:`numpy`.

    ChainerX wins if any argument is a chainerx array, then CuPy if any is a CuPy array; otherwise
    NumPy. :class:`~chainer.Variable` arguments count as the arrays they hold; other objects
    (scalars, ``None``) count as NumPy.

        >>> xp = chainer.backend.get_array_module(x)
        >>> y = xp.exp(x)
    """
    unwrap = _backend._unwrap_variable
    for arg in args:
        cls = type(arg)
        if cls is numpy.ndarray:
            continue
        if cls is chainerx.ndarray or isinstance(unwrap(arg), chainerx.ndarray):
            return chainerx
    if cuda.available:
        return cuda.cupy.get_array_module(*[unwrap(arg) for arg in args])
    return numpy


def get_device_from_array(*arrays):
    """Returns the device of the first array that is not a NumPy array, else :class:`CpuDevice`.

    :class:`~chainer.Variable` arguments count as the arrays they hold.
    """
    for array in arrays:
        if type(array) is numpy.ndarray:
            continue
        array = _backend._unwrap_variable(array)
        if isinstance(array, chainerx.ndarray):
            return ChainerxDevice(array.device)
        device = GpuDevice.from_array(array)
        if device is not None:
            return device
    return CpuDevice()


def _array_like(kind, array, *fill_value):
    """``xp.<kind>_like(array, *fill_value)`` (kind: 'empty', 'zeros', 'ones' or 'full') on `array`'s device.

    chainerx's ``*_like`` functions allocate on the default device (as the original ChainerX's do) and CuPy's on
    the current one, either of which may differ from `array`'s: a gradient or a state made so would not match the
    array it belongs to.
    """
    if isinstance(array, chainerx.ndarray):
        return getattr(chainerx, kind + '_like')(array, *fill_value, device=array.device)
    if isinstance(array, numpy.ndarray):
        return getattr(numpy, kind + '_like')(array, *fill_value)
    with using_device(get_device_from_array(array)):
        return getattr(get_array_module(array), kind + '_like')(array, *fill_value)


def _reads_without_waiting(array):
    """Whether the host reads `array`'s values without waiting for a device (NumPy arrays, chainerx arrays on the
    native backend). Reading a CuPy array, or a chainerx array on CUDA, waits for the device's queued work; code
    that runs at every training step (a function's checks, an optimizer hook) keeps such values on the device."""
    if isinstance(array, chainerx.ndarray):
        return array.device.backend.name == 'native'
    return not isinstance(array, cuda.ndarray)


def _checks_values(array):
    """Whether a function checks the values of `array` (ids, labels, lengths in range) on the host: always where
    that waits for no device, and on a GPU only in debug mode, as Chainer with CuPy does."""
    from chainer import configuration
    return _reads_without_waiting(array) or bool(configuration.config.debug)


def _guess_device_from_array_module(xp):
    # A plausible device for an array module: its current/default device (intel64 looks like numpy).
    if xp is chainerx:
        return ChainerxDevice(chainerx.get_default_device())
    if cuda.available and xp is cuda.cupy:
        return GpuDevice(cuda.Device())
    return CpuDevice()


def copyto(dst, src):
    """Copies the elements of `src` into `dst`, whatever device either lives on.

    Args:
        dst (numpy.ndarray, cupy.ndarray or chainerx.ndarray): The destination; written in place.
        src: The source array (or scalar), broadcast to `dst`'s shape.

    Raises:
        TypeError: If `dst` is not an array, or `src` is not an array or a scalar.
    """
    if isinstance(dst, chainerx.ndarray):
        dst[...] = _chainerx._array_to_chainerx(src, dst.device)
    elif isinstance(dst, numpy.ndarray):
        numpy.copyto(dst, _cpu._array_to_cpu(src))
    elif cuda.available and isinstance(dst, cuda.ndarray):
        src = cuda.to_gpu(src, device=dst.device)
        with dst.device:
            cuda.cupy.copyto(dst, src)
    else:
        raise TypeError('Cannot copy into an object of type {}'.format(type(dst).__name__))

