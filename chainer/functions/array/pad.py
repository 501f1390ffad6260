"""F.pad: pads a Variable along its axes, with NumPy's padding modes.

Note [Pad gradients]: padding in mode 'constant' surrounds x with constants, so the gradient of x
is the middle of the output's. Modes 'edge', 'reflect', 'symmetric' and 'wrap' (with the default
reflect_type='even') copy elements of x: padding one axis gathers x along it at indices that
`numpy.pad(arange(n), ...)` itself computes, and NumPy pads the axes one after another. The
gradient therefore scatters back axis by axis (GetItemGrad), and on chainerx the forward is those
gathers (chainerx.take), or for 'constant' one fill and one copy (chainerx._core._pad_constant;
per-axis concatenations with constants where the values differ), all with backwards in C++.
The other modes ('linear_ramp', 'maximum', 'mean', 'median', 'minimum', 'empty', and
reflect_type='odd') compute new values; they are supported forward only, and their backward raises
NotImplementedError rather than return a wrong gradient.
"""

import numpy

import chainerx

from chainer import backend
from chainer import function_node
from chainer.functions.array import _routine
from chainer.functions.array.get_item import GetItemGrad
from chainer.functions.array.get_item import get_item
from chainer.utils import _checks
from chainer.utils import type_check

_GATHER_MODES = ('edge', 'reflect', 'symmetric', 'wrap')


def _pairs(value, ndim, what):
    # NumPy's forms (a scalar, a pair, or a pair per axis) as an (ndim, 2) array.
    try:
        return numpy.broadcast_to(numpy.asarray(value), (ndim, 2))
    except ValueError:
        raise ValueError('{} {!r} cannot be broadcast to {} (before, after) pairs'.format(
            what, value, ndim)) from None


class Pad(function_node.FunctionNode):
    """Pads the input as :func:`numpy.pad` does (see Note [Pad gradients])."""

    def __init__(self, pad_width, mode, **keywords):
        self.pad_width = pad_width
        self.mode = mode
        self.keywords = keywords

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x',))
        type_check.expect(in_types[0].dtype.kind == 'f')

    def _widths(self, ndim):
        widths = _pairs(self.pad_width, ndim, 'pad_width')
        if widths.dtype.kind not in 'iu':
            raise TypeError('pad_width must be of integral type, got {!r}'.format(self.pad_width))
        if (widths < 0).any():
            raise ValueError('pad_width must not be negative, got {!r}'.format(self.pad_width))
        return [(int(b), int(a)) for b, a in widths]

    def _check_size(self, x):
        """ValueError where the output would be too big (Note [Checked sizes])."""
        widths = self._widths(x.ndim)
        _checks.check_size([n + b + a for n, (b, a) in zip(x.shape, widths)], x.dtype.itemsize)

    def _gathers(self, shape):
        """The (axis, indices) gathers that pad in a gathering mode, or None for other modes."""
        if self.mode not in _GATHER_MODES or self.keywords.get('reflect_type', 'even') != 'even':
            return None
        gathers = []
        for axis, (n, width) in enumerate(zip(shape, self._widths(len(shape)))):
            if width != (0, 0):
                indices = numpy.pad(numpy.arange(n), width, mode=self.mode, **self.keywords)
                gathers.append((axis, indices))
        return gathers

    def forward_chainerx(self, inputs):
        x, = inputs
        if x.dtype.kind != 'f':
            return _routine.Fallback  # the type check raises
        try:
            self._check_size(x)
            if self.mode == 'constant' and set(self.keywords) <= {'constant_values'}:
                return self._pad_constant_chainerx(x),
            gathers = self._gathers(x.shape)
        except (TypeError, ValueError):
            return _routine.Fallback  # the fallback raises NumPy's error
        if gathers is None:
            return _routine.Fallback
        for axis, indices in gathers:
            x = chainerx.take(x, chainerx.array(indices, device=x.device), axis)
        return x,

    def _pad_constant_chainerx(self, x):
        values = _pairs(self.keywords.get('constant_values', 0), x.ndim, 'constant_values')
        if values.dtype.kind not in 'biuf':  # e.g. an int beyond int64: NumPy decides
            raise TypeError('constant_values of dtype {}'.format(values.dtype))
        widths = self._widths(x.ndim)
        if x.ndim == 0 or (values == values.flat[0]).all():
            # One value (the usual zeros): a fill and a copy, whatever the number of padded axes.
            value = float(values.flat[0]) if values.size else 0.0
            return chainerx._core._pad_constant(x, widths, value)
        for axis, width in enumerate(widths):
            parts = []
            for side, n in enumerate(width):
                shape = x.shape[:axis] + (n,) + x.shape[axis + 1:]
                parts.append(chainerx.full(shape, values[axis][side].item(), x.dtype, x.device))
            if width != (0, 0):
                x = chainerx.concatenate([parts[0], x, parts[1]], axis)
        return x

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        if x.ndim:
            self._check_size(x)
        return xp.pad(x, self.pad_width, mode=self.mode, **self.keywords),

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        shape = self.inputs[0].shape
        if self.mode == 'constant':
            widths = self._widths(len(shape))
            return get_item(gy, tuple([slice(b, b + n) for (b, _), n in zip(widths, shape)])),
        gathers = self._gathers(shape)
        if gathers is None:
            raise NotImplementedError(
                'the gradient of F.pad in mode {!r} (with {}) is not implemented; modes '
                "'constant', 'edge', 'reflect', 'symmetric' and 'wrap' have one".format(
                    self.mode, self.keywords))
        shapes = [shape]
        for axis, indices in gathers[:-1]:
            shapes.append(shapes[-1][:axis] + (len(indices),) + shapes[-1][axis + 1:])
        for (axis, indices), in_shape in reversed(list(zip(gathers, shapes))):
            key = (slice(None),) * axis + (indices,)
            gy, = GetItemGrad(key, in_shape).apply((gy,))
        return gy,


def pad(x, pad_width, mode, **keywords):
    """Pads an input variable along each axis, as :func:`numpy.pad` does.

    Args:
        x (~chainer.Variable or array): Input variable of a float dtype.
        pad_width (int or array-like): The widths before and after each axis: an int, a
            `(before, after)` pair, or one pair per axis.
        mode (str): NumPy's padding mode, e.g. `'constant'` (the default value is 0; give
            `constant_values=` for others), `'edge'`, `'reflect'`, `'symmetric'` or `'wrap'`.
        keywords: The mode's keyword arguments (`constant_values`, `reflect_type`, ...).

    Returns:
        ~chainer.Variable: The padded variable. The gradient of `x` collects the gradients of
        every output element copied from it; see Note [Pad gradients] for the modes without one.

    Raises:
        ~chainer.utils.type_check.InvalidType: If `x` is not of a float dtype.
        ValueError: For negative or ill-shaped widths, or what NumPy rejects.

    Example:
        >>> F.pad(numpy.array([1., 2.]), 1, 'constant').array
        array([0., 1., 2., 0.])
    """
    return _routine.apply_fast(Pad(pad_width, mode, **keywords), (x,))[0]
