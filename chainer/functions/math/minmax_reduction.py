"""F.max and F.min: reductions whose gradient goes to the selected elements.

Every element equal to the maximum (minimum) receives the whole gradient of its reduction, ties
included, as in the original and in chainerx.amax/amin's own backward.
"""

import chainerx

from chainer import function_node
from chainer import utils
from chainer.functions.math.sum import call_chainerx
from chainer.functions.math.sum import check_reduction_type
from chainer.functions.math.sum import normalize_axis
from chainer.functions.math.sum import unreduce
from chainer.functions.math.sum import unreduce_array


class _SelectorReduction(function_node.FunctionNode):
    """Base of Max and Min: `_chainerx_op` is the chainerx routine, `_method` the ndarray method."""

    _chainerx_op = None
    _method = None

    def __init__(self, axis=None, keepdims=False):
        self.axis = normalize_axis(axis)
        self.keepdims = keepdims

    def check_type_forward(self, in_types):
        check_reduction_type(in_types, self.axis)

    def forward_chainerx(self, inputs):
        x, = inputs
        if x.dtype.kind != 'f':
            return function_node.Fallback
        try:
            return self._chainerx_op(x, self.axis, self.keepdims),
        except chainerx.DimensionError:
            return function_node.Fallback  # the type check or NumPy names the error

    def forward(self, inputs):
        self.retain_inputs((0,))
        self.retain_outputs((0,))
        x, = inputs
        y = getattr(x, self._method)(axis=self.axis, keepdims=self.keepdims)
        return utils.force_array(y),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        y, = self.get_retained_outputs()
        shape = x.shape
        y = unreduce_array(y.array, shape, self.axis, self.keepdims)
        selected = (x.array == y).astype(x.dtype)
        return unreduce(grad_outputs[0], shape, self.axis, self.keepdims) * selected,


class Max(_SelectorReduction):
    """Maximum of the elements over some axes."""

    _chainerx_op = chainerx.amax
    _method = 'max'


class Min(_SelectorReduction):
    """Minimum of the elements over some axes."""

    _chainerx_op = chainerx.amin
    _method = 'min'


_DOC = """

    The gradient flows to every element equal to the {what} of its reduction (ties included).

    Args:
        x (~chainer.Variable or array): Input of a float dtype.
        axis (None, int or tuple of int): Axes to reduce (negative values count from the end);
            None reduces all axes.
        keepdims (bool): Keep the reduced axes with length 1.

    Returns:
        ~chainer.Variable: The {what}.

    Raises:
        TypeError: `axis` is not None, an int or a tuple of ints.
        ValueError: `axis` repeats an axis, or a reduced axis has length 0.
        ~chainer.utils.type_check.InvalidType: `x` is not float, or an axis is out of range.

    Example:
        >>> F.{name}(numpy.array([[1., 4.], [3., 2.]]), axis=1).array
        array({example})
    """


def max(x, axis=None, keepdims=False):  # NOQA: shadows the builtin, as the original's name does
    """Takes the maximum of the elements over the given axes."""
    y = call_chainerx(chainerx.amax, x, axis, keepdims)
    return Max(axis, keepdims).apply((x,))[0] if y is None else y


def min(x, axis=None, keepdims=False):  # NOQA: shadows the builtin, as the original's name does
    """Takes the minimum of the elements over the given axes."""
    y = call_chainerx(chainerx.amin, x, axis, keepdims)
    return Min(axis, keepdims).apply((x,))[0] if y is None else y


max.__doc__ += _DOC.format(what='maximum', name='max', example='[4., 3.]')
min.__doc__ += _DOC.format(what='minimum', name='min', example='[1., 2.]')
