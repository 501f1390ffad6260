"""Docstrings of the shape-manipulation routines (chainerx/python/manipulation.cc)."""

from chainerx._docs._format import A, BAD_AXIS, NEW_ARRAY, doc

_VIEW = 'A view of the input when the layout allows it (no data is copied), otherwise a copy.'
_VIEW_ALWAYS = 'A view of the input: no data is copied.'
_GRAD = 'Differentiable: the gradient is reshaped/transposed back to the input.'
_ARRAYS = ('arrays', 'A sequence of arrays.')
_SPLIT_ARGS = [('ary', 'Input array.'),
               ('indices_or_sections', 'An int N (N equal sections), or a sorted sequence (or 1-d integer '
                                       'NumPy array) of split points.')]
_SPLIT_RAISES = [('chainerx.DimensionError', 'If N sections do not divide the axis, or the input has too '
                                             'few dimensions.'),
                 ('ValueError', 'If ``indices_or_sections`` is a non-integral float or a 2-d array.'),
                 ('TypeError', 'If the split points are not integers.')]
_CONCAT_RAISES = [('chainerx.DimensionError', 'If no arrays are given or their shapes do not match '
                                              'outside the joined axis.')]


def _split(summary: str, axis_note: str) -> str:
    return doc(summary, notes=axis_note, args=_SPLIT_ARGS,
               returns='A list of views of ``ary``.', raises=_SPLIT_RAISES)


def _stack(summary: str) -> str:
    return doc(summary, notes='Arrays of fewer dimensions are promoted first (as ``atleast_*``). The result '
                              'dtype is the promoted dtype of the inputs.',
               args=[_ARRAYS], returns=NEW_ARRAY, raises=_CONCAT_RAISES)


