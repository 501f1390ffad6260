"""F.max and F.min: reductions whose gradient goes to the selected elements.

Every element equal to the maximum (minimum) receives the whole gradient of its reduction, ties
included, as in the original and in chainerx.amax/amin's own backward.
"""

import chainerx

from chainer import utils
from chainer.functions.math.sum import REDUCTION_DOC
from chainer.functions.math.sum import Reduction
from chainer.functions.math.sum import call_chainerx
from chainer.functions.math.sum import unreduce
from chainer.functions.math.sum import unreduce_array


class _SelectorReduction(Reduction):
    """Base of Max and Min: `_chainerx_op` is the chainerx routine, `_method` the ndarray method."""

    _chainerx_op = None
    _method = None

    def _chainerx_forward(self, x):
        return self._chainerx_op(x, self.axis, self.keepdims)

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


def max(x, axis=None, keepdims=False):  # NOQA: shadows the builtin, as the original's name does
    """Takes the maximum of the elements over the given axes."""
    y = call_chainerx(chainerx.amax, x, axis, keepdims)
    return Max(axis, keepdims).apply((x,))[0] if y is None else y


def min(x, axis=None, keepdims=False):  # NOQA: shadows the builtin, as the original's name does
    """Takes the minimum of the elements over the given axes."""
    y = call_chainerx(chainerx.amin, x, axis, keepdims)
    return Min(axis, keepdims).apply((x,))[0] if y is None else y


_GRADIENT = """
    The gradient flows to every element equal to the {} of its reduction (ties included).
"""
max.__doc__ += REDUCTION_DOC.format(
    gradient=_GRADIENT.format('maximum'), verb='reduce', what='maximum',
    empty=', or a reduced axis has length 0', name='max',
    example='numpy.array([[1., 4.], [3., 2.]]), axis=1', result='array([4., 3.])')
min.__doc__ += REDUCTION_DOC.format(
    gradient=_GRADIENT.format('minimum'), verb='reduce', what='minimum',
    empty=', or a reduced axis has length 0', name='min',
    example='numpy.array([[1., 4.], [3., 2.]]), axis=1', result='array([1., 2.])')
