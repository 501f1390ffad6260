"""Docstrings of the C++ test aids (chainerx/python/testing.cc): the submodule ``chainerx._testing``, which
``chainerx.testing`` re-exports, and ``_core._ArrayBodyLeakTracker``."""

from chainerx._docs._format import DEVICE, doc

_DATA_ARGS = [('data_list', 'The values, a (nested) sequence or anything ``numpy.array`` accepts.'),
              ('shape', 'The shape; it must hold exactly as many elements as ``data_list``.'),
              ('dtype', 'A chainerx dtype (name, ``numpy.dtype`` or scalar type).'), DEVICE]

DOCS = {
    '_testing._fromnumpy': doc(
        'Copies a NumPy array to a chainerx device, optionally keeping its exact strides.',
        notes='With ``keepstrides=True`` the bytes between the lowest and highest element are copied, so '
              'padding, negative and zero strides survive (``chainerx.array`` lets NumPy pick the layout of '
              'its copy). The result is a new array with no graph.',
        args=[('array', 'A ``numpy.ndarray``.'),
              ('keepstrides', 'If ``True``, the result has the strides of ``array``; otherwise it is '
                              'C-contiguous.'), DEVICE],
        returns='A new :class:`~chainerx.ndarray` with the dtype and values of ``array``.',
        raises=[('TypeError', 'If ``array`` is not a ``numpy.ndarray``.'),
                ('chainerx.DtypeError', 'If its dtype is not one of the 9 chainerx dtypes.')],
        example='''
            >>> import numpy
            >>> a = chainerx._testing._fromnumpy(numpy.arange(6, dtype='int32')[::2], keepstrides=True)
            >>> a.strides, a.tolist()
            ((8,), [0, 2, 4])
        '''),
    '_testing._DeviceBuffer': doc(
        'Device memory holding given values, exposed through the buffer protocol.',
        notes='Tests of :func:`chainerx.frombuffer` and of zero-copy paths use it. The memory must be '
              'host-accessible for the buffer protocol; on other devices ``memoryview(buffer)`` raises '
              '``BufferError``.'),
    '_testing._DeviceBuffer.__init__': doc(
        'Allocates the buffer on ``device`` and copies the values into it (C order).', args=_DATA_ARGS,
        raises=[('chainerx.DimensionError', 'If the number of values does not fill ``shape``.')]),
    '_core._ArrayBodyLeakTracker': doc(
        'A context manager that records the arrays created while it is entered, to find leaks in tests.',
        notes='``with _ArrayBodyLeakTracker() as t: ...`` then ``t.get_alive_arrays()``; call '
              '``gc.collect()`` first when Python reference cycles may keep arrays alive.'),
    '_core._ArrayBodyLeakTracker.__enter__': doc('Starts recording the arrays created from now on.',
                                           returns='The tracker itself.'),
    '_core._ArrayBodyLeakTracker.__exit__': doc('Stops recording; the recorded arrays are kept as weak references.',
                                          args=[('args', 'The exception type, value and traceback (ignored).')]),
    '_core._ArrayBodyLeakTracker.get_alive_arrays': doc(
        'The arrays created inside the ``with`` block that are still alive.', returns='A list of arrays.'),
}
