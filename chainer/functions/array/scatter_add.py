"""F.scatter_add: adds values into a copy of a Variable at indexed positions."""

import chainerx
import chainerx._indexing

from chainer import function_node
from chainer.functions.array.get_item import add_at
from chainer.functions.array.get_item import get_item
from chainer.functions.array.get_item import key_for
from chainer.functions.array.get_item import normalize_key
from chainer.utils import type_check


class ScatterAdd(function_node.FunctionNode):
    """Returns a copy of `a` with `b` added at `a[slices]` (repeated elements accumulate).

    On chainerx the routine (chainerx._indexing.scatter_add) records its backward in C++. A key
    that only NumPy indexing takes, or arguments that chainerx rejects, take the fallback, whose
    checks raise the original's errors.
    """

    def __init__(self, slices):
        self.slices = normalize_key(slices)

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('a', 'b'))
        type_check.expect(in_types[0].dtype == in_types[1].dtype)

    def forward_chainerx(self, inputs):
        a, b = inputs
        try:
            y = chainerx._indexing.scatter_add(a, self.slices, b)
        except (chainerx.DimensionError, chainerx.DtypeError, chainerx.DeviceError, IndexError):
            return function_node.Fallback
        return function_node.Fallback if y is None else (y,)

    def forward(self, inputs):
        a, b = inputs
        key = key_for(self.slices, a)
        y = a.copy()
        if y[key].shape != b.shape:
            raise ValueError('Chainer does not support automatic broadcasting of variables: '
                             'a[slices] has shape {} and b {}'.format(y[key].shape, b.shape))
        add_at(y, key, b)
        return y,

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        return tuple([gy if i == 0 else get_item(gy, self.slices) for i in indexes])


def scatter_add(a, slices, b):
    """Adds given values to the specified elements of a copy of an array.

    `y = a.copy(); y[slices] += b`, except that elements selected several times receive every
    addition (like :func:`numpy.add.at`).

    Args:
        a (~chainer.Variable or array): The variable to add to.
        slices (int, slice, Ellipsis, None, integer or boolean array-like, or a tuple of them):
            The key selecting the elements, as in :func:`get_item`.
        b (~chainer.Variable or array): The values; of the shape of `a[slices]` and a's dtype.

    Returns:
        ~chainer.Variable: The sum. The gradient of `a` is the output's, that of `b` the output's
        at `slices`.

    Raises:
        ~chainer.utils.type_check.InvalidType: If the dtypes differ.
        ValueError: If `b` does not have the shape of `a[slices]`.

    Example:
        >>> y = F.scatter_add(numpy.zeros(3), [0, 0, 2], numpy.ones(3))
        >>> y.array
        array([2., 0., 1.])
    """
    return ScatterAdd(slices).apply((a, b))[0]
