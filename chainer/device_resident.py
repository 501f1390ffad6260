"""DeviceResident: the base of objects whose arrays live on one device (links, optimizers' states).

A DeviceResident moves its arrays with :meth:`DeviceResident.to_device`. It does not know its arrays
itself: :meth:`DeviceResident.device_resident_accept` hands each of them to a visitor, which moves
Variables in place (``visit_variable``) and returns moved arrays (``visit_array``). A subclass
overrides ``device_resident_accept`` to list what it owns:

    >>> class Holder(DeviceResident):
    ...     def device_resident_accept(self, visitor):
    ...         super().device_resident_accept(visitor)    # records the new device
    ...         visitor.visit_variable(self.weight)         # a chainer.Variable, moved in place
    ...         self.mean = visitor.visit_array(self.mean)  # an array, replaced
    >>> holder.to_device('native:0')
"""

import warnings

from chainer import backend
from chainer.backends import _chainerx
from chainer.backends import _cpu
from chainer.backends import cuda
from chainer.backends import intel64

# Methods that subclasses should not override (they go through device_resident_accept).
_FINAL_METHODS = ('to_device', 'to_chx', 'from_chx')


class DeviceResident:
    """An object holding arrays and Variables on one device, movable as a whole.

    Subclasses override :meth:`device_resident_accept`; overriding ``to_device``, ``to_chx`` or
    ``from_chx`` is deprecated (DeprecationWarning when the class is defined).
    """

    _device = _cpu.CpuDevice()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for name in _FINAL_METHODS:
            if name in cls.__dict__:
                warnings.warn(
                    'Overriding DeviceResident.{} in {} is deprecated; override '
                    'device_resident_accept instead'.format(name, cls.__name__),
                    DeprecationWarning, stacklevel=2)

    def device_resident_accept(self, visitor):
        """Applies `visitor` to this object and to every array, Variable and child it holds.

        The base implementation only calls ``visitor.visit_device_resident(self)``; subclasses
        call it first, then ``visitor.visit_variable(v)`` for each Variable,
        ``a = visitor.visit_array(a)`` for each array, and ``child.device_resident_accept(visitor)``
        for each child.
        """
        visitor.visit_device_resident(self)

    @property
    def device(self):
        """The :class:`~chainer.backend.Device` on which the arrays live."""
        return self._device

    @property
    def xp(self):
        """The array module of :attr:`device`: :mod:`numpy`, :mod:`cupy` or :mod:`chainerx`."""
        return self._device.xp

    def to_device(self, device):
        """Moves every array and Variable to a device, without copying those already there.

        Args:
            device: A device specifier (see :func:`chainer.get_device`).

        Returns:
            self
        """
        device = backend.get_device(device)
        self.device_resident_accept(_ToDeviceVisitor(device, _legacy_method(device)))
        return self

    def to_cpu(self):
        """Moves everything to NumPy (``'@numpy'``).

        .. deprecated:: Use ``to_device('@numpy')``.

        Returns:
            self
        """
        visitor = _ToDeviceVisitor(_cpu.CpuDevice(), ('to_cpu', {}), entry=self)
        self.device_resident_accept(visitor)
        return self

    def to_gpu(self, device=None):
        """Moves everything to a GPU (CuPy).

        .. deprecated:: Use ``to_device('@cupy:N')``.

        Args:
            device: A GPU id or ``cupy.cuda.Device``; ``None`` is the current GPU, and then arrays
                already on some GPU stay where they are.

        Returns:
            self

        Raises:
            RuntimeError: If CuPy is not available.
        """
        cuda_device = cuda._get_device_or_current(device)
        visitor = _ToDeviceVisitor(
            cuda.GpuDevice(cuda_device), ('to_gpu', {'device': cuda_device}), entry=self,
            skip_between_cupy_devices=device is None)
        self.device_resident_accept(visitor)
        return self

    def to_intel64(self):
        """Moves everything to iDeep (``'@intel64'``).

        .. deprecated:: Use ``to_device('@intel64')``.

        Raises:
            RuntimeError: Always in this build, which has no iDeep.
        """
        intel64.check_ideep_available()
        visitor = _ToDeviceVisitor(intel64.Intel64Device(), ('to_intel64', {}), entry=self)
        self.device_resident_accept(visitor)
        return self

    def to_chx(self):
        """Converts everything to ChainerX without copying.

        NumPy arrays go to ``native:0``, CuPy arrays to ``cuda:N`` of their GPU.

        Returns:
            self
        """
        self.device_resident_accept(_ToChxVisitor())
        return self

    def from_chx(self):
        """Converts everything from ChainerX to NumPy or CuPy without copying.

        Returns:
            self
        """
        self.device_resident_accept(_FromChxVisitor())
        return self


