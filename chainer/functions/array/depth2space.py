"""F.depth2space (and the nodes of F.space2depth): move channel blocks to pixel blocks and back.

Note [Depth-to-space layout]: as in the original (and TensorFlow's depth_to_space), input channel
`(r1 * r + r2) * C + c` of pixel (a, b) becomes channel c of output pixel (a * r + r1, b * r + r2):
the offsets inside the r x r block vary slowest in the channel index (PyTorch's pixel_shuffle
orders the other way). Each direction is one reshape, one transpose and one reshape, which work as
they are on NumPy, CuPy and chainerx arrays; on chainerx they record their own backward in C++, so
`forward_chainerx` is the same rearrangement (path 1 of Note [Native paths] in
chainer/function_node.py). Each direction's gradient is the other direction.
"""

from chainer import function_node
from chainer.functions.array import _routine
from chainer.utils import type_check


def _depth2space(x, r):
    n, c, h, w = x.shape
    c //= r * r
    return x.reshape(n, r, r, c, h, w).transpose(0, 3, 4, 1, 5, 2).reshape(n, c, h * r, w * r)


def _space2depth(x, r):
    n, c, h, w = x.shape
    h //= r
    w //= r
    return x.reshape(n, c, h, r, w, r).transpose(0, 3, 5, 1, 2, 4).reshape(n, r * r * c, h, w)


def expect_float_images(in_types, name):
    """Type-checks one input named `name`: a float 4-d array (image batch); returns its type."""
    type_check._argname(in_types, (name,))
    x_type = in_types[0]
    type_check.expect(
        x_type.dtype.kind == 'f',
        x_type.ndim == 4,
    )
    return x_type


class _Rearrangement(function_node.FunctionNode):
    """Base of Depth2Space and Space2Depth: `_rearrange(x, r)` on a float 4-d batch."""

    _rearrange = None
    _inverse = None

    def __init__(self, r):
        self.r = r

    def _shape_is_valid(self, shape):
        raise NotImplementedError

    def _expect_divisible(self, x_type):
        raise NotImplementedError

    def check_type_forward(self, in_types):
        self._expect_divisible(expect_float_images(in_types, 'X'))

    def forward_chainerx(self, inputs):
        x, = inputs
        if x.dtype.kind != 'f' or x.ndim != 4 or not self._shape_is_valid(x.shape):
            return function_node.Fallback  # the type check raises the original's error
        return self._rearrange(x, self.r),

    def forward(self, inputs):
        return self._rearrange(inputs[0], self.r),

    def backward(self, indexes, grad_outputs):
        return self._inverse(self.r).apply(grad_outputs)


class Depth2Space(_Rearrangement):
    """(N, r * r * C, H, W) -> (N, C, H * r, W * r); see Note [Depth-to-space layout]."""

    _rearrange = staticmethod(_depth2space)

    def _shape_is_valid(self, shape):
        return shape[1] % (self.r * self.r) == 0

    def _expect_divisible(self, x_type):
        type_check.expect(x_type.shape[1] % (self.r * self.r) == 0)


class Space2Depth(_Rearrangement):
    """(N, C, H * r, W * r) -> (N, r * r * C, H, W); see Note [Depth-to-space layout]."""

    _rearrange = staticmethod(_space2depth)

    def _shape_is_valid(self, shape):
        return shape[2] % self.r == 0 and shape[3] % self.r == 0

    def _expect_divisible(self, x_type):
        type_check.expect(
            x_type.shape[2] % self.r == 0,
            x_type.shape[3] % self.r == 0,
        )


Depth2Space._inverse = Space2Depth
Space2Depth._inverse = Depth2Space


def check_block_size(r):
    """Returns `r` as an int; TypeError if it is not an integer, ValueError if not positive."""
    if not _routine.is_int(r):
        raise TypeError('r must be an integer, not {!r}'.format(r))
    if r <= 0:
        raise ValueError('r must be positive, not {}'.format(r))
    return int(r)


def depth2space(X, r):
    """Rearranges channel blocks into spatial blocks (the inverse of :func:`space2depth`).

    Args:
        X (~chainer.Variable or array): Float input of shape (N, r * r * C, H, W).
        r (int): Size of the spatial blocks.

    Returns:
        ~chainer.Variable: Output of shape (N, C, H * r, W * r); see
        Note [Depth-to-space layout] in chainer/functions/array/depth2space.py for the order.

    Raises:
        TypeError: If `r` is not an integer.
        ValueError: If `r` is not positive.
        ~chainer.utils.type_check.InvalidType: If `X` is not a float 4-d array whose channels are
            a multiple of r * r.

    Example:
        >>> X = numpy.arange(24, dtype=numpy.float32).reshape(1, 4, 2, 3)
        >>> F.depth2space(X, 2).array
        array([[[[ 0.,  6.,  1.,  7.,  2.,  8.],
                 [12., 18., 13., 19., 14., 20.],
                 [ 3.,  9.,  4., 10.,  5., 11.],
                 [15., 21., 16., 22., 17., 23.]]]], dtype=float32)
    """
    return _routine.apply_fast(Depth2Space(check_block_size(r)), (X,))[0]
