"""Converters: functions that turn a list of examples from an iterator into a minibatch on a device.

An iterator returns a list of examples (arrays, tuples of arrays or dicts of arrays);
:func:`concat_examples` stacks them into batched arrays and sends them to a device:

    >>> import numpy
    >>> from chainer.dataset import concat_examples
    >>> x, t = concat_examples([(numpy.zeros(3), 0), (numpy.ones(3), 1)], 'native:0')
    >>> x.shape, t.shape
    ((2, 3), (2,))
"""

import functools
from typing import Any, Callable

import numpy

import chainer
from chainer import backend
from chainer.backends import cuda


class Converter:
    """Base class of converters: ``converter(batch, device)`` makes a minibatch on `device`.

    Updaters and evaluators call a converter with a :class:`chainer.backend.Device` (or ``None``,
    meaning "leave the arrays where they are"). A plain function used as a converter is called with
    a legacy integer device id instead (-1 for the CPU), which cannot name a ChainerX device;
    decorate it with :func:`converter` to receive a :class:`~chainer.backend.Device`.
    """

    def __call__(self, batch, device):
        """Converts `batch` (a list of examples) to a minibatch on `device` (a Device or None)."""
        raise NotImplementedError('Converter subclasses must implement __call__')


class _ArbitraryCallableConverter(Converter):
    # The converter made by @converter(): normalises the `device` argument (the second positional
    # one or the keyword) to a Device, then calls the wrapped function.

    def __init__(self, base_callable):
        if not callable(base_callable):
            raise TypeError('Can only wrap a callable, not {}'.format(type(base_callable).__name__))
        self.base_callable = base_callable
        functools.update_wrapper(self, base_callable)

    def __call__(self, *args, **kwargs):
        if len(args) >= 2:
            args = (args[0], _get_device(args[1])) + args[2:]
        elif 'device' in kwargs:
            kwargs['device'] = _get_device(kwargs['device'])
        return self.base_callable(*args, **kwargs)


def converter() -> Callable[[Callable[..., Any]], Converter]:
    """Returns a decorator that makes a function a :class:`Converter`.

    The decorated function is called with its ``device`` argument (the second positional argument
    or the ``device`` keyword) turned into a :class:`chainer.backend.Device` (``None`` stays
    ``None``), whatever specifier the caller passed (``'native:0'``, ``'@numpy'``, ``-1``, ...).

        >>> @chainer.dataset.converter()
        ... def my_converter(batch, device=None):
        ...     return chainer.dataset.to_device(device, numpy.stack(batch))
    """
    return _ArbitraryCallableConverter


def _get_device(device_spec):
    # chainer.get_device, extended with None -> None.
    if device_spec is None:
        return None
    return backend.get_device(device_spec)


def _call_converter(converter, batch, device):
    # Calls a converter the way updaters and evaluators do: a Converter receives the Device; a plain
    # (old-style) function receives the legacy integer id, which cannot denote a ChainerX device.
    if isinstance(converter, Converter):
        return converter(batch, device)
    if device is None:
        return converter(batch)
    if device.xp is numpy:
        return converter(batch, -1)
    if isinstance(device, cuda.GpuDevice):
        return converter(batch, device.device.id)
    raise RuntimeError(
        'The converter {!r} is a plain function, which receives legacy integer device ids and so '
        'cannot target {}; decorate it with @chainer.dataset.converter()'.format(converter, device))


def to_device(device: Any, x: Any) -> Any:
    """Sends an array, or a (nested) list/tuple of arrays, to a device.

    Args:
        device: Any device specifier :func:`chainer.get_device` accepts (``'@numpy'``,
            ``'native:0'``, a :class:`~chainer.backend.Device`; legacy: a negative integer for the
            CPU, a non-negative one for a GPU), or ``None`` to return `x` unchanged.
        x: An array, ``None``, or a (nested) list or tuple of arrays.

    Returns:
        `x` on the device (arrays already there are not copied).
    """
    device = _get_device(device)
    if device is None or x is None:
        return x
    return device.send(x)