class DeviceResidentsVisitor:
    """The base of visitors applied by :meth:`DeviceResident.device_resident_accept`."""

    def visit_device_resident(self, device_resident):
        """Processes a :class:`DeviceResident` (before its arrays and children)."""
        raise NotImplementedError(
            'DeviceResidentsVisitor subclasses must define visit_device_resident')

    def visit_array(self, arr):
        """Processes an array and returns the array to keep (`arr` itself if unchanged)."""
        raise NotImplementedError('DeviceResidentsVisitor subclasses must define visit_array')

    def visit_variable(self, param):
        """Processes a :class:`~chainer.Variable` (or Parameter) in place."""
        raise NotImplementedError('DeviceResidentsVisitor subclasses must define visit_variable')


def _legacy_method(device):
    # The deprecated method that moves to `device`, as (name, kwargs), or None.
    if isinstance(device, _cpu.CpuDevice):
        return 'to_cpu', {}
    if isinstance(device, cuda.GpuDevice):
        return 'to_gpu', {'device': device.device}
    if isinstance(device, intel64.Intel64Device):
        return 'to_intel64', {}
    return None


class _ToDeviceVisitor(DeviceResidentsVisitor):
    # Moves everything to one device. See Note [Overridden to_cpu and to_gpu].

    def __init__(self, device, legacy_method, entry=None, skip_between_cupy_devices=False):
        self._device = device
        self._legacy_method = legacy_method
        self._entry = entry
        self._skip_cupy = skip_between_cupy_devices and isinstance(device, cuda.GpuDevice)

    def visit_device_resident(self, device_resident):
        device_resident._device = self._device
        if self._legacy_method is None or device_resident is self._entry:
            return
        name, kwargs = self._legacy_method
        if getattr(type(device_resident), name) is not getattr(DeviceResident, name):
            getattr(device_resident, name)(**kwargs)

    def visit_array(self, arr):
        if self._skip_cupy and isinstance(arr, cuda.ndarray):
            return arr
        return self._device.send(arr)

    def visit_variable(self, param):
        if self._skip_cupy and isinstance(param.device, cuda.GpuDevice):
            return
        param.to_device(self._device)


class _ToChxVisitor(DeviceResidentsVisitor):
    # Converts everything to ChainerX in place (zero copy).

    def visit_device_resident(self, device_resident):
        device = device_resident._device
        if not isinstance(device, _chainerx.ChainerxDevice):
            device_resident._device = _chainerx.ChainerxDevice.from_fallback_device(device)

    def visit_array(self, arr):
        return _chainerx.to_chx(arr)

    def visit_variable(self, param):
        param.to_chx()


class _FromChxVisitor(DeviceResidentsVisitor):
    # Converts everything from ChainerX to NumPy/CuPy in place (zero copy).

    def visit_device_resident(self, device_resident):
        device = device_resident._device
        if isinstance(device, _chainerx.ChainerxDevice):
            device_resident._device = device.fallback_device

    def visit_array(self, arr):
        return _chainerx.from_chx(arr)

    def visit_variable(self, param):
        param.from_chx()


# Note [Overridden to_cpu and to_gpu]
# -----------------------------------
# Before to_device existed, subclasses moved extra attributes by overriding to_cpu, to_gpu or
# to_intel64. Such an override still runs when a move to the matching kind of device reaches the
# object through a parent (to_cpu, to_gpu, or to_device to '@numpy' / '@cupy:N'): the visitor calls
# it when it visits the object. The override calls super().to_cpu(), which visits the same object
# with a new visitor whose `entry` is that object, so the override is not called again; the parent's
# visitor then goes on through the object's arrays, which are already in place (sending them again
# copies nothing).
