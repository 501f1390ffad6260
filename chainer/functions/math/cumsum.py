"""F.cumsum: the cumulative sum along an axis (or of the flattened array)."""

import chainerx

from chainer import backend
from chainer.functions.array.reshape import reshape
from chainer.functions.math.sum import Reduction
from chainer.functions.math.sum import call_chainerx


def _cumsum_array(xp, x, axis, reverse=False):
    """The cumulative sum of a NumPy, CuPy or chainerx array; `reverse` sums from the end."""
    if axis is None:
        x = x.reshape((-1,))
        axis = 0
    if not reverse:
        return xp.cumsum(x, axis=axis)
    return xp.flip(xp.cumsum(xp.flip(x, axis), axis=axis), axis)


class Cumsum(Reduction):
    """Cumulative sum along an axis; with `reverse`, from the last element backwards."""

    _single_axis = True

    def __init__(self, axis=None, reverse=False):
        super().__init__(axis)
        self.reverse = reverse

    def _chainerx_forward(self, x):
        return _cumsum_array(chainerx, x, self.axis, self.reverse)

    def forward(self, inputs):
        x, = inputs
        return _cumsum_array(backend.get_array_module(x), x, self.axis, self.reverse),

    def backward(self, indexes, grad_outputs):
        axis = self.axis
        gx, = Cumsum(0 if axis is None else axis, not self.reverse).apply(grad_outputs)
        if axis is None:
            gx = reshape(gx, self.inputs[0].shape)
        return gx,


# The docstring of cumsum and cumprod after the summary.
CUMULATIVE_DOC = """

    Args:
        x (~chainer.Variable or array): Input of a float dtype.
        axis (None or int): The axis (negative values count from the end); None {verb} the
            flattened array, giving a 1-d result.

    Returns:
        ~chainer.Variable: The cumulative {what}, of the shape of `x` (1-d if `axis` is None).

    Raises:
        TypeError: `axis` is not None or an int.
        ~chainer.utils.type_check.InvalidType: `x` is not float, or `axis` is out of range.

    Example:
        >>> F.{name}(numpy.array([[1., 2.], [3., 4.]]), axis=1).array
        array([[{row0}],
               [{row1}]])
    """


def cumsum(x, axis=None):
    """Computes the cumulative sum of the elements along an axis."""
    y = call_chainerx(chainerx.cumsum, x, axis)
    return Cumsum(axis).apply((x,))[0] if y is None else y


cumsum.__doc__ += CUMULATIVE_DOC.format(verb='sums', what='sums', name='cumsum', row0='1., 3.',
                                        row1='3., 7.')
