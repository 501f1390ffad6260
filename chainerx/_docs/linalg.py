"""Docstrings of ``dot`` and of ``chainerx.linalg`` (chainerx/python/linalg.cc)."""

from chainerx._docs._format import BAD_DEVICES, PROMOTION, doc

_LAPACK_DTYPE = ('float32 and float64 are computed in their own precision; bool and integer inputs give '
                 'float32. Differentiable.')
_LAPACK_INPUT = ('Only 2-d inputs (no batches) of at most 2**31 - 1 elements (LAPACK indexes with 32-bit '
                 'integers). NaN and infinite entries are refused: LAPACK would reject them or, for the SVD, '
                 'never return.')
_SQUARE = ('a', 'A square 2-d array.')
_F16 = ('chainerx.DtypeError', 'For float16 input (LAPACK has no half precision).')
_NOT_SQUARE = ('chainerx.DimensionError', 'If ``a`` is not a square matrix, or too large for LAPACK.')
_NOT_MATRIX = ('chainerx.DimensionError', 'If ``a`` is not 2-d, or too large for LAPACK.')
_NON_FINITE = ('chainerx.ChainerxError', 'If ``a`` contains NaN or infinity.')
_SINGULAR = ('chainerx.ChainerxError', 'If the matrix is singular, or contains NaN or infinity.')
_UPLO = ('UPLO', '``\'L\'`` to read the lower triangle, ``\'U\'`` the upper one (either case).')
_BAD_UPLO = [('ValueError', 'If ``UPLO`` is not one character.'),
             ('chainerx.ChainerxError', 'If ``UPLO`` is one character other than L or U (in either case), as '
                                        'in the original.')]

