"""The base class of Chainer's devices and the helpers that every backend module shares.

The concrete devices live in chainer/backends/ (``_cpu``, ``cuda``, ``_chainerx``, ``intel64``); the
public entry points (``get_device``, ``get_array_module``, ...) are in chainer/backend.py. This
module imports neither, so that each backend module can import it without cycles.
"""

import contextlib
import sys


class Device:
    """A device on which arrays live: the common interface of every backend.

    The concrete classes are :class:`~chainer.backend.CpuDevice` (NumPy),
    :class:`~chainer.backend.GpuDevice` (CuPy), :class:`~chainer.backend.Intel64Device` (iDeep) and
    :class:`~chainer.backend.ChainerxDevice`. Use :func:`chainer.get_device` to make one from a
    device specifier. Two devices are equal when they denote the same device; the hash is that of
    :attr:`name`.

        >>> import chainer, numpy
        >>> device = chainer.get_device('native:0')
        >>> x = device.send(numpy.ones(3, numpy.float32))   # a chainerx.ndarray on native:0
    """

    @property
    def xp(self):
        """The array module of the device: :mod:`numpy`, :mod:`cupy` or :mod:`chainerx`."""
        raise NotImplementedError('Device implementations must define xp')

    @property
    def name(self):
        """The unique name of the device, which :func:`chainer.get_device` parses back."""
        raise NotImplementedError('Device implementations must define name')

    @property
    def supported_array_types(self):
        """The tuple of the array types that the device can hold."""
        raise NotImplementedError('Device implementations must define supported_array_types')

    def __enter__(self):
        raise RuntimeError(
            'A Device cannot be used in a with statement; use chainer.using_device(device) to make '
            'a device current in a scope')

    def __exit__(self, exc_type, exc_value, traceback):
        pass

    def __eq__(self, other):
        if not isinstance(other, Device):
            return NotImplemented
        return type(other) is type(self) and other.name == self.name

    def __hash__(self):
        return hash(self.name)

    def __str__(self):
        return self.name

    def __repr__(self):
        return '<{} {}>'.format(type(self).__name__, self.name)

    def create_context(self):
        """Returns a context manager in whose scope the device is the current one.

        :func:`chainer.using_device` calls it. The base class returns a context manager that does
        nothing (NumPy has no notion of a current device).
        """
        return contextlib.nullcontext()

    def send_array(self, array):
        """Returns `array` on this device, without copying when it is already there.

        Args:
            array: A NumPy, CuPy or ChainerX array, or a NumPy scalar.

        Raises:
            TypeError: If `array` is not an array the device can convert.
        """
        raise NotImplementedError('Device implementations must define send_array')

    def send(self, arrays):
        """Transfers an array or a (nested) list or tuple of arrays to the device.

        Containers keep their type and structure; ``None`` entries stay ``None``. An array that
        appears several times is transferred once, so the results are identical objects too.
        Arrays already on the device are returned as they are (no copy).

        Args:
            arrays: An array, ``None``, or a list or tuple of those (possibly nested).

        Returns:
            The transferred array(s) in the same structure.

        Raises:
            TypeError: For an element that is not an array (a :class:`~chainer.Variable` included:
                use ``Variable.to_device``).
        """
        return _convert_arrays(arrays, self.send_array)

    def use(self):
        """Makes the device the current one of this thread (nothing to do for NumPy)."""

    def is_array_supported(self, array):
        """Returns whether `array` lives on this device."""
        raise NotImplementedError('Device implementations must define is_array_supported')


def _convert_arrays(arrays, func):
    # Applies func to an array, or to each array of a (nested) list/tuple; see Device.send.
    if isinstance(arrays, (list, tuple)):
        return _convert_sequence(arrays, func, {})
    return func(arrays)


def _convert_sequence(sequence, func, converted):
    # `converted` maps id(array) -> result; ids are stable since `sequence` holds every array.
    results = []
    for item in sequence:
        if isinstance(item, (list, tuple)):
            results.append(_convert_sequence(item, func, converted))
            continue
        key = id(item)
        result = converted.get(key, converted)
        if result is converted:
            result = converted[key] = func(item)
        results.append(result)
    cls = type(sequence)
    if cls is list or cls is tuple:
        return results if cls is list else tuple(results)
    if hasattr(cls, '_fields'):  # a namedtuple takes its fields as separate arguments
        return cls(*results)
    return cls(results)


def _variable_class():
    # chainer.Variable if chainer.variable is imported (no Variable can exist before), else None.
    # Looked up in sys.modules because chainer.variable imports this module.
    module = sys.modules.get('chainer.variable')
    return None if module is None else getattr(module, 'Variable', None)


def _unwrap_variable(obj):
    # The array held by a chainer.Variable (its backprop-connected chainerx array in ChainerX mode),
    # or obj itself.
    variable = _variable_class()
    if variable is None or not isinstance(obj, variable):
        return obj
    if obj._has_chainerx_array:
        return obj._data[0]
    return obj.array