@converter()
def concat_examples(batch: Any, device: Any = None, padding: Any = None) -> Any:
    """Concatenates a list of examples into batched arrays and sends them to a device.

    The examples are all arrays (or scalars, or nested lists of numbers), all tuples of those, or
    all dicts of those. Arrays are stacked along a new first axis; for tuples and dicts, each
    position or key is stacked separately, and the result is a tuple or dict of batched arrays.

    Args:
        batch: A non-empty list of examples.
        device: Where to send the result: any specifier :func:`chainer.get_device` accepts
            (``'native:0'`` gives ChainerX arrays, ``'@numpy'`` NumPy ones), a legacy integer id
            (negative for the CPU), or ``None`` to keep the arrays on the device of the examples.
        padding: ``None`` to require equal shapes, or a scalar that pads each array up to the
            largest extent in each dimension. For tuple or dict examples, a tuple or dict of such
            values gives one per position or key.

    Returns:
        An array, a tuple of arrays or a dict of arrays.

    Raises:
        ValueError: If `batch` is empty, if tuple or dict examples differ in length or keys, or if
            the examples have different shapes and `padding` is ``None``.
    """
    if len(batch) == 0:
        raise ValueError('concat_examples: the batch is empty')
    first = batch[0]
    _check_same_structure(batch)
    if isinstance(first, tuple):
        if not isinstance(padding, tuple):
            padding = (padding,) * len(first)
        return tuple(
            to_device(device, _concat_arrays([example[i] for example in batch], padding[i], i))
            for i in range(len(first)))
    if isinstance(first, dict):
        if not isinstance(padding, dict):
            padding = {key: padding for key in first}
        return {
            key: to_device(device, _concat_arrays([example[key] for example in batch],
                                                  padding[key], key))
            for key in first}
    return to_device(device, _concat_arrays(batch, padding, None))


def _concat_arrays(arrays, padding, position):
    # Stacks the i-th components of the examples (position: tuple index / dict key / None).
    if not isinstance(arrays[0], chainer.get_array_types()):
        arrays = [numpy.asarray(array) for array in arrays]
    if padding is not None:
        return _concat_arrays_with_padding(arrays, padding)
    _check_same_shapes(arrays, position)
    device = backend.get_device_from_array(arrays[0])
    with chainer.using_device(device):
        return device.xp.stack(arrays)


def _check_same_structure(batch):
    # Tuple examples must all have the length of the first one, dict examples its keys.
    first = batch[0]
    if isinstance(first, (tuple, dict)):
        for i, example in enumerate(batch):
            same = (type(example) is type(first) and len(example) == len(first)
                    and (isinstance(first, tuple) or example.keys() == first.keys()))
            if not same:
                raise ValueError(
                    'concat_examples: example {} ({}) does not match the structure of example 0 '
                    '({}): all examples must be tuples of one length or dicts of the same '
                    'keys'.format(i, _structure(example), _structure(first)))


def _structure(example):
    if isinstance(example, tuple):
        return 'a tuple of length {}'.format(len(example))
    if isinstance(example, dict):
        return 'a dict of keys {}'.format(sorted(map(str, example)))
    return 'a {}'.format(type(example).__name__)


def _check_same_shapes(arrays, position):
    shape = arrays[0].shape
    for i, array in enumerate(arrays):
        if array.shape != shape:
            where = '' if position is None else ' at {!r}'.format(position)
            raise ValueError(
                'concat_examples: the arrays{} of example 0 and example {} have different shapes '
                '{} and {}; pass padding=... to pad them to a common shape'.format(
                    where, i, shape, array.shape))


def _concat_arrays_with_padding(arrays, padding):
    ndim = arrays[0].ndim
    for array in arrays:
        if array.ndim != ndim:
            raise ValueError(
                'concat_examples: padding needs arrays of the same ndim, got shapes {} and '
                '{}'.format(arrays[0].shape, array.shape))
    shape = tuple(max(array.shape[axis] for array in arrays) for axis in range(ndim))
    device = backend.get_device_from_array(arrays[0])
    with chainer.using_device(device):
        result = device.xp.full((len(arrays),) + shape, padding, dtype=arrays[0].dtype)
        for i, array in enumerate(arrays):
            result[(i,) + tuple(slice(extent) for extent in array.shape)] = array
    return result


class ConcatWithAsyncTransfer(Converter):
    """A :func:`concat_examples` that overlaps the host-to-GPU copy with computation.

    On a CuPy device the batch is concatenated on the host and copied on `stream`; when
    `compute_stream` is given, it waits for the copy through an event instead of the host. On any
    other device (NumPy, ChainerX) it is :func:`concat_examples`.

    Args:
        stream: The ``cupy.cuda.Stream`` for the copies (``None``: the current stream).
        compute_stream: The ``cupy.cuda.Stream`` that will consume the batch, or ``None``.
    """

    def __init__(self, stream=None, compute_stream=None):
        self._stream = stream
        self._compute_stream = compute_stream

    def __call__(self, batch, device=None, padding=None):
        """Converts `batch` like :func:`concat_examples` (same arguments and result)."""
        device = _get_device(device)
        if not isinstance(device, cuda.GpuDevice):
            return concat_examples(batch, device, padding)
        host_batch = concat_examples(batch, None, padding)
        with device.device:
            result = _to_gpu_tree(host_batch, device.device.id, self._stream)
            if self._compute_stream is not None and self._stream is not None:
                self._compute_stream.wait_event(self._stream.record())
        return result


def _to_gpu_tree(batch, device_id, stream):
    if isinstance(batch, tuple):
        return tuple(cuda.to_gpu(array, device_id, stream) for array in batch)
    if isinstance(batch, dict):
        return {key: cuda.to_gpu(array, device_id, stream) for key, array in batch.items()}
    return cuda.to_gpu(batch, device_id, stream)
