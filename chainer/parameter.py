"""`chainer.Parameter`: a Variable that a link owns and an optimizer updates, possibly initialised lazily."""

import numpy

from chainer import variable


def _generate_array(initializer, shape, device, dtype=None):
    """An array of `shape` filled by `initializer` on `device`.

    The initializer is a callable that fills an array in place (a chainer.Initializer), a scalar, or None (NaN,
    so that using an uninitialised value shows). chainer.initializers.generate_array, when that module exists,
    does the same for every initializer kind.
    """
    try:
        from chainer import initializers
    except ImportError:
        initializers = None
    if initializers is not None and hasattr(initializers, 'generate_array'):
        return initializers.generate_array(initializer, shape, device.xp, dtype=dtype, device=device)
    import chainer
    dtype = getattr(initializer, 'dtype', None) or dtype or chainer.get_dtype()
    array = numpy.empty(shape, dtype)
    if initializer is None:
        array.fill(numpy.nan)
    elif numpy.isscalar(initializer):
        array.fill(initializer)
    else:
        initializer(array)
    return device.send(array)


class Parameter(variable.Variable):
    """A Variable that a link owns and an optimizer updates.

    Args:
        initializer: An array (the value), a scalar, a chainer.Initializer, or None (NaN).
        shape: The shape; None leaves the parameter uninitialised until `initialize(shape)` (lazy links).
        name (str): Name of the parameter.
    """

    _initial_device = None
    _grad_initializer = None
    update_rule = None

    def __init__(self, initializer=None, shape=None, name=None):
        from chainer import backend
        if isinstance(initializer, variable._array_types.ARRAY_TYPES):
            super().__init__(initializer, name=name)
            # As the original: the array is also the initializer (copy(mode='init') refills with it).
            self.initializer = initializer
            self._initial_device = backend.get_device_from_array(initializer)
            return
        self.initializer = initializer
        device = backend.CpuDevice()
        self._initial_device = device
        if shape is None:
            super().__init__(name=name)
        else:
            super().__init__(_generate_array(initializer, shape, device), name=name)
        self._grad_initializer = None

    @property
    def dtype(self):
        array = self._data[0]
        if array is not None:
            return array.dtype
        import chainer
        return numpy.dtype(getattr(self.initializer, 'dtype', None) or chainer.get_dtype())

    @property
    def is_initialized(self):
        """Whether the parameter has an array."""
        return self._data[0] is not None

    def initialize(self, shape):
        """Creates the array of `shape` with the initializer, on the device the parameter was sent to."""
        device = self._initial_device
        data = _generate_array(self.initializer, shape, device)
        grad = None
        if self._grad_initializer is not None:
            grad = _generate_array(self._grad_initializer, shape, device, dtype=data.dtype)
        if self._has_chainerx_array and self._data[0] is not None:
            # Re-initialising a chainerx parameter (Link.copy(mode='init')): a new leaf, as the original
            # replaces the data; the array setter refuses arrays that require grad.
            self._reset_chainerx_array(data)
        else:
            self.array = data
        if grad is not None:
            self.grad = grad

    def cleargrad(self):
        super().cleargrad()
        if not self.is_initialized:
            self._grad_initializer = None

    def zerograd(self):
        super().zerograd()
        if not self.is_initialized:
            self._grad_initializer = 0

    def to_device(self, device):
        from chainer import backend
        device = backend.get_device(device)
        self._initial_device = device
        super().to_device(device)

    def to_chx(self):
        super().to_chx()
        self._initial_device = self._device_after_move('to_chx')

    def from_chx(self):
        super().from_chx()
        self._initial_device = self._device_after_move('from_chx')

    def _device_after_move(self, direction):
        """The device of the array after to_chx/from_chx; for an uninitialised parameter, the device that
        its array will be created on."""
        from chainer import backend
        if self._data[0] is not None:
            return backend.get_device_from_array(self._data[0])
        device = self._initial_device
        if direction == 'to_chx' and not isinstance(device, backend.ChainerxDevice):
            return backend.ChainerxDevice.from_fallback_device(device)
        if direction == 'from_chx' and isinstance(device, backend.ChainerxDevice):
            return device.fallback_device
        return device

    def update(self):
        """Updates the parameter with its update rule (set by an optimizer), if any."""
        if self.update_rule is not None:
            self.update_rule.update(self)
