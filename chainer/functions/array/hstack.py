"""F.hstack, F.vstack, F.dstack: join Variables along their columns, rows or depth.

NumPy first views 0-d/1-d (and, for dstack, 2-d) inputs as arrays of at least 1, 2 or 3 dimensions
("lifting" them: (n,) becomes (1, n) for vstack and (1, n, 1) for dstack), then concatenates along
one axis of the lifted arrays. The nodes share that description and differ in the lifting and the
axis.
"""

import numpy

from chainer.functions.array import _routine
from chainer.functions.array.reshape import reshape
from chainer.functions.array.split_axis import split_axis
from chainer.utils import type_check


class _AxisJoin(_routine.JoinNode):
    """Base of Hstack, Vstack and Dstack: NumPy's routine `_routine` on inputs of one ndim."""

    _axis = None  # the axis of the lifted arrays along which they are joined
    _vector_as_row = True  # whether a 1-d input (n,) is lifted to (1, n...), not (n...)

    def _lifted_dims(self, ndim):
        """The axis of the lifted array that each axis of an `ndim`-dimensional input becomes."""
        return [1] if ndim == 1 and self._vector_as_row else list(range(ndim))

    def _join_axis(self, ndim):
        """The axis of the lifted arrays along which inputs of `ndim` dimensions are joined."""
        return self._axis

    def _matching_dims(self, x_type):
        ndim = type_check.eval(x_type.ndim)
        join_axis = self._join_axis(ndim)
        return [d for d, lifted in enumerate(self._lifted_dims(ndim)) if lifted != join_axis]

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


_DOC = """

    Args:
        xs (list or tuple of ~chainer.Variable or arrays): Input variables of one dtype and
            dimension, with equal shapes except along {along}.

    Returns:
        ~chainer.Variable: As :func:`numpy.{name}`; the gradient is split back.

    Raises:
        ~chainer.utils.type_check.InvalidType: If `xs` is empty or the inputs do not match.

    Example:
        >>> F.{name}([numpy.zeros({shape}), numpy.ones({other_shape})]).shape
        {output_shape}
    """


def hstack(xs):
    """Concatenates variables horizontally (along axis 1, or axis 0 for 0-d/1-d inputs)."""
    return _routine.apply_fast(Hstack(), xs)[0]


def vstack(xs):
    """Concatenates variables vertically (along axis 0; 0-d/1-d inputs become rows)."""
    return _routine.apply_fast(Vstack(), xs)[0]


def dstack(xs):
    """Concatenates variables along the depth (axis 2; lower-dimensional inputs are lifted)."""
    return _routine.apply_fast(Dstack(), xs)[0]


hstack.__doc__ += _DOC.format(along='the joined axis', name='hstack', shape=(2, 1),
                              other_shape=(2, 3), output_shape=(2, 4))
vstack.__doc__ += _DOC.format(along='axis 0 (equal shapes if 1-d)', name='vstack', shape=3,
                              other_shape=3, output_shape=(2, 3))
dstack.__doc__ += _DOC.format(along='axis 2 (equal shapes if at most 2-d)', name='dstack',
                              shape=(2, 3), other_shape=(2, 3), output_shape=(2, 3, 2))
