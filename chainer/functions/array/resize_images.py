"""F.resize_images: resizes a batch of images by bilinear or nearest-neighbour interpolation.

Note [Separable resizing]: both modes resize the rows and the columns independently. Along an axis
of input length n and output length m, output element i reads the input at position p(i): with
align_corners the corners coincide (p = i (n - 1) / (m - 1)); without, the pixel centres do
(p = (i + 1/2) n / m - 1/2, clipped at 0, as OpenCV). Bilinear mixes the two neighbours floor(p) and
floor(p) + 1 (clipped at n - 1) with weights 1 - (p - floor(p)) and p - floor(p); nearest takes
round(p) with align_corners and floor((i + 1/2) n / m) without. So the forward is gathers along the
two axes (chainerx.take; on chainerx one per axis, of both neighbours) and weighted sums, which on
chainerx record their own backward; on NumPy the backward is the adjoint, scattering the weighted
gradients back (ResizeImagesGrad), whose own backward is the resize again.
"""

import numpy

import chainerx

from chainer import backend
from chainer import function_node
from chainer.functions.array import _routine
from chainer.functions.array.get_item import add_at
from chainer.utils import _checks
from chainer.utils import type_check


def _axis_plan(n, m, mode, align_corners):
    """The gathers along one axis: (indices, weights or None) pairs to sum.

    See Note [Separable resizing].
    """
    i = numpy.arange(m, dtype=numpy.float64)
    if mode == 'nearest':
        if align_corners:
            p = numpy.round(i * (n - 1) / (m - 1)) if m > 1 else numpy.zeros(m)
        else:
            p = numpy.floor((i + 0.5) * n / m)
        return [(numpy.minimum(p, n - 1).astype(numpy.int64), None)]
    if align_corners:
        p = i * (n - 1) / (m - 1) if m > 1 else numpy.zeros(m)
    else:
        p = numpy.maximum((i + 0.5) * n / m - 0.5, 0)
    low = numpy.minimum(numpy.floor(p), n - 1).astype(numpy.int64)
    high = numpy.minimum(low + 1, n - 1)
    frac = p - low
    return [(low, 1 - frac), (high, frac)]


def _weights_shape(axis):
    return (-1,) if axis == 3 else (-1, 1)


def _resize_axis(x, axis, plan):
    """Gathers and mixes x along `axis` (2 or 3) by `plan`; x is a NumPy, CuPy or chainerx array."""
    device = backend.get_device_from_array(x)
    xp = device.xp
    y = None
    for indices, weights in plan:
        term = xp.take(x, device.send(indices), axis)
        if weights is not None:
            term = term * device.send(weights.astype(x.dtype).reshape(_weights_shape(axis)))
        y = term if y is None else y + term
    return y


def _resize_axis_chainerx(x, axis, plan):
    """_resize_axis for a chainerx array: one gather of both neighbours, weighted, summed in pairs.

    x.take(both, axis) holds the low neighbours then the high ones along `axis`; split into (2, m),
    weighted, and summed over the pair: 3 kernels per axis where two gathers, two products and a sum
    took 7 (the same two products, added in the same order).
    """
    if len(plan) == 1:
        indices, _ = plan[0]
        return x.take(chainerx.array(indices, device=x.device), axis)
    (low, w_low), (high, w_high) = plan
    m = len(low)
    both = chainerx.array(numpy.concatenate([low, high]), device=x.device)
    taken = x.take(both, axis)
    pairs = taken.reshape(x.shape[:axis] + (2, m) + x.shape[axis + 1:])
    weights = numpy.stack([w_low, w_high]).astype(x.dtype)
    weights = chainerx.array(weights.reshape((2, m) + (1,) * (3 - axis)), device=x.device)
    return (pairs * weights).sum(axis=axis)


def _scatter_axis(gy, axis, plan, n):
    """The adjoint of _resize_axis: gy (NumPy or CuPy) scattered back to length n along `axis`."""
    device = backend.get_device_from_array(gy)
    shape = gy.shape[:axis] + (n,) + gy.shape[axis + 1:]
    gx = _routine.zeros_on_device_of(gy, shape)
    for indices, weights in plan:
        values = gy
        if weights is not None:
            values = gy * device.send(weights.astype(gy.dtype).reshape(_weights_shape(axis)))
        add_at(gx, (slice(None),) * axis + (device.send(indices),), values)
    return gx


