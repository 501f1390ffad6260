"""F.cast: converts a Variable to another dtype, keeping the graph between float dtypes."""

import numpy

from chainer import function_node
from chainer import variable
from chainer.functions.array import _routine
from chainer.utils import _checks
from chainer.utils import type_check


class Cast(function_node.FunctionNode):
    """Casts the input to `typ`; the gradient is cast back (none for non-float inputs)."""

    def __init__(self, typ):
        self.type = numpy.dtype(typ)

    @property
    def label(self):
        return 'Cast({})'.format(self.type.name)

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x',))

    def forward_chainerx(self, inputs):
        # chainerx's astype records the float-to-float backward; other casts leave the graph.
        x, = inputs
        y = x.astype(self.type, copy=False)
        return (y.view() if y is x else y),

    def forward(self, inputs):
        x, = inputs
        self._in_type = x.dtype
        return x.astype(self.type, copy=False),

    def backward(self, indexes, grad_outputs):
        if self._in_type.kind != 'f' or grad_outputs[0].dtype.kind != 'f':
            return None,
        return cast(grad_outputs[0], self._in_type),


def cast(x, typ):
    """Casts an input variable to a given dtype.

    Args:
        x (~chainer.Variable or array): Input variable.
        typ (str or numpy.dtype): The dtype to cast to.

    Returns:
        ~chainer.Variable: The cast variable, or `x` itself as a Variable if it already has the
        dtype. Between float dtypes the gradient flows back, cast to x's dtype; a cast from or to
        another kind has no gradient.

    Raises:
        TypeError: If `typ` is not a dtype.

    Example:
        >>> F.cast(numpy.ones(2, numpy.float32), numpy.float16).dtype
        dtype('float16')
    """
    try:
        same = x.dtype == typ
    except AttributeError:
        _checks.check_array(x)
        raise
    if same:
        return variable.as_variable(x)
    return _routine.apply_fast(Cast(typ), (x,))[0]
