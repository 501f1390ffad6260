"""F.select_item: picks one element per row of a matrix."""

import numpy

import chainerx

from chainer import backend
from chainer import configuration
from chainer import function_node
from chainer.functions.array import _routine
from chainer.functions.array.get_item import GetItemGrad
from chainer.utils import type_check


class SelectItem(function_node.FunctionNode):
    """Returns `x[i, t[i]]` for each row i; the gradient lands on the selected elements."""

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x', 't'))
        x_type, t_type = in_types
        type_check.expect(
            t_type.dtype.kind == 'i',
            x_type.ndim == 2,
            t_type.ndim == 1,
            x_type.shape[0] == t_type.shape[0],
        )

    def forward_chainerx(self, inputs):
        x, t = inputs
        if (x.ndim != 2 or t.ndim != 1 or t.dtype.kind != 'i' or x.shape[0] != t.shape[0]
                or configuration.config.debug):
            return _routine.Fallback  # the type check (and the debug-mode range check) raise
        rows = chainerx.arange(t.shape[0], dtype=chainerx.int64, device=x.device)
        try:
            return x[rows, t],
        except _routine.CHAINERX_ERRORS:
            return _routine.Fallback

    def forward(self, inputs):
        self.retain_inputs((1,))
        x, t = inputs
        xp = backend.get_array_module(x)
        if configuration.config.debug and not ((0 <= t).all() and (t < x.shape[1]).all()):
            raise ValueError('Each label `t` need to satisfy `0 <= t < x.shape[1]`')
        return x[xp.arange(t.shape[0]), t],

    def backward(self, indexes, grad_outputs):
        t, = self.get_retained_inputs()
        x_shape = self.inputs[0].shape
        ret = []
        for i in indexes:
            if i == 0:
                rows = numpy.arange(x_shape[0])
                ret.append(GetItemGrad((rows, t.array), x_shape).apply(grad_outputs)[0])
            else:
                ret.append(None)
        return ret


def select_item(x, t):
    """Selects one element from each row of a matrix, by the indices in a vector.

    Args:
        x (~chainer.Variable or array): A matrix of shape `(B, N)`.
        t (~chainer.Variable or array): Signed integer indices of shape `(B,)`, each in
            `[0, N)` (negative ones count from the end, as in NumPy).

    Returns:
        ~chainer.Variable: The vector `(x[0, t[0]], ..., x[B - 1, t[B - 1]])`; the gradient of
        `x` is zero except at the selected elements.

    Raises:
        ~chainer.utils.type_check.InvalidType: If the shapes or the index dtype do not fit.
        IndexError: If an index is out of range (ValueError in debug mode, as the original).

    Example:
        >>> x = numpy.array([[0., 1., 2.], [3., 4., 5.]])
        >>> F.select_item(x, numpy.array([2, 0])).array
        array([2., 3.])
    """
    return _routine.apply_fast(SelectItem(), (x, t))[0]
