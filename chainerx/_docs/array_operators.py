"""Docstrings of ``chainerx.ndarray``'s operator methods (chainerx/python/arithmetic.cc, logic.cc,
array.cc, indexing.cc), generated from one table per operator kind."""

from chainerx._docs._format import doc

_OTHER = ('other', 'An array or a scalar (positional; pybind11 calls it ``arg0``).')
_REFLECTED_OTHER = ('other', 'A scalar (the left operand).')

# dunder stem: (operator, routine)
_BINARY = {
    'add': ('+', 'add'), 'sub': ('-', 'subtract'), 'mul': ('*', 'multiply'), 'truediv': ('/', 'divide'),
    'floordiv': ('//', 'floor_divide'), 'mod': ('%', 'remainder'), 'pow': ('**', 'power'),
    'and': ('&', 'bitwise_and'), 'or': ('|', 'bitwise_or'), 'xor': ('^', 'bitwise_xor'),
    'lshift': ('<<', 'left_shift'), 'rshift': ('>>', 'right_shift'),
}
_INPLACE = {stem: op for stem, op in _BINARY.items() if stem != 'pow'}
_COMPARISON = {
    'eq': ('==', 'equal'), 'ne': ('!=', 'not_equal'), 'lt': ('<', 'less'), 'le': ('<=', 'less_equal'),
    'gt': ('>', 'greater'), 'ge': ('>=', 'greater_equal'),
}


def _binary(stem: str, op: str, routine: str) -> str:
    return doc('``self {} other``: :func:`chainerx.{}`.'.format(op, routine), args=[_OTHER],
               returns='A new :class:`~chainerx.ndarray`.')


def _reflected(stem: str, op: str, routine: str) -> str:
    return doc('``other {} self`` for a scalar ``other``: :func:`chainerx.{}`.'.format(op, routine),
               args=[_REFLECTED_OTHER], returns='A new :class:`~chainerx.ndarray`.')


def _inplace(stem: str, op: str, routine: str) -> str:
    return doc('``self {}= other`` in place: :func:`chainerx.{}` written into ``self``.'.format(op, routine),
               notes='The result is cast to the dtype of ``self``, which must be able to hold it (no float '
                     'values into an integer array, ``/=`` only on float arrays).',
               args=[_OTHER], returns='``self``.',
               raises=[('chainerx.DtypeError', 'If the result dtype cannot be stored in ``self``.'),
                       ('chainerx.ChainerxError', 'If ``self`` requires grad.'),
                       ('chainerx.DimensionError', 'If ``other`` cannot be broadcast to ``self``.')])


def _comparison(stem: str, op: str, routine: str) -> str:
    return doc('``self {} other``: :func:`chainerx.{}`, also accepting a scalar.'.format(op, routine),
               args=[_OTHER], returns='A new bool :class:`~chainerx.ndarray`.',
               raises=[('chainerx.DimensionError', 'If the shapes cannot be broadcast together.')])


_SIZE_ONE = [('chainerx.DimensionError', 'If the array does not have exactly one element.')]

DOCS = {}
for _stem, (_op, _routine) in _BINARY.items():
    DOCS['ndarray.__{}__'.format(_stem)] = _binary(_stem, _op, _routine)
    DOCS['ndarray.__r{}__'.format(_stem)] = _reflected(_stem, _op, _routine)
for _stem, (_op, _routine) in _INPLACE.items():
    DOCS['ndarray.__i{}__'.format(_stem)] = _inplace(_stem, _op, _routine)
for _stem, (_op, _routine) in _COMPARISON.items():
    DOCS['ndarray.__{}__'.format(_stem)] = _comparison(_stem, _op, _routine)
DOCS.update({
    # Kept from the original's binding, which named them after the routine; Python never calls them.
    'ndarray.__remainder__': _binary('remainder', '%', 'remainder'),
    'ndarray.__rremainder__': _reflected('remainder', '%', 'remainder'),
    'ndarray.__iremainder__': _inplace('remainder', '%', 'remainder'),
    'ndarray.__neg__': doc('``-self``: :func:`chainerx.negative`.', returns='A new array.'),
    'ndarray.__pos__': doc('``+self``: a copy of the array.',
                           returns='A new array.'),
    'ndarray.__abs__': doc('``abs(self)``: :func:`chainerx.abs`.', returns='A new array.'),
    'ndarray.__len__': doc('The length of the first axis.', returns='int.',
                           raises=[('TypeError', 'For a 0-d array ("len() of unsized object").')]),
    'ndarray.__bool__': doc('The truth value of a one-element array.', returns='bool.', raises=_SIZE_ONE),
    'ndarray.__int__': doc('The only element as a Python int.', returns='int.', raises=_SIZE_ONE),
    'ndarray.__float__': doc('The only element as a Python float.', returns='float.', raises=_SIZE_ONE),
    'ndarray.__repr__': doc('NumPy-like text with the shape, dtype, device and, for arrays in graphs, the '
                            'backprop ids: ``array([1., 2.], shape=(2,), dtype=float32, device=\'native:0\')``.'),
    'ndarray.__str__': doc('The same text as ``repr``.'),
    'ndarray.__getitem__': doc(
        'Basic indexing (ints, slices, ``None``/``newaxis``, ``...`` and tuples of them) returns a view '
        'connected to the graphs; integer-array and list keys select through NumPy (advanced indexing).',
        args=[('key', 'The index.')], returns='A :class:`~chainerx.ndarray`.',
        raises=[('IndexError', 'For an out-of-range index or an unsupported key type.')]),
    'ndarray.__setitem__': doc(
        '``self[key] = value`` in place: basic keys write directly, integer-array keys scatter (through '
        'NumPy when needed).',
        args=[('key', 'The index, as for ``__getitem__``.'), ('value', 'An array or a scalar, broadcast to the '
                                                                        'selection.')],
        raises=[('RuntimeError', 'If the array is connected to a graph (in-place writes are not recorded).')]),
    'ndarray.__init__': doc('Allocates an uninitialised array (see :class:`ndarray`).',
                            args=[('shape', 'The shape.'), ('dtype', 'The dtype.'),
                                  ('device', 'The device, or ``None`` for the default one.')]),
    'ndarray.__getstate__': doc('Pickling support: the state is a NumPy copy of the data and the device.',
                                returns='``(numpy.ndarray, Device)``.'),
    'ndarray.__reduce_ex__': doc('Pickling support for every protocol: reduces to ``copyreg.__newobj__`` and the '
                                 '``__getstate__`` state.',
                                 args=[('protocol', 'The pickle protocol (``arg0``); all are handled alike.')],
                                 returns='``(copyreg.__newobj__, (type(self),), state)``.'),
    'ndarray.__setstate__': doc('Unpickling support: restores the data onto the pickled device.',
                                args=[('state', 'The tuple ``__getstate__`` returned (``arg0``).')]),
})
del _stem, _op, _routine