def _plans(in_shape, output_shape, mode, align_corners):
    """The plans of the rows and the columns for images of `in_shape`."""
    return tuple([_axis_plan(n, m, mode, align_corners)
                  for n, m in zip(in_shape[2:], output_shape)])


class ResizeImages(function_node.FunctionNode):
    """Resizes images of shape (N, C, H, W) to (N, C, out_H, out_W)."""

    def __init__(self, output_shape, mode, align_corners):
        self.out_H, self.out_W = output_shape
        self.mode = mode
        self.align_corners = align_corners
        self._params = (tuple(output_shape), mode, align_corners)

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x',))
        x_type, = in_types
        type_check.expect(x_type.dtype.kind == 'f', x_type.ndim == 4)

    def _resize(self, x):
        rows, columns = _plans(x.shape, *self._params)
        return _resize_axis(_resize_axis(x, 2, rows), 3, columns)

    def forward_chainerx(self, inputs):
        x, = inputs
        if x.ndim != 4 or x.dtype.kind != 'f' or 0 in x.shape[2:]:
            return _routine.Fallback  # the type check (or NumPy's error) raises
        rows, columns = _plans(x.shape, *self._params)
        return _resize_axis_chainerx(_resize_axis_chainerx(x, 2, rows), 3, columns),

    def forward(self, inputs):
        return self._resize(inputs[0]),

    def backward(self, indexes, grad_outputs):
        return ResizeImagesGrad(self._params, self.inputs[0].shape).apply(grad_outputs)


class ResizeImagesGrad(function_node.FunctionNode):
    """The gradient of a ResizeImages node (its adjoint); its own gradient is the resize."""

    def __init__(self, params, in_shape):
        self._params = params  # (output_shape, mode, align_corners) of the resize
        self.in_shape = tuple(in_shape)

    def forward(self, inputs):
        gy, = inputs
        rows, columns = _plans(self.in_shape, *self._params)
        _, _, h, w = self.in_shape
        return _scatter_axis(_scatter_axis(gy, 3, columns, w), 2, rows, h),

    def backward(self, indexes, grad_outputs):
        return ResizeImages(*self._params).apply(grad_outputs)


def resize_images(x, output_shape, mode='bilinear', align_corners=True):
    """Resizes images to a given shape by interpolation.

    Args:
        x (~chainer.Variable or array): Images of shape `(N, C, H, W)` and a float dtype.
        output_shape (tuple of two ints): The output's `(H, W)`.
        mode (str): `'bilinear'` or `'nearest'`.
        align_corners (bool): True maps the corner pixels of the input to those of the output;
            False aligns the pixel centres, as OpenCV does (Note [Separable resizing]).

    Returns:
        ~chainer.Variable: The resized images, of shape `(N, C) + output_shape`; the gradient of
        an input pixel sums the weighted gradients of the output pixels that read it.

    Raises:
        TypeError: If `x` is not a Variable or an array, or `output_shape` is not ints.
        ValueError: For an unknown `mode`, an `output_shape` that is not two positive ints, or an
            output too big to allocate.
        ~chainer.utils.type_check.InvalidType: If `x` is not 4-d or not of a float dtype.

    Example:
        >>> F.resize_images(numpy.zeros((1, 3, 4, 4), numpy.float32), (8, 6)).shape
        (1, 3, 8, 6)
    """
    if mode not in ('bilinear', 'nearest'):
        raise ValueError("mode must be 'bilinear' or 'nearest', not {!r}".format(mode))
    output_shape = _checks.as_shape(output_shape, 'output_shape')
    if len(output_shape) != 2 or min(output_shape) <= 0:
        raise ValueError('output_shape must be two positive ints, got {!r}'.format(output_shape))
    _checks.check_size(_checks.shape_of(x)[:2] + output_shape, x.dtype.itemsize)
    return _routine.apply_fast(ResizeImages(output_shape, mode, align_corners), (x,))[0]
