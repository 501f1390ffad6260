"""The Orthogonal initializer (Saxe et al., 2014): a scaled (semi-)orthogonal matrix."""

import numpy

from chainer import initializer
from chainer.utils import array as array_utils

# For each mode: (refuse in_dim > out_dim, refuse in_dim < out_dim).
_MODE_CONSTRAINTS = {
    'auto': (False, False),
    'projection': (False, True),
    'embedding': (True, False),
    'basis': (True, True),
}


class Orthogonal(initializer.Initializer):
    """Fills an array with a scaled orthogonal or semi-orthogonal matrix.

    The array is viewed as a matrix of ``out_dim = shape[0]`` rows and ``in_dim = prod(shape[1:])``
    columns. Its rows are orthonormal when ``out_dim <= in_dim`` (a projection), its columns when
    ``in_dim <= out_dim`` (an embedding), then everything is multiplied by `scale`. The matrix is
    the Q factor of the QR decomposition of a standard normal matrix with its signs fixed by R's
    diagonal, so it is uniformly distributed over the orthogonal matrices. A 0-d array gets
    ``+scale`` or ``-scale`` at random.

    Args:
        scale (float): Multiplies the matrix.
        dtype: The dtype the initializer insists on (see :class:`~chainer.Initializer`).
        mode (str): Which shapes to accept: ``'auto'`` any, ``'projection'`` only
            ``out_dim <= in_dim``, ``'embedding'`` only ``in_dim <= out_dim``, ``'basis'`` only
            square ones.
        rng: A random number generator with NumPy-like ``normal(size=...)`` and ``randint(n)`` (or
            ``integers(n)``) methods; ``None`` uses ``numpy.random``.

    Raises:
        ValueError: If `mode` is unknown; on call, if the array is empty, its shape is refused by
            `mode`, or its dtype is not `dtype`.
    """

    def __init__(self, scale=1.1, dtype=None, mode='auto', rng=None):
        if mode not in _MODE_CONSTRAINTS:
            raise ValueError('Invalid mode: {!r}. Choose from {}.'.format(
                mode, ', '.join(repr(m) for m in _MODE_CONSTRAINTS)))
        self.scale = scale
        self.mode = mode
        self.rng = rng
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        source = numpy.random if self.rng is None else self.rng
        shape = tuple(array.shape)
        if not shape:
            draw = source.randint(2) if hasattr(source, 'randint') else source.integers(2)
            initializer._copy_into(array, self.scale * (2 * int(draw) - 1))
            return
        if array.size == 0:
            raise ValueError(
                'Array to be initialized must be non-empty; got shape {}.'.format(shape))
        out_dim = shape[0]
        in_dim = array_utils.size_of_shape(shape[1:])
        refuse_wide, refuse_tall = _MODE_CONSTRAINTS[self.mode]
        if (in_dim > out_dim and refuse_wide) or (in_dim < out_dim and refuse_tall):
            raise ValueError(
                'Cannot make orthogonal {}. shape = {}, interpreted as {}-dim input and {}-dim '
                'output.'.format(self.mode, shape, in_dim, out_dim))
        # QR factorises a tall matrix, so a wide one is drawn transposed and transposed back.
        transpose = in_dim > out_dim
        normal = source.normal(size=(out_dim, in_dim))
        if transpose:
            normal = normal.T
        q, r = numpy.linalg.qr(normal)
        q *= numpy.copysign(self.scale, numpy.diag(r))
        if transpose:
            q = q.T
        initializer._copy_into(array, q.reshape(shape))
