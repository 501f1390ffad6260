"""Docstrings of the interop names: NumPy's ``__array__``, DLPack (``from_dlpack``, ``__dlpack__``), the
Python protocols added beyond the original (chainerx/python/array_interop.cc, dlpack*.cc), and the private
helpers other code relies on (numpy_interop.cc, module.cc): Chainer calls ``_fromrawpointer`` to view CuPy
memory, the package ``_is_debug`` at import."""

from chainerx._docs._format import DEVICE, doc

_COPY = ('copy', '``None`` copies only when needed, ``True`` always, ``False`` never.')
_MATMUL_OTHER = ('other', 'A :class:`~chainerx.ndarray` (positional).')
_MATMUL_RAISES = [('chainerx.DimensionError', 'As :func:`chainerx.matmul`.'),
                  ('TypeError', 'For a NumPy array operand (convert it first).')]

# The dunders added beyond the original ChainerX.
_PROTOCOL_DOCS = {
    'ndarray.__matmul__': doc('``self @ other``: :func:`chainerx.matmul`.', args=[_MATMUL_OTHER],
                              returns='A new :class:`~chainerx.ndarray`.', raises=_MATMUL_RAISES),
    'ndarray.__rmatmul__': doc('``other @ self``: :func:`chainerx.matmul` with ``self`` on the right.',
                               args=[_MATMUL_OTHER], returns='A new :class:`~chainerx.ndarray`.',
                               raises=_MATMUL_RAISES),
    'ndarray.__imatmul__': doc(
        '``self @= other``: the product written back into ``self``.', args=[_MATMUL_OTHER], returns='``self``.',
        raises=[('chainerx.DimensionError', 'If the product does not have the shape of ``self``.'),
                ('chainerx.DtypeError', 'If the result dtype is not that of ``self``.'),
                ('chainerx.ChainerxError', 'If ``self`` requires grad.')]),
    'ndarray.__invert__': doc('``~self``: logical not of a bool array, bitwise not of an integer array.',
                              returns='A new :class:`~chainerx.ndarray` of the same dtype.',
                              raises=[('chainerx.DtypeError', 'For float arrays.')]),
    'ndarray.__iter__': doc('Iterates over the first axis, yielding the views ``self[0]``, ``self[1]``, ...',
                            notes='The views are connected to the graphs, as ``self[i]`` is.',
                            returns='An iterator of :class:`~chainerx.ndarray`.',
                            raises=[('TypeError', 'For a 0-d array ("iteration over a 0-d array").')]),
    'ndarray.__array__': doc(
        'The array as a NumPy array (NumPy calls it for ``numpy.asarray(a)``; NumPy 1 and 2 conventions).',
        notes='On native devices the result views the same memory unless a copy is asked for or the dtype '
              'changes; arrays on other devices are copied to the host.',
        args=[('dtype', 'Any NumPy dtype, or ``None`` for the array\'s own.'), _COPY],
        returns='A ``numpy.ndarray``.',
        raises=[('ValueError', 'If ``copy`` is ``False`` and a copy is needed (other device or dtype).')]),
    'ndarray.__dlpack__': doc(
        'Exports the array as a DLPack capsule sharing its memory (the array API standard protocol).',
        notes='Consumers such as ``numpy.from_dlpack``, ``torch.from_dlpack`` and :func:`chainerx.from_dlpack` '
              'call it. The capsule keeps the memory alive until its consumer releases it.',
        args=[('stream', 'For CUDA arrays, the consumer\'s stream (-1: no synchronization); ``None`` for CPU '
                         'arrays.'),
              ('max_version', 'The newest DLPack version ``(major, minor)`` the consumer reads; from ``(1, 0)`` '
                              'a versioned capsule is returned, otherwise an unversioned one.'),
              ('dl_device', '``(device_type, device_id)`` to export to: the array\'s own, or ``(1, 0)`` (CPU) '
                            'for a host copy of a CUDA array.'),
              _COPY],
        returns='A ``PyCapsule`` named ``"dltensor"`` or ``"dltensor_versioned"``.',
        raises=[('BufferError', 'If the export cannot be made as asked (device, stream, or a copy with '
                                '``copy=False``).')]),
    'ndarray.__dlpack_device__': doc('The DLPack device of the array: ``(1, 0)`` (kDLCPU) for every native '
                                     'device, ``(2, N)`` (kDLCUDA) for ``cuda:N``.',
                                     returns='A tuple ``(device_type, device_id)`` of ints.'),
}

DOCS = {
    'from_dlpack': doc(
        'Imports an object with ``__dlpack__`` (NumPy, PyTorch, CuPy, chainerx arrays) or a DLPack capsule as '
        'an array sharing its memory.',
        notes='The array keeps the producer\'s memory alive; the capsule is renamed to ``"used_dltensor"`` '
              '(or ``"used_dltensor_versioned"``) as the protocol requires. Read-only data is copied. '
              'The array is not connected to any graph.',
        args=[('x', 'The producer, or a capsule from ``__dlpack__``/``torch.utils.dlpack.to_dlpack``.'),
              ('device', 'Where to put the array: ``None`` for the producer\'s device (host data goes to the '
                         'default device if it is a native one, else ``native:0``), or any chainerx device '
                         '(a copy if the data is elsewhere).'),
              _COPY],
        returns='A :class:`~chainerx.ndarray`.',
        raises=[('TypeError', 'If ``x`` has no ``__dlpack__`` and is no capsule.'),
                ('ValueError', 'If ``copy`` is ``False`` and a copy is needed, or the capsule was used.'),
                ('chainerx.DtypeError', 'For element types chainerx has no dtype for (complex, uint16, ...).'),
                ('BufferError', 'For devices chainerx cannot address.')],
        example='''
            >>> import numpy
            >>> chainerx.from_dlpack(numpy.arange(3.0))
            array([0., 1., 2.], shape=(3,), dtype=float64, device='native:0')'''),
    '_core._fromrawpointer': doc(
        'Views memory that another library allocated (CuPy, for Chainer) as an array, without copying.',
        notes='Nothing can check that the address and the byte range are valid: the caller vouches for them. '
              'The array keeps a reference to ``base``, so the memory lives as long as the array does.',
        args=[('ptr', 'The address of the allocation\'s start, an int.'),
              ('shape', 'The shape of the array.'),
              ('dtype', 'A chainerx dtype.'),
              ('strides', 'The strides in bytes (negative values allowed).'),
              DEVICE,
              ('offset', 'Bytes from ``ptr`` to the first element.'),
              ('base', 'The Python object owning the memory.')],
        returns='A new :class:`~chainerx.ndarray` sharing the memory, with no graph.',
        raises=[('chainerx.DtypeError', 'If ``dtype`` is not a chainerx dtype.')]),
    '_core._is_debug': doc('Whether the extension was built without optimisation (``chainerx`` warns at import '
                           'when it was).', returns='A bool.'),
}
DOCS.update(_PROTOCOL_DOCS)
