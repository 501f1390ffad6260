"""F.space2depth: move pixel blocks to channel blocks (its node lives in depth2space.py)."""

from chainer.functions.array import _routine
from chainer.functions.array.depth2space import Space2Depth
from chainer.functions.array.depth2space import check_block_size


def space2depth(X, r):
    """Rearranges spatial blocks into channel blocks (the inverse of :func:`depth2space`).

    Args:
        X (~chainer.Variable or array): Float input of shape (N, C, H * r, W * r).
        r (int): Size of the spatial blocks.

    Returns:
        ~chainer.Variable: Output of shape (N, r * r * C, H, W); see
        Note [Depth-to-space layout] in chainer/functions/array/depth2space.py for the order.

    Raises:
        TypeError: If `r` is not an integer.
        ValueError: If `r` is not positive.
        ~chainer.utils.type_check.InvalidType: If `X` is not a float 4-d array whose height and
            width are multiples of r.

    Example:
        >>> X = numpy.arange(16, dtype=numpy.float32).reshape(1, 1, 4, 4)
        >>> F.space2depth(X, 2).array[0, :, 0, 0]
        array([0., 1., 4., 5.], dtype=float32)
    """
    return _routine.apply_fast(Space2Depth(check_block_size(r)), (X,))[0]
