"""F.shift: the zero-parameter spatial shift of Wu et al. (2017), a composition of pad and slices.

Note [Shift groups]: the channels are split into kh * kw groups of c // (kh * kw) channels, the
last group also taking the c % (kh * kw) remaining channels. Group i moves its channels by one
offset of the kernel grid: with g = i, except that the middle group (i = (kh * kw - 1) // 2) and
the last one exchange their offsets (so the unshifted centre offset goes to the last group, which
holds the remainder), the offset is (ky, kx) = (g // kw - kh // 2, g % kw - kw // 2) and the
output is y[:, channel, r, s] = x[:, channel, r - ky * dy, s - kx * dx], zero outside x. This is
the original's assignment. The input is padded once by (kh // 2 * |dy|, kw // 2 * |dx|) and each
group is a window of the padded input; the windows are concatenated along the channels. pad,
get_item and concat are native on chainerx and differentiable to any order (the gradient is the
shift by the opposite offsets), so shift is too. A dilation of 0 shifts nothing.
"""

from chainer.functions.array.concat import concat
from chainer.functions.array.get_item import get_item
from chainer.functions.array.pad import pad
from chainer.utils import type_check


def _pair(value):
    # As the original: anything indexable is taken as the pair itself.
    if hasattr(value, '__getitem__'):
        return value
    return value, value


def _group_offsets(kh, kw):
    """The (ky, kx) offset of each channel group, in group order (Note [Shift groups])."""
    n_groups = kh * kw
    center = (n_groups - 1) // 2
    offsets = []
    for i in range(n_groups):
        g = n_groups - 1 if i == center else center if i == n_groups - 1 else i
        offsets.append((g // kw - kh // 2, g % kw - kw // 2))
    return offsets


def _check_input(x, kh, kw):
    in_types = type_check.get_types((x,), 'in_types', False)
    type_check.argname(in_types, ('x',))
    x_type, = in_types
    type_check.expect(
        x_type.dtype.kind == 'f',
        x_type.ndim == 4,
        x_type.shape[1] >= kh * kw,
    )


def shift(x, ksize=3, dilate=1):
    """Shift function: moves each group of channels by one offset of a kernel grid.

    See: `Shift: A Zero FLOP, Zero Parameter Alternative to Spatial Convolutions
    <https://arxiv.org/abs/1711.08141>`_. The channels are split into ``kh * kw`` groups, each
    shifted spatially by one offset ``(ky * dy, kx * dx)`` with ``|ky| <= kh // 2`` and
    ``|kx| <= kw // 2``, filling with zeros (Note [Shift groups] gives the order).

    Args:
        x (~chainer.Variable or array): Input of shape (n, c, h, w), float, with
            ``c >= kh * kw``.
        ksize (int or pair of ints): The kernel grid ``(kh, kw)``, odd sizes; ``ksize=k`` and
            ``ksize=(k, k)`` are equivalent.
        dilate (int or pair of ints): The step ``(dy, dx)`` between offsets of the grid;
            ``dilate=d`` and ``dilate=(d, d)`` are equivalent.

    Returns:
        ~chainer.Variable: The shifted input, of x's shape and dtype.

    Raises:
        ValueError: kh or kw is even.
        ~chainer.utils.type_check.InvalidType: x is not a float 4-d array of at least
            kh * kw channels.

    Example:
        >>> x = numpy.arange(12, dtype=numpy.float32).reshape(1, 3, 1, 4)
        >>> F.shift(x, ksize=(1, 3)).array[0, :, 0]
        array([[ 1.,  2.,  3.,  0.],
               [ 0.,  4.,  5.,  6.],
               [ 8.,  9., 10., 11.]], dtype=float32)
    """
    kh, kw = _pair(ksize)
    if kh % 2 != 1:
        raise ValueError('kh must be odd')
    if kw % 2 != 1:
        raise ValueError('kw must be odd')
    dy, dx = _pair(dilate)
    _check_input(x, kh, kw)
    _, c, h, w = x.shape
    py, px = kh // 2 * abs(dy), kw // 2 * abs(dx)
    padded = x if py == px == 0 else pad(x, ((0, 0), (0, 0), (py, py), (px, px)), 'constant')
    offsets = _group_offsets(kh, kw)
    group_size = c // len(offsets)
    groups = []
    for i, (ky, kx) in enumerate(offsets):
        top, left = py - ky * dy, px - kx * dx
        end = (i + 1) * group_size if i < len(offsets) - 1 else c
        groups.append(get_item(padded, (slice(None), slice(i * group_size, end),
                                        slice(top, top + h), slice(left, left + w))))
    return concat(groups, axis=1) if len(groups) > 1 else groups[0]
