"""Docstrings of the private interop and build helpers other code relies on (chainerx/python/numpy_interop.cc,
module.cc): Chainer calls ``_fromrawpointer`` to view CuPy memory, the package ``_is_debug`` at import."""

from chainerx._docs._format import DEVICE, doc

DOCS = {
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
