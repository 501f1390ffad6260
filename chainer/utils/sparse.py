"""Sparse matrices in COO format for F.sparse_matmul: CooMatrix, to_coo and get_order.

A COO matrix (or a batch of them) lists its entries as three arrays of one shape, (ldnz,) or
(nb, ldnz): the values `data` and their `row` and `col` indices. Entries whose row and col are
-1 are padding (their data is 0): they let the matrices of a batch, with different numbers of
non-zeros, share one ldnz.

Note [Host-side index checks]: the index arrays are small next to the dense operands and decide
no gradient, so get_order, to_coo and to_dense read them on the host (a NumPy copy; on a GPU
that waits for the device, which is why sparse_matmul keeps what it derives from them, see
Note [Gathered rows] in chainer/functions/math/sparse_matmul.py).
"""

import numpy


def _n_matrices(entries):
    """The number of matrices that an entry array of shape (ldnz,) or (nb, ldnz) describes."""
    return int(numpy.prod(entries.shape[:-1], dtype=numpy.int64))


def _to_host(array):
    from chainer import backend  # Note [utils imports]
    return backend.CpuDevice().send(array)


def _to_device_of(like, array):
    from chainer import backend  # Note [utils imports]
    return backend.get_device_from_array(like).send(array)


class CooMatrix:
    """A sparse matrix, or a batch of sparse matrices of one shape, in COO format.

    Args:
        data (array or ~chainer.Variable): The entries' values, of shape (ldnz,) for a matrix or
            (nb, ldnz) for a batch of nb matrices. An array is wrapped in a new Variable; a
            Variable is kept as it is (so that gradients reach it).
        row (array): The entries' row indices, of data's number of axes (an int array, -1 for
            padding).
        col (array): The entries' column indices, likewise.
        shape (tuple of int): The (rows, columns) of the dense matrix; both positive.
        order ('C', 'F', 'other' or None): 'C' if the entries are sorted by row (then column),
            'F' if sorted by column (then row), 'other' if neither; None (the default) finds out
            with :func:`get_order`. A hint for performance only.
        requires_grad (bool): Whether the Variable made of an array `data` requires a gradient.

    Attributes:
        data (~chainer.Variable): The values.
        row (array): The row indices.
        col (array): The column indices.
        shape (tuple of int): The shape of one dense matrix.
        order (str): 'C', 'F' or 'other'.

    Raises:
        ValueError: data has not 1 or 2 axes, the arrays differ in their number of axes, shape is
            not a pair of positive numbers, order is unknown, or (order None) a row index is -1
            where the column index is not, or the reverse.

    .. seealso:: :func:`to_coo` builds one from a dense array.
    """

    def __init__(self, data, row, col, shape, order=None, requires_grad=False):
        import chainer  # Note [utils imports]
        if not 1 <= data.ndim <= 2:
            raise ValueError('ndim of data must be 1 or 2.')
        if not data.ndim == row.ndim == col.ndim:
            raise ValueError('ndim of data, row and col must be the same.')
        if len(shape) != 2:
            raise ValueError('length of shape must be 2.')
        if not (shape[0] > 0 and shape[1] > 0):
            raise ValueError('numbers in shape must be greater than 0.')
        if order not in ('C', 'F', 'other', None):
            raise ValueError("order must be 'C', 'F', 'other' or None.")
        if isinstance(data, chainer.Variable):
            self.data = data
        else:
            self.data = chainer.Variable(data, requires_grad=requires_grad)
        self.row = row
        self.col = col
        self.shape = tuple(shape)
        self.order = get_order(row, col) if order is None else order
        self._plans = {}  # sparse_matmul's gather plans (Note [Gathered rows])

    def to_dense(self):
        """The dense matrix (or batch) as an array of data's module, device and dtype.

        Repeated (row, col) entries add up, as in the products of :func:`sparse_matmul`;
        padding entries are left out.
        """
        data = _to_host(self.data.array)
        row, col = _to_host(self.row), _to_host(self.col)
        dense = numpy.zeros(data.shape[:-1] + self.shape, data.dtype)
        batch = numpy.broadcast_to(numpy.arange(_n_matrices(data)).reshape(
            data.shape[:-1] + (1,)), data.shape)
        kept = (row >= 0) & (col >= 0)
        flat = dense.reshape((-1,) + self.shape)  # a view: one matrix or the batch
        numpy.add.at(flat, (batch[kept], row[kept], col[kept]), data[kept])
        return _to_device_of(self.data.array, dense)


