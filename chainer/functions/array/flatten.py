"""F.flatten: the elements of a Variable as a 1-d Variable."""

from chainer import utils
from chainer.functions.array.reshape import reshape
from chainer.utils import _checks


def flatten(x):
    """Flattens an input variable into one dimension (a reshape to `(x.size,)`).

    Args:
        x (~chainer.Variable or array): Input variable.

    Returns:
        ~chainer.Variable: The 1-d variable of `x.size` elements, in C order.

    Example:
        >>> F.flatten(numpy.zeros((2, 3))).shape
        (6,)
    """
    return reshape(x, (utils.size_of_shape(_checks.shape_of(x)),))
