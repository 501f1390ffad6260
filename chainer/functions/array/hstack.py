"""F.hstack, F.vstack, F.dstack: join Variables along their columns, rows or depth.

NumPy first views 0-d/1-d (and, for dstack, 2-d) inputs as arrays of at least 1, 2 or 3 dimensions
("lifting" them: (n,) becomes (1, n) for vstack and (1, n, 1) for dstack), then concatenates along
one axis of the lifted arrays. The nodes share that description and differ in the lifting and the
axis.
"""

import numpy

import chainerx

from chainer import backend
from chainer import function_node
from chainer.functions.array import _routine
from chainer.functions.array.reshape import reshape
from chainer.functions.array.split_axis import split_axis
from chainer.utils import type_check


class _AxisJoin(function_node.FunctionNode):
    """Base of Hstack, Vstack and Dstack: NumPy's routine `_routine` on inputs of one ndim."""

    _routine = None
    _axis = None  # the axis of the lifted arrays along which they are joined
    _vector_as_row = True  # whether a 1-d input (n,) is lifted to (1, n...), not (n...)

    def _lifted_dims(self, ndim):
        """The axis of the lifted array that each axis of an `ndim`-dimensional input becomes."""
        return [1] if ndim == 1 and self._vector_as_row else list(range(ndim))

    def _join_axis(self, ndim):
        """The axis of the lifted arrays along which inputs of `ndim` dimensions are joined."""
        return self._axis

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() > 0)
        type_check._argname((in_types[0],), ('x0',))
        ndim = type_check.eval(in_types[0].ndim)
        join_axis = self._join_axis(ndim)
        dims = [d for d, lifted in enumerate(self._lifted_dims(ndim)) if lifted != join_axis]
        for i in range(1, type_check.eval(in_types.size())):
            type_check._argname((in_types[i],), ('x{}'.format(i),))
            type_check.expect(in_types[0].dtype == in_types[i].dtype,
                              in_types[0].ndim == in_types[i].ndim)
            for d in dims:
                type_check.expect(in_types[0].shape[d] == in_types[i].shape[d])

    def forward_chainerx(self, xs):
        dtype, ndim = xs[0].dtype, xs[0].ndim
        for x in xs:
            if x.dtype != dtype or x.ndim != ndim:  # the type check raises for them
                return _routine.Fallback
        try:
            return getattr(chainerx, self._routine)(xs),
        except _routine.CHAINERX_ERRORS:
            return _routine.Fallback

    def forward(self, xs):
        return getattr(backend.get_array_module(*xs), self._routine)(xs),

    def backward(self, indexes, grad_outputs):
        shapes = [x.shape for x in self.inputs]
        ndim = len(shapes[0])
        join_axis = self._join_axis(ndim)
        lifted = self._lifted_dims(ndim)
        sizes = [shape[lifted.index(join_axis)] if join_axis in lifted else 1
                 for shape in shapes[:-1]]
        gxs = split_axis(grad_outputs[0], numpy.cumsum(sizes, dtype=numpy.int64), join_axis)
        return tuple([reshape(gx, shape) for gx, shape in zip(gxs, shapes)])


class Hstack(_AxisJoin):
    """Joins along axis 1, or axis 0 for 0-d and 1-d inputs."""

    _routine = 'hstack'
    _vector_as_row = False

    def _join_axis(self, ndim):
        return 0 if ndim <= 1 else 1


class Vstack(_AxisJoin):
    """Joins along axis 0 of the inputs viewed as at least 2-d ((n,) as (1, n))."""

    _routine = 'vstack'
    _axis = 0


class Dstack(_AxisJoin):
    """Joins along axis 2 of the inputs viewed as at least 3-d ((n,) as (1, n, 1))."""

    _routine = 'dstack'
    _axis = 2


def hstack(xs):
    """Concatenates variables horizontally (along axis 1, or axis 0 for 0-d/1-d inputs).

    Args:
        xs (list or tuple of ~chainer.Variable or arrays): Input variables of one dtype and
            dimension, with equal shapes except along the joined axis.

    Returns:
        ~chainer.Variable: As :func:`numpy.hstack`; the gradient is split back.

    Raises:
        ~chainer.utils.type_check.InvalidType: If `xs` is empty or the inputs do not match.

    Example:
        >>> F.hstack([numpy.zeros((2, 1)), numpy.ones((2, 3))]).shape
        (2, 4)
    """
    return _routine.apply_fast(Hstack(), xs)[0]


def vstack(xs):
    """Concatenates variables vertically (along axis 0; 0-d/1-d inputs become rows).

    Args:
        xs (list or tuple of ~chainer.Variable or arrays): Input variables of one dtype and
            dimension, with equal shapes except along axis 0 (equal shapes if 1-d).

    Returns:
        ~chainer.Variable: As :func:`numpy.vstack`; the gradient is split back.

    Raises:
        ~chainer.utils.type_check.InvalidType: If `xs` is empty or the inputs do not match.

    Example:
        >>> F.vstack([numpy.zeros(3), numpy.ones(3)]).shape
        (2, 3)
    """
    return _routine.apply_fast(Vstack(), xs)[0]


def dstack(xs):
    """Concatenates variables along the depth (axis 2; lower-dimensional inputs are lifted).

    Args:
        xs (list or tuple of ~chainer.Variable or arrays): Input variables of one dtype and
            dimension, with equal shapes except along axis 2 (equal shapes if at most 2-d).

    Returns:
        ~chainer.Variable: As :func:`numpy.dstack`; the gradient is split back.

    Raises:
        ~chainer.utils.type_check.InvalidType: If `xs` is empty or the inputs do not match.

    Example:
        >>> F.dstack([numpy.zeros((2, 3)), numpy.ones((2, 3))]).shape
        (2, 3, 2)
    """
    return _routine.apply_fast(Dstack(), xs)[0]