def to_coo(x, ldnz=None, requires_grad=False):
    """Returns the COO form of a dense matrix or of a batch of them.

    Args:
        x (array): A 2-d matrix, or a 3-d batch of matrices (the first axis is the batch).
        ldnz (int): The least length of the entry arrays: the entries of each matrix are its
            non-zero elements in row-major order, padded (data 0, row and col -1) to
            ``max(ldnz, largest number of non-zeros)``.
        requires_grad (bool): Whether the data Variable requires a gradient.

    Returns:
        ~chainer.utils.CooMatrix: The matrix (or batch), with its arrays (int32 indices) on x's
        device and data of x's dtype.

    Raises:
        ValueError: x has not 2 or 3 axes.

    Example:
        >>> x = chainer.utils.to_coo(numpy.array([[0, 2, 0], [-1, 0, 0]], numpy.float32), ldnz=3)
        >>> x.data.array
        array([ 2., -1.,  0.], dtype=float32)
        >>> x.row, x.col
        (array([ 0,  1, -1], dtype=int32), array([ 1,  0, -1], dtype=int32))
        >>> x.shape, x.order
        ((2, 3), 'C')
    """
    if x.ndim not in (2, 3):
        raise ValueError('ndim of x must be 2 or 3.')
    dense = _to_host(x)
    matrices = dense if dense.ndim == 3 else dense[None]
    nonzeros = [numpy.nonzero(matrix) for matrix in matrices]
    width = max([len(rows) for rows, _ in nonzeros] + [ldnz or 0])
    data = numpy.zeros((len(matrices), width), dense.dtype)
    row = numpy.full((len(matrices), width), -1, numpy.int32)
    col = numpy.full((len(matrices), width), -1, numpy.int32)
    for i, (matrix, (rows, cols)) in enumerate(zip(matrices, nonzeros)):
        data[i, :len(rows)] = matrix[rows, cols]
        row[i, :len(rows)] = rows
        col[i, :len(rows)] = cols
    if dense.ndim == 2:
        data, row, col = data[0], row[0], col[0]
    data, row, col = [_to_device_of(x, a) for a in (data, row, col)]
    return CooMatrix(data, row, col, dense.shape[-2:], order='C', requires_grad=requires_grad)


def get_order(row, col):
    """Whether COO entries with these indices are sorted by row ('C'), by column ('F') or not.

    Args:
        row (array): Row indices, of shape (ldnz,) or (nb, ldnz); -1 marks padding.
        col (array): Column indices, of row's shape.

    Returns:
        str: 'C' if every matrix's entries are sorted by row and, within a row, by column; else
        'F' if sorted by column and, within a column, by row; else 'other'. Padding entries are
        left out.

    Raises:
        ValueError: The shapes differ, or an entry has exactly one index -1.
    """
    row, col = _to_host(row), _to_host(col)
    if row.shape != col.shape:
        raise ValueError('shape of row and col must be the same.')
    if ((row < 0) != (col < 0)).any():
        raise ValueError('invalid index combination of row and col.')
    if _is_sorted(row, col):
        return 'C'
    if _is_sorted(col, row):
        return 'F'
    return 'other'


def _is_sorted(major, minor):
    """Whether each matrix's entries (padding left out) are sorted by (major, minor)."""
    shape = (_n_matrices(major), major.shape[-1])
    for major_row, minor_row in zip(major.reshape(shape), minor.reshape(shape)):
        kept = major_row >= 0
        key = major_row[kept].astype(numpy.int64) * (int(minor_row.max(initial=0)) + 1) + \
            minor_row[kept]
        if (numpy.diff(key) < 0).any():
            return False
    return True
