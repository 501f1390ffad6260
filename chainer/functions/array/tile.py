"""F.tile: repeats a whole Variable along each axis."""

import chainerx

from chainer import backend
from chainer import function_node
from chainer.functions.array import _routine
from chainer.functions.array.reshape import reshape
from chainer.functions.math.sum_to import sum_to
from chainer.utils import _checks


def _as_reps(reps):
    if _routine.is_int(reps):
        reps = (reps,)
    elif not (isinstance(reps, (tuple, list)) and all(_routine.is_int(r) for r in reps)):
        raise TypeError('reps must be int or tuple of ints, not {!r}'.format(reps))
    if any(r < 0 for r in reps):
        raise ValueError('All elements in reps must be zero or larger, got {}'.format(reps))
    return tuple(int(r) for r in reps)


def _interleaved_shapes(shape, reps):
    """The shapes through which tile(x, reps) goes: `unit`, `tiled` and the output's.

    With `shape` and `reps` padded with leading ones to one length, tile(x, reps) is x reshaped to
    `unit` = (1, s0, 1, s1, ...), broadcast to `tiled` = (r0, s0, r1, s1, ...) and reshaped to
    (r0 s0, r1 s1, ...); the pair of an axis with r = 1 is left as the axis alone.
    """
    n = max(len(shape), len(reps))
    shape = (1,) * (n - len(shape)) + tuple(shape)
    reps = (1,) * (n - len(reps)) + reps
    unit = []
    tiled = []
    for r, s in zip(reps, shape):
        if r != 1:
            unit.append(1)
            tiled.append(r)
        unit.append(s)
        tiled.append(s)
    return tuple(unit), tuple(tiled), tuple([r * s for r, s in zip(reps, shape)])


class Tile(function_node.FunctionNode):
    """Tiles the input `reps` times along each axis; the gradient sums the tiles."""

    def __init__(self, reps):
        self.reps = _as_reps(reps)

    def forward_chainerx(self, inputs):
        # Composed of chainerx routines with their own backward (chainerx has no tile).
        x, = inputs
        unit, tiled, out_shape = _interleaved_shapes(x.shape, self.reps)
        try:
            return chainerx.reshape(chainerx.broadcast_to(x.reshape(unit), tiled), out_shape),
        except _routine.CHAINERX_ERRORS:  # more than chainerx's 10 dimensions on the way
            return _routine.Fallback

    def forward(self, inputs):
        x, = inputs
        _checks.check_array(x)  # None for a Variable without an array (the type check is lax)
        _checks.check_size(_interleaved_shapes(x.shape, self.reps)[2], x.dtype.itemsize)
        return backend.get_array_module(x).tile(x, self.reps),

    def backward(self, indexes, grad_outputs):
        in_shape = self.inputs[0].shape
        unit, tiled, _ = _interleaved_shapes(in_shape, self.reps)
        return reshape(sum_to(reshape(grad_outputs[0], tiled), unit), in_shape),


def tile(x, reps):
    """Constructs a variable by repeating an input variable the given number of times per axis.

    Args:
        x (~chainer.Variable or array): Input variable.
        reps (int or tuple of ints): The repetitions along each axis; `x` and `reps` are padded
            with leading ones to one length, as in :func:`numpy.tile`.

    Returns:
        ~chainer.Variable: The tiled variable; the gradient of `x` sums those of the tiles.

    Raises:
        TypeError: If `reps` is not an int or a tuple of ints.
        ValueError: If an entry of `reps` is negative, or the output would be too big.

    Example:
        >>> F.tile(numpy.arange(2.), (2, 2)).array
        array([[0., 1., 0., 1.],
               [0., 1., 0., 1.]])
    """
    return _routine.apply_fast(Tile(reps), (x,))[0]
