"""F.permutate: reorders a Variable along an axis by a permutation.

`y = x.take(indices, axis)` (or, with `inv`, the inverse permutation: `y.take(indices, axis) == x`);
the gradient is the permutation the other way. On chainerx the forward is chainerx.take, whose
backward is in C++ (path 1 of Note [Native paths] in chainer/function_node.py).

The original checks that `indices` is a permutation only in debug mode. Here it is always checked
(ValueError) where the host reads `indices` without waiting (NumPy, native chainerx), since an index
repeated or out of range would silently give a wrong gradient. On a GPU (CuPy, chainerx on CUDA) it
is checked in debug mode only, as in the original: reading the indices back would make the host wait
for the device at every call (NStepLSTM and its kin permutate their states at every step), and the
inverse permutation is computed there by a scatter.
"""

import numpy

import chainerx

from chainer import backend
from chainer import function_node
from chainer.functions.array import _routine
from chainer.utils import type_check


def _check_permutation(indices):
    """ValueError unless the host array `indices` is a permutation of range(len(indices))."""
    n = len(indices)
    if n == 0:
        return
    low, high = int(indices.min()), int(indices.max())
    if low < 0 or high >= n:
        raise ValueError('Out of bounds index: {}'.format(low if low < 0 else high))
    counts = numpy.bincount(indices, minlength=n)
    if (counts > 1).any():
        raise ValueError('indices contains duplicate value: {}'.format(
            int(numpy.argmax(counts > 1))))


def _host_permutation(indices, inv):
    """The checked permutation (inverted if `inv`) as a host int64 array."""
    # A view of host memory (NumPy, native chainerx arrays); device memory (cuda:N, CuPy) is copied.
    host = backend.CpuDevice().send(indices)
    _check_permutation(host)
    if inv:
        return numpy.argsort(host).astype(numpy.int64)
    return host.astype(numpy.int64, copy=False)


def _permutation_on_device(xp, indices, inv):
    """The permutation (inverted if `inv`) as an int64 array on `indices`' device, unchecked."""
    permutation = indices.astype(numpy.int64)
    if not inv:
        return permutation
    inverse = backend._array_like('empty', permutation)
    on_device = {'device': permutation.device} if xp is chainerx else {}  # CuPy: the current device
    inverse[permutation] = xp.arange(len(permutation), dtype=numpy.int64, **on_device)
    return inverse


def _permutation(xp, indices, inv):
    """The permutation as an int64 array of `xp`: checked on the host, or on the device (see the module's doc)."""
    if backend._checks_values(indices):
        permutation = _host_permutation(indices, inv)
        return permutation if xp is numpy else xp.asarray(permutation)
    return _permutation_on_device(xp, indices, inv)


class Permutate(function_node.FunctionNode):
    """`x.take(indices, axis)`, or with the inverse permutation if `inv`."""

    def __init__(self, axis=0, inv=False):
        self.axis = axis
        self.inv = inv

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x', 'indices'))
        x_type, ind_type = in_types
        _routine.expect_axis(x_type, self.axis)
        type_check.expect(
            ind_type.dtype.kind == 'i',
            ind_type.ndim == 1,
            x_type.shape[self.axis] == ind_type.shape[0],
        )

    def forward_chainerx(self, inputs):
        x, indices = inputs
        if indices.dtype.kind != 'i' or indices.ndim != 1 or not (
                -x.ndim <= self.axis < x.ndim) or x.shape[self.axis] != len(indices):
            return function_node.Fallback  # the type check raises the original's error
        with chainerx.using_device(x.device):
            permutation = _permutation(chainerx, indices, self.inv)
        return chainerx.take(x, permutation.to_device(x.device), self.axis),

    def forward(self, inputs):
        self.retain_inputs((1,))
        x, indices = inputs
        xp = backend.get_array_module(x)
        with backend.using_device(backend.get_device_from_array(x)):
            return xp.take(x, _permutation(xp, indices, self.inv), axis=self.axis),

    def backward(self, indexes, grad_outputs):
        indices, = self.get_retained_inputs()
        gx, = Permutate(self.axis, not self.inv).apply((grad_outputs[0], indices))
        return gx, None


def permutate(x, indices, axis=0, inv=False):
    """Permutates an input variable along an axis.

    `y[..., i, ...] = x[..., indices[i], ...]` along `axis`; with `inv=True` the inverse
    permutation is applied instead: `y[..., indices[i], ...] = x[..., i, ...]`.

    Args:
        x (~chainer.Variable or array): Input variable.
        indices (~chainer.Variable or array): A 1-d signed integer array holding a permutation of
            `range(x.shape[axis])`.
        axis (int): The axis to permutate.
        inv (bool): Apply the inverse permutation.

    Returns:
        ~chainer.Variable: The permutated variable.

    Raises:
        TypeError: If `axis` is not an integer.
        ~chainer.utils.type_check.InvalidType: If `axis` is out of range, or `indices` is not a
            1-d integer array of length `x.shape[axis]`.
        ValueError: If `indices` is not a permutation (on a GPU, checked in debug mode only).

    Example:
        >>> x = numpy.arange(6, dtype=numpy.float32).reshape(3, 2)
        >>> F.permutate(x, numpy.array([2, 0, 1], numpy.int32)).array
        array([[4., 5.],
               [0., 1.],
               [2., 3.]], dtype=float32)
    """
    if not _routine.is_int(axis):
        raise TypeError('axis must be an integer, not {!r}'.format(axis))
    return Permutate(int(axis), bool(inv)).apply((x, indices))[0]
