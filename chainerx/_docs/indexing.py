"""Docstrings of take, where and nonzero (chainerx/python/indexing.cc); ``ndarray.__getitem__`` is in
array_operators.py."""

from chainerx._docs._format import BAD_DEVICES, BAD_SHAPES, PROMOTION, doc

DOCS = {
    'take': doc(
        'Takes elements of ``a`` at ``indices`` along ``axis``.',
        notes='Differentiable with respect to ``a`` (the gradient is scattered back, adding up repeated '
              'indices).',
        args=[('a', 'Input array.'),
              ('indices', 'An integer array, a sequence of ints or a NumPy integer array.'),
              ('axis', 'The axis to take along; required (``None`` is not supported).'),
              ('mode', '``\'raise\'`` (out-of-range index is an error; negative indices count from the end), '
                       '``\'wrap\'`` (indices wrap around), ``\'clip\'`` (indices are clipped); ``None`` is '
                       '``\'raise\'`` on the native backend and ``\'wrap\'`` on CUDA, as in CuPy (raising there '
                       'would make the host wait for the device).')],
        returns='A new array of shape ``a.shape[:axis] + indices.shape + a.shape[axis + 1:]``.',
        raises=[('IndexError', 'For an out-of-range index in ``\'raise\'`` mode.'),
                ('chainerx.NotImplementedError', 'If ``axis`` is ``None``.'),
                ('ValueError', 'For an unknown ``mode``.')],
        example='''
            >>> chainerx.take(chainerx.arange(4), [3, 0], 0)
            array([3, 0], shape=(2,), dtype=int32, device='native:0')'''),
    'where': doc(
        'Chooses elementwise between ``x`` (where ``condition`` is true) and ``y``.',
        notes='``x`` and ``y`` may each be an array or a scalar. ' + PROMOTION + ' Differentiable with respect '
              'to ``x`` and ``y``.',
        args=[('condition', 'An array taken as truth values.'), ('x', 'Values where true.'),
              ('y', 'Values where false.')],
        returns='A new array of the broadcast shape.', raises=[BAD_SHAPES, BAD_DEVICES]),
    'nonzero': doc(
        'Indices of the non-zero elements, one int64 array per dimension.',
        args=[('a', 'Input array.')], returns='A tuple of ``a.ndim`` 1-d int64 arrays.',
        example='''
            >>> chainerx.nonzero(chainerx.array([0, 3, 4]))
            (array([1, 2], shape=(2,), dtype=int64, device='native:0'),)'''),
}
