"""F.binary_accuracy: the fraction of binary labels matched by the sign of the scores."""

import chainerx

from chainer import backend
from chainer import function_node
from chainer.utils import type_check

_IGNORE_LABEL = -1


class BinaryAccuracy(function_node.FunctionNode):
    """mean((y >= 0) == t) over the labels other than -1; not differentiable."""

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x', 't'))
        x_type, t_type = in_types
        type_check.expect(
            x_type.dtype.kind == 'f',
            t_type.dtype.kind == 'i',
            t_type.shape == x_type.shape,
        )

    def forward_chainerx(self, inputs):
        y, t = inputs
        if y.dtype.kind != 'f' or t.dtype.kind != 'i' or y.shape != t.shape:
            return function_node.Fallback
        with chainerx.no_backprop_mode():
            return self.forward(inputs)

    def forward(self, inputs):
        y, t = inputs
        xp = backend.get_array_module(y)
        correct = ((y >= 0).astype(t.dtype) == t).sum()
        count = xp.maximum(1, (t != _IGNORE_LABEL).sum())
        # Divided in float64, as the original's integer division, then cast to y's dtype.
        return xp.asarray(correct.astype('float64') / count.astype('float64')).astype(y.dtype),


def binary_accuracy(y, t):
    """Binary classification accuracy: the fraction of labels equal to (y >= 0).

    Args:
        y (~chainer.Variable or array): Float scores (pre-sigmoid values).
        t (~chainer.Variable or array): Signed integer labels (0, 1, or -1 to ignore) of the shape
            of `y`.

    Returns:
        ~chainer.Variable: A 0-d Variable of y's dtype. It has no gradient.
    """
    return BinaryAccuracy().apply((y, t))[0]