DOCS = {
    'dot': doc(
        'Dot product with NumPy\'s N-d semantics: a sum over the last axis of ``a`` and the second-to-last '
        'axis of ``b`` (the last one for 1-d ``b``); a 0-d operand multiplies elementwise.',
        notes=PROMOTION + ' Integer dtypes are allowed. Differentiable.',
        args=[('a', 'First array.'), ('b', 'Second array.')], returns='A new array.',
        raises=[('chainerx.DimensionError', 'If the summed axes differ in length.'), BAD_DEVICES],
        example='''
            >>> chainerx.dot(chainerx.ones((2, 3)), chainerx.ones((3, 4))).shape
            (2, 4)'''),
    'matmul': doc(
        'Matrix product with NumPy\'s ``matmul`` semantics (the ``@`` operator).',
        notes='The product runs over the last two axes and broadcasts the leading (batch) axes. A 1-d ``x1`` is '
              'a row vector and a 1-d ``x2`` a column vector; the added axis is removed from the result. '
              + PROMOTION + ' Integer dtypes are allowed. Differentiable (the gradients sum over broadcast '
              'batch axes). Beyond the original ChainerX, which had only ``dot``.',
        args=[('x1', 'First array, at least 1-d.'), ('x2', 'Second array, at least 1-d.')],
        returns='A new array of shape ``batch + (M, N)`` (without M or N for 1-d operands).',
        raises=[('chainerx.DimensionError', 'For 0-d operands (use :func:`chainerx.multiply`), inner lengths '
                                            'that differ, or batch shapes that cannot be broadcast.'),
                BAD_DEVICES],
        example='''
            >>> (chainerx.ones((5, 2, 3)) @ chainerx.ones((3, 4))).shape
            (5, 2, 4)'''),
    'linalg.solve': doc(
        'Solves the linear system ``a @ x = b``.', notes=_LAPACK_DTYPE + ' ' + _LAPACK_INPUT,
        args=[_SQUARE, ('b', 'The right-hand side: shape (N,) or (N, K).')],
        returns='``x``, of the shape of ``b``.',
        raises=[_NOT_SQUARE, _SINGULAR, _F16]),
    'linalg.inv': doc(
        'Inverse of a square matrix.', notes=_LAPACK_DTYPE + ' ' + _LAPACK_INPUT, args=[_SQUARE],
        returns='A new array.',
        raises=[_NOT_SQUARE, _SINGULAR, _F16]),
    'linalg.svd': doc(
        'Singular value decomposition ``a = u @ diag(s) @ vt``.',
        notes='float32 and float64 are computed in their own precision; bool and integer inputs give float32. '
              + _LAPACK_INPUT + '\n\nOnly ``full_matrices=False, compute_uv=True`` is differentiable '
              '(Townsend\'s formula, in ``u``, ``s`` and ``vt``; it needs distinct nonzero singular values); a '
              'gradient reaching the other forms raises ChainerxError.',
        args=[('a', 'A 2-d array of shape (M, N).'),
              ('full_matrices', 'If ``True``, ``u`` is (M, M) and ``vt`` (N, N); otherwise (M, K) and (K, N) with '
                                'K = min(M, N).'),
              ('compute_uv', 'If ``False``, only ``s`` is computed and returned.')],
        returns='The tuple ``(u, s, vt)``, or ``s`` alone (descending, length K) when ``compute_uv`` is '
                '``False``.',
        raises=[_NOT_MATRIX, _NON_FINITE, _F16,
                ('chainerx.ChainerxError', 'In backward, for ``full_matrices=True`` or ``compute_uv=False`` '
                                           '(a :class:`chainerx.NotImplementedError`).')],
        example='''
            >>> a = chainerx.array([[3., 0.], [0., 4.], [0., 0.]]).require_grad()
            >>> u, s, vt = chainerx.linalg.svd(a, full_matrices=False)
            >>> s
            array([4., 3.], shape=(2,), dtype=float64, device='native:0', backprop_ids=['<default>'])
            >>> s.sum().backward()
            >>> a.grad
            array([[1., 0.],
                   [0., 1.],
                   [0., 0.]], shape=(3, 2), dtype=float64, device='native:0')'''),
    'linalg.pinv': doc(
        'Moore-Penrose pseudo-inverse, from the SVD.',
        notes='The composite ``vt.T @ diag(s_inv) @ u.T`` of the reduced SVD, with ``s_inv = 1 / s`` where '
              '``s > rcond * max(s)`` and 0 elsewhere; its gradient flows through the SVD\'s with that cutoff '
              'held constant. ' + _LAPACK_DTYPE + ' ' + _LAPACK_INPUT,
        args=[('a', 'A 2-d array.'), ('rcond', 'Singular values at most ``rcond`` times the largest are '
                                               'treated as zero.')],
        returns='A new array of the transposed shape.', raises=[_NOT_MATRIX, _NON_FINITE, _F16]),
    'linalg.qr': doc(
        'QR decomposition ``a = q @ r``.', notes=_LAPACK_DTYPE + ' ' + _LAPACK_INPUT,
        args=[('a', 'A 2-d array of shape (M, N).'),
              ('mode', '``\'reduced\'`` (q (M, K), r (K, N)), ``\'complete\'`` (q (M, M), r (M, N)), ``\'r\'`` '
                       '(r only) or ``\'raw\'`` (LAPACK\'s h and tau, not differentiable).')],
        returns='``(q, r)``, or ``r`` alone for mode ``\'r\'``.',
        raises=[('ValueError', 'For an unknown ``mode``.'), _NOT_MATRIX, _NON_FINITE, _F16]),
    'linalg.cholesky': doc(
        'Cholesky factor ``L`` (lower triangular, ``a = L @ L.T``) of a symmetric positive-definite matrix.',
        notes=_LAPACK_DTYPE + ' Only the lower triangle of ``a`` is read. ' + _LAPACK_INPUT, args=[_SQUARE],
        returns='A new lower-triangular array.',
        raises=[_NOT_SQUARE, ('chainerx.ChainerxError', 'If ``a`` is not positive definite, or contains NaN or '
                                                        'infinity.'), _F16]),
    'linalg.eigh': doc(
        'Eigenvalues and eigenvectors of a symmetric matrix.', notes=_LAPACK_DTYPE + ' ' + _LAPACK_INPUT,
        args=[_SQUARE, _UPLO],
        returns='``(w, v)``: the eigenvalues in ascending order and the eigenvectors as columns of ``v``.',
        raises=[_NOT_SQUARE, _NON_FINITE] + _BAD_UPLO + [_F16]),
    'linalg.eigvalsh': doc(
        'Eigenvalues of a symmetric matrix, in ascending order.', notes=_LAPACK_DTYPE + ' ' + _LAPACK_INPUT,
        args=[_SQUARE, _UPLO], returns='A new 1-d array.', raises=[_NOT_SQUARE, _NON_FINITE] + _BAD_UPLO + [_F16]),
    'linalg._is_lapack_available': doc('Whether the core was built with LAPACK (``chainerx.linalg`` needs it).',
                                       returns='bool.'),
}