DOCS = {
    'reshape': doc(
        'Gives a new shape to an array without changing its data.',
        notes='Called as ``reshape(a, newshape)`` or ``reshape(a, *shape)``; one dimension may be -1 '
              '(inferred). ' + _GRAD,
        args=[A, ('newshape', 'The new shape: an int, a sequence of ints, or several ints.')],
        returns=_VIEW,
        raises=[('chainerx.DimensionError', 'If the sizes differ.'),
                ('chainerx.ChainerxError', 'If no shape is given.')],
        example='''
            >>> chainerx.reshape(chainerx.arange(6), (2, 3)).shape
            (2, 3)'''),
    'ravel': doc('Returns the array flattened to 1-d.', args=[A], returns=_VIEW),
    'transpose': doc(
        'Permutes the axes of an array (reverses them by default).',
        args=[A, ('axes', 'A permutation of the axes (sequence or int), or ``None`` to reverse them.')],
        returns=_VIEW_ALWAYS, raises=[('chainerx.DimensionError', 'If ``axes`` is not a permutation.')]),
    'rollaxis': doc(
        'Moves ``axis`` so that it lies before position ``start``.',
        args=[A, ('axis', 'The axis to move.'), ('start', 'The position it is moved before.')],
        returns=_VIEW_ALWAYS, raises=[BAD_AXIS]),
    'moveaxis': doc(
        'Moves axes to new positions, keeping the order of the others.',
        args=[A, ('source', 'An axis or a sequence of axes.'),
              ('destination', 'Their new positions (same kind and length as ``source``).')],
        returns=_VIEW_ALWAYS, raises=[BAD_AXIS]),
    'swapaxes': doc(
        'Interchanges two axes.', args=[A, ('axis1', 'First axis.'), ('axis2', 'Second axis.')],
        returns=_VIEW_ALWAYS, raises=[BAD_AXIS]),
    'squeeze': doc(
        'Removes axes of length one.',
        args=[A, ('axis', 'The axes to remove (int or sequence); ``None`` removes all axes of length one.')],
        returns=_VIEW_ALWAYS,
        raises=[('chainerx.DimensionError', 'If a given axis does not have length one or is out of range.')]),
    'expand_dims': doc(
        'Inserts an axis of length one at position ``axis``.',
        args=[A, ('axis', 'The position of the new axis in the result.')], returns=_VIEW_ALWAYS,
        raises=[BAD_AXIS]),
    'broadcast_to': doc(
        'Broadcasts an array to a shape (NumPy broadcasting rules).',
        notes='Differentiable: the gradient is summed over the broadcast axes.',
        args=[('array', 'Input array.'), ('shape', 'The target shape.')], returns=_VIEW_ALWAYS,
        raises=[('chainerx.DimensionError', 'If the array cannot be broadcast to ``shape``.')]),
    'flip': doc(
        'Reverses the order of elements along the given axes.',
        args=[('m', 'Input array.'), ('axes', 'An axis, a sequence of axes or ``None`` for all axes.')],
        returns=_VIEW_ALWAYS + ' (with negative strides)', raises=[BAD_AXIS]),
    'fliplr': doc(
        'Reverses the order of elements along axis 1 (left/right).', args=[('m', 'Input array, at least 2-d.')],
        returns=_VIEW_ALWAYS, raises=[('chainerx.DimensionError', 'If ``m`` has fewer than 2 dimensions.')]),
    'flipud': doc(
        'Reverses the order of elements along axis 0 (up/down).', args=[('m', 'Input array, at least 1-d.')],
        returns=_VIEW_ALWAYS, raises=[('chainerx.DimensionError', 'If ``m`` is 0-d.')]),
    'repeat': doc(
        'Repeats each element of an array.',
        args=[A, ('repeats', 'An int, or a sequence of ints with one count per element along ``axis``.'),
              ('axis', 'The axis along which to repeat; ``None`` works on the flattened array.')],
        returns=NEW_ARRAY,
        raises=[('chainerx.DimensionError', 'If the counts do not match the axis length or are negative.')]),
    'concatenate': doc(
        'Joins arrays along an existing axis.',
        notes='The result dtype is the promoted dtype of the inputs. Differentiable.',
        args=[_ARRAYS, ('axis', 'The axis; ``None`` flattens the arrays first.')], returns=NEW_ARRAY,
        raises=_CONCAT_RAISES),
    'stack': doc(
        'Joins arrays of the same shape along a new axis.',
        args=[_ARRAYS, ('axis', 'The position of the new axis in the result.')], returns=NEW_ARRAY,
        raises=[('chainerx.DimensionError', 'If the shapes differ or no arrays are given.')]),
    'hstack': _stack('Joins arrays horizontally (along axis 1, or axis 0 for 1-d arrays).'),
    'vstack': _stack('Joins arrays vertically (along axis 0, making 1-d arrays rows).'),
    'dstack': _stack('Joins arrays depth-wise (along axis 2).'),
    'atleast_2d': doc('Returns ``a`` viewed with at least 2 dimensions (a 1-d array becomes a row).',
                      args=[A], returns=_VIEW_ALWAYS),
    'atleast_3d': doc('Returns ``a`` viewed with at least 3 dimensions ((N,) becomes (1, N, 1), (M, N) '
                      'becomes (M, N, 1)).', args=[A], returns=_VIEW_ALWAYS),
    'split': doc(
        'Splits an array into sub-arrays along ``axis``.',
        args=_SPLIT_ARGS + [('axis', 'The axis to split.')], returns='A list of views of ``ary``.',
        raises=_SPLIT_RAISES),
    'hsplit': _split('Splits an array horizontally.', 'Along axis 1 (axis 0 for 1-d arrays).'),
    'vsplit': _split('Splits an array vertically.', 'Along axis 0; needs at least 2 dimensions.'),
    'dsplit': _split('Splits an array depth-wise.', 'Along axis 2; needs at least 3 dimensions.'),
    'copyto': doc(
        'Copies values from ``src`` into ``dst`` in place, broadcasting ``src``.',
        args=[('dst', 'The array written to.'), ('src', 'The array (or scalar) read from.'),
              ('casting', 'Only ``\'no\'`` is implemented.'),
              ('where', 'A bool array or scalar: only the positions where it is true are written.')],
        returns='None.',
        raises=[('chainerx.NotImplementedError', 'For ``casting`` other than ``\'no\'``.'),
                ('ValueError', 'For an unknown ``casting``.'),
                ('chainerx.DimensionError', 'If ``src`` cannot be broadcast to ``dst``.')]),
}
