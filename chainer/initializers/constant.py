"""Initializers with fixed values: Constant (and its Zero, One, NaN shorthands) and Identity."""

import numpy

from chainer import initializer


class Constant(initializer.Initializer):
    """Fills an array with a constant scalar, or with an array broadcast to the array's shape.

        >>> W = numpy.empty((2, 3), numpy.float32)
        >>> chainer.initializers.Constant(0.5)(W)

    Args:
        fill_value: A scalar, or a NumPy/CuPy/chainerx array broadcastable to the shapes it will
            fill (values are cast to the array's dtype).
        dtype: The dtype the initializer insists on (see :class:`~chainer.Initializer`).

    Raises:
        ValueError (on call): If the array's dtype is not `dtype`, or `fill_value` does not
            broadcast to the array's shape.
    """

    def __init__(self, fill_value, dtype=None):
        self.fill_value = fill_value
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        shape = tuple(getattr(self.fill_value, 'shape', ()))
        try:
            broadcast = numpy.broadcast_shapes(shape, tuple(array.shape))
        except ValueError:
            broadcast = None
        if broadcast != tuple(array.shape):
            raise ValueError(
                'Constant: fill_value of shape {} cannot be broadcast to the shape {} of the '
                'array to initialize'.format(shape, tuple(array.shape)))
        initializer._copy_into(array, self.fill_value)


class Zero(Constant):
    """Fills an array with zeros.

    Args:
        dtype: The dtype the initializer insists on (see :class:`~chainer.Initializer`).
    """

    def __init__(self, dtype=None):
        super().__init__(0.0, dtype=dtype)


class One(Constant):
    """Fills an array with ones.

    Args:
        dtype: The dtype the initializer insists on (see :class:`~chainer.Initializer`).
    """

    def __init__(self, dtype=None):
        super().__init__(1.0, dtype=dtype)


class NaN(Constant):
    """Fills an array with NaN, so that reading a value nobody set shows.

    Args:
        dtype: The dtype the initializer insists on (see :class:`~chainer.Initializer`).
    """

    def __init__(self, dtype=None):
        super().__init__(numpy.nan, dtype=dtype)


class Identity(initializer.Initializer):
    """Fills a square matrix with ``scale`` times the identity.

    Args:
        scale (float): The value on the diagonal.
        dtype: The dtype the initializer insists on (see :class:`~chainer.Initializer`).

    Raises:
        ValueError (on call): If the array is not a 2-d square matrix, or its dtype is not `dtype`.
    """

    def __init__(self, scale=1.0, dtype=None):
        self.scale = scale
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        shape = tuple(array.shape)
        if len(shape) != 2 or shape[0] != shape[1]:
            raise ValueError(
                'Identity matrix initialization can only be used for 2D squared matrices; '
                'got shape {}'.format(shape))
        initializer._copy_into(array, self.scale * numpy.identity(shape[0]))
