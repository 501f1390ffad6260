"""Docstrings of the creation routines (chainerx/python/creation.cc, numpy_interop.cc)."""

from chainerx._docs._format import BAD_DTYPE, DEVICE, DTYPE, NEW_ARRAY, doc

_SHAPE = ('shape', 'An int or a sequence of ints.')
_DTYPE_F32 = (DTYPE[0], DTYPE[1] + ' ``None`` means float32.')
_LIKE = ('a', 'The array whose shape and dtype the result takes.')
_NO_GRAPH = 'The result is not connected to any graph.'
_K = ('k', 'The diagonal: 0 is the main one, positive values above it, negative values below it.')
_NOT_SHAPE = ('TypeError', 'If ``shape`` is neither an int nor a sequence of ints.')

DOCS = {
    'array': doc(
        'Creates an array from a NumPy array, a (nested) sequence, a scalar or another chainerx array.',
        notes='With ``copy=False`` a C-ordered NumPy array on a native device is shared without a copy '
              '(strides and offset are kept, negative strides included), and a chainerx array is '
              'returned as is when neither ``dtype`` nor ``device`` asks for a change. A transfer of a '
              'chainerx array to another device stays connected to its graphs. Python sequences take '
              'NumPy\'s dtype (int64 for ints, float64 for floats) unless ``dtype`` is given.',
        args=[('object', 'The data.'), (DTYPE[0], DTYPE[1] + ' ``None`` keeps the dtype of the data.'),
              ('copy', 'If ``False``, the data is shared whenever possible.'), DEVICE],
        returns=NEW_ARRAY + ' (or ``object`` itself, see above).',
        raises=[BAD_DTYPE, ('TypeError', 'If ``dtype`` or ``device`` is of an unsupported type.')],
        example='''
            >>> chainerx.array([[1, 2], [3, 4]], dtype='float32').shape
            (2, 2)'''),
    'asarray': doc(
        'Converts ``object`` to an array, sharing memory when possible; ``array(object, dtype, copy=False, '
        'device=device)``.',
        args=[('object', 'The data (NumPy array, sequence, scalar or chainerx array).'),
              (DTYPE[0], DTYPE[1] + ' ``None`` keeps the dtype of the data.'), DEVICE],
        returns='A :class:`~chainerx.ndarray`, which may share memory with ``object``.',
        raises=[BAD_DTYPE]),
    'ascontiguousarray': doc(
        'Returns a C-contiguous array with the values of ``a`` (``a`` itself if it already is one and '
        '``dtype`` asks for no change).',
        notes='As in NumPy, a 0-d input gives a 1-d array. There is no ``device`` argument (the '
              'original\'s stub listed one that its binding lacked).',
        args=[('a', 'An array or array-like.'), (DTYPE[0], DTYPE[1] + ' ``None`` keeps the dtype.')],
        returns='A C-contiguous :class:`~chainerx.ndarray`.', raises=[BAD_DTYPE]),
    'empty': doc(
        'Returns an array of the given shape and dtype with uninitialised contents.',
        args=[_SHAPE, _DTYPE_F32, DEVICE], returns=NEW_ARRAY, raises=[BAD_DTYPE, _NOT_SHAPE],
        example='''
            >>> chainerx.empty((2, 3)).dtype
            dtype('float32')'''),
    'full': doc(
        'Returns an array of the given shape filled with ``fill_value``.',
        notes='Without ``dtype`` the dtype comes from the kind of ``fill_value``: bool gives bool, int '
              'gives int32 (not NumPy\'s int64), float gives float32.',
        args=[_SHAPE, ('fill_value', 'A scalar.'), (DTYPE[0], DTYPE[1] + ' ``None``: see above.'), DEVICE],
        returns=NEW_ARRAY, raises=[BAD_DTYPE, _NOT_SHAPE],
        example='''
            >>> chainerx.full((2,), 7).dtype
            dtype('int32')'''),
    'zeros': doc(
        'Returns an array of the given shape filled with zeros.',
        notes='``device`` can only be passed as a keyword.',
        args=[_SHAPE, _DTYPE_F32, DEVICE], returns=NEW_ARRAY, raises=[BAD_DTYPE, _NOT_SHAPE],
        example='''
            >>> chainerx.zeros((2, 2), 'int8').dtype
            dtype('int8')'''),
    'ones': doc(
        'Returns an array of the given shape filled with ones.',
        args=[_SHAPE, _DTYPE_F32, DEVICE], returns=NEW_ARRAY, raises=[BAD_DTYPE, _NOT_SHAPE]),
    'arange': doc(
        'Returns evenly spaced values in the half-open interval ``[start, stop)``.',
        notes='With one argument it is ``stop`` and ``start`` is 0. Without ``dtype`` the dtype comes '
              'from the kind of ``step`` (or of ``stop``): int gives int32, float gives float32, bool '
              'gives bool.',
        args=[('start', 'The first value (or ``stop`` when it is the only argument).'),
              ('stop', 'The end of the interval, excluded.'), ('step', 'The spacing; ``None`` means 1.'),
              (DTYPE[0], DTYPE[1] + ' ``None``: see above.'), DEVICE],
        returns='A new 1-d :class:`~chainerx.ndarray`.',
        raises=[('chainerx.ChainerxError', 'If ``step`` is zero.'),
                ('chainerx.DtypeError', 'If a bool range would have more than 2 elements, or for an '
                                        'unknown dtype.')],
        example='''
            >>> chainerx.arange(3)
            array([0, 1, 2], shape=(3,), dtype=int32, device='native:0')'''),
    'empty_like': doc(
        'Returns an uninitialised array with the shape and dtype of ``a``.',
        args=[_LIKE, DEVICE], returns=NEW_ARRAY),
    'zeros_like': doc(
        'Returns an array of zeros with the shape and dtype of ``a``.',
        args=[_LIKE, DEVICE], returns=NEW_ARRAY),
    'ones_like': doc(
        'Returns an array of ones with the shape and dtype of ``a``.',
        args=[_LIKE, DEVICE], returns=NEW_ARRAY),
    'full_like': doc(
        'Returns an array with the shape and dtype of ``a`` filled with ``fill_value``.',
        args=[_LIKE, ('fill_value', 'A scalar, cast to the dtype of ``a``.'), DEVICE], returns=NEW_ARRAY),
    'copy': doc(
        'Returns a C-contiguous copy of ``a`` on the same device.',
        notes='The copy is connected to the graphs of ``a``: its gradient flows back to ``a``.',
        args=[('a', 'Input array.')], returns=NEW_ARRAY),
    'frombuffer': doc(
        'Interprets a buffer (bytes, bytearray, memoryview, NumPy array...) as a 1-d array.',
        notes='The data is copied to ``device``.',
        args=[('buffer', 'An object exposing a C-contiguous buffer.'), (DTYPE[0], DTYPE[1]),
              ('count', 'The number of items to read; -1 reads to the end.'),
              ('offset', 'The number of bytes to skip.'), DEVICE],
        returns='A new 1-d :class:`~chainerx.ndarray`.',
        raises=[('chainerx.ChainerxError', 'If ``offset`` or ``count`` does not fit the buffer, or the '
                                           'remaining size is not a multiple of the item size.'),
                BAD_DTYPE]),
    'identity': doc(
        'Returns the ``n`` x ``n`` identity matrix.',
        args=[('n', 'The number of rows and columns.'), _DTYPE_F32, DEVICE], returns=NEW_ARRAY),
    'eye': doc(
        'Returns a 2-d array with ones on the ``k``-th diagonal and zeros elsewhere.',
        notes='The default dtype is float64 here, unlike the other creation routines (as in the original).',
        args=[('N', 'The number of rows.'), ('M', 'The number of columns; ``None`` means ``N``.'), _K,
              (DTYPE[0], DTYPE[1]), DEVICE],
        returns=NEW_ARRAY,
        example='''
            >>> chainerx.eye(2).dtype
            dtype('float64')'''),
    'tri': doc(
        'Returns an ``N`` x ``M`` array with ones at and below the ``k``-th diagonal and zeros elsewhere.',
        args=[('N', 'The number of rows.'), ('M', 'The number of columns; ``None`` means ``N``.'), _K,
              (DTYPE[0], DTYPE[1]), DEVICE],
        returns=NEW_ARRAY),
    'tril': doc(
        'Returns a copy of ``m`` with the elements above the ``k``-th diagonal set to zero.',
        notes='For more than 2 dimensions it applies to the last two axes. Differentiable.',
        args=[('m', 'Input array of at least 1 dimension (a 1-d one is broadcast as a row).'), _K],
        returns=NEW_ARRAY, raises=[('chainerx.DimensionError', 'If ``m`` is 0-d.')]),
    'triu': doc(
        'Returns a copy of ``m`` with the elements below the ``k``-th diagonal set to zero.',
        notes='For more than 2 dimensions it applies to the last two axes. Differentiable.',
        args=[('m', 'Input array of at least 1 dimension (a 1-d one is broadcast as a row).'), _K],
        returns=NEW_ARRAY, raises=[('chainerx.DimensionError', 'If ``m`` is 0-d.')]),
    'diag': doc(
        'Extracts the ``k``-th diagonal of a 2-d array, or builds a 2-d array with a 1-d array on it.',
        notes='Extracting returns a view. Differentiable.',
        args=[('v', 'A 1-d or 2-d array.'), _K], returns='A :class:`~chainerx.ndarray`.',
        raises=[('chainerx.DimensionError', 'If ``v`` is neither 1-d nor 2-d.')]),
    'diagflat': doc(
        'Returns a 2-d array with the flattened ``v`` on its ``k``-th diagonal.',
        args=[('v', 'Input array, flattened first.'), _K], returns=NEW_ARRAY),
    'linspace': doc(
        'Returns ``num`` evenly spaced values from ``start`` to ``stop``.',
        args=[('start', 'The first value.'), ('stop', 'The last value (included if ``endpoint``).'),
              ('num', 'The number of values.'), ('endpoint', 'Whether ``stop`` is the last value.'),
              _DTYPE_F32, DEVICE],
        returns='A new 1-d :class:`~chainerx.ndarray`.',
        raises=[('chainerx.ChainerxError', 'If ``num`` is negative.')]),
    'meshgrid': doc(
        'Returns coordinate matrices built from 1-d coordinate vectors, as ``numpy.meshgrid``.',
        notes='Called as ``meshgrid(*xi, indexing=\'xy\')``; ``indexing`` is the only keyword accepted.',
        args=[('xi', '1-d arrays, one per dimension.'),
              ('indexing', '``\'xy\'`` (Cartesian, the default) or ``\'ij\'`` (matrix) indexing.')],
        returns='A list of :class:`~chainerx.ndarray`, one per input.',
        raises=[('chainerx.ChainerxError', 'If ``indexing`` is neither ``\'xy\'`` nor ``\'ij\'``.')]),
    'to_numpy': doc(
        'Converts a chainerx array to a NumPy array.',
        notes='With ``copy=False`` the NumPy array shares the memory of a native-device array and keeps '
              'the chainerx array alive; arrays on other devices are always copied to the host. '
              + _NO_GRAPH,
        args=[('array', 'A :class:`~chainerx.ndarray`.'), ('copy', 'If ``False``, share memory when possible.')],
        returns='A ``numpy.ndarray`` with the same shape, dtype and (when shared) strides.',
        example='''
            >>> chainerx.to_numpy(chainerx.ones((2,))).tolist()
            [1.0, 1.0]'''),
}
