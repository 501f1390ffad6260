"""F.sparse_matmul: the product of a sparse COO matrix (or batch) and a dense one, either side.

Note [Gathered rows]: C = A B with A sparse (entries a_e at (r_e, c_e)) is, row by row,
C[i] = sum over the entries e of row i of a_e * B[c_e]: a gather of rows of B (embed_id), a
product with the entries' values and a sum per output row. The sums are what needs care: a
scatter-add has no native chainerx routine (F.scatter_add falls back), a product with a one-hot
(m, nnz) matrix costs more than the dense product whenever nnz > k, and cumulative sums lose
precision. Instead the host sorts the entries by output row (the index arrays are constants, see
Note [Host-side index checks] in chainer/utils/sparse.py) and sums by gathering again: the items
of each row are laid out in chunks of at most `_CHUNK` (a (chunks, _CHUNK) index matrix, -1
where a chunk is short), the gathered chunks are summed, and the chunk sums of a row are summed
the same way until each row has one chunk, whose gather gives C (rows without entries gather
only -1: zeros). Each level costs (number of chunks * _CHUNK + items) * n elements, so a row with
many entries costs no more than many rows with few; a single level suffices when no row has more
than `_CHUNK` entries. Everything is embed_id, a broadcast product and sum, all native on chainerx
and differentiable to any order, in the dense operand and in the sparse values alike. The index
matrices depend on the COO indices only: they are computed once per matrix, transposition and
device, and kept in the CooMatrix (rebuild the CooMatrix after changing its indices in place).
"""

import numpy

import chainer
from chainer import backend
from chainer.functions.array.cast import cast
from chainer.functions.array.reshape import reshape
from chainer.functions.array.swapaxes import swapaxes
from chainer.functions.connection.embed_id import embed_id
from chainer.functions.math.sum import sum as sum_
from chainer.utils import sparse
from chainer.utils import type_check

_CHUNK = 16  # the width of the summed chunks (Note [Gathered rows])


def _sum_levels(segments, n_segments):
    """The index matrices that sum items into segments (Note [Gathered rows]).

    Args:
        segments (numpy.ndarray): The segment of each item, sorted (items of a segment adjacent).
        n_segments (int): The number of segments.

    Returns:
        list: int64 index matrices, -1 padded: the first into the items, each next one into the
        rows that the previous one sums; the last has one row per segment.
    """
    levels = []
    while True:
        counts = numpy.bincount(segments, minlength=n_segments)
        rank = numpy.arange(len(segments)) - (numpy.cumsum(counts) - counts)[segments]
        items = numpy.arange(len(segments))
        widest = int(counts.max(initial=0))
        if widest <= _CHUNK:
            index = numpy.full((n_segments, max(widest, 1)), -1, numpy.int64)
            index[segments, rank] = items
            levels.append(index)
            return levels
        chunks = -(-counts // _CHUNK)
        index = numpy.full((int(chunks.sum()), _CHUNK), -1, numpy.int64)
        index[(numpy.cumsum(chunks) - chunks)[segments] + rank // _CHUNK, rank % _CHUNK] = items
        levels.append(index)
        segments = numpy.repeat(numpy.arange(n_segments), chunks)


def _plan(row, col, shape):
    """The gathers of op(A) B for op(A)'s entry indices `row`, `col` and `shape` (m, k).

    Returns:
        tuple: (entries, sources, levels): the first level's index matrix into the flattened
        entries and the same into the rows of the flattened B (-1 padded), and the next levels.

    Raises:
        ValueError: An index is out of the matrix.
    """
    row, col = sparse._to_host(row), sparse._to_host(col)
    matrices = (sparse._n_matrices(row), row.shape[-1])
    row, col = row.reshape(matrices), col.reshape(matrices)
    kept = (row >= 0) & (col >= 0)
    if (row[kept] >= shape[0]).any() or (col[kept] >= shape[1]).any():
        raise ValueError('an index of the sparse matrix is out of its shape {}'.format(shape))
    batch = numpy.arange(len(row), dtype=numpy.int64)[:, None]
    out_rows = (batch * shape[0] + row)[kept]
    order = numpy.argsort(out_rows, kind='stable')
    levels = _sum_levels(out_rows[order], len(row) * shape[0])
    # A trailing -1 makes the padding (-1) of the first level pick -1.
    entries = numpy.append(numpy.flatnonzero(kept)[order], -1)[levels[0]]
    sources = numpy.append((batch * shape[1] + col)[kept][order], -1)[levels[0]]
    return entries, sources, levels[1:]


def _device_plan(sp, transa, device):
    """`_plan` of op(sp) on `device`, kept in the CooMatrix (Note [Gathered rows])."""
    key = (transa, sp.shape, device.name)
    kept = sp._plans.get(key)
    if kept is not None and kept[0] is sp.row and kept[1] is sp.col:
        return kept[2]
    row, col, shape = (sp.col, sp.row, sp.shape[::-1]) if transa else (sp.row, sp.col, sp.shape)
    entries, sources, levels = _plan(row, col, shape)
    plan = device.send(entries), device.send(sources), [device.send(index) for index in levels]
    sp._plans[key] = (sp.row, sp.col, plan)
    return plan


def _check_types(sp, dense, transa, transb):
    """The original's checks of a product op(sp) op(dense) (InvalidType, ValueError)."""
    row, col = sp.row, sp.col
    if row.ndim != col.ndim:
        raise ValueError('ndim of sp_row and sp_col must be the same.')
    if row.ndim not in (1, 2):
        raise ValueError('ndim of sp_row and sp_col must be one or two.')
    if row.shape != col.shape:
        raise ValueError('shape of sp_row and sp_col must be the same.')
    if len(sp.shape) != 2:
        raise ValueError('len(sp_shape) must be two.')
    in_types = type_check.get_types((sp.data, dense), 'in_types', False)
    type_check.argname(in_types, ('sp', 'dn'))
    sp_type, dn_type = in_types
    type_check.expect(
        sp_type.dtype.kind == 'f',
        dn_type.dtype.kind == 'f',
        dn_type.ndim >= 2,
        dn_type.ndim <= 3,
        sp_type.ndim == dn_type.ndim - 1,
        sp_type.shape[-1] == row.shape[-1],
        dn_type.shape[-1 if transb else -2] == sp.shape[0 if transa else 1],
    )
    if dense.ndim == 3:
        type_check.expect(
            sp_type.shape[0] == row.shape[0],
            dn_type.shape[0] == row.shape[0],
        )


def _coo_matmul(sp, dense, transa, transb):
    """op(sp) op(dense) as a Variable (Note [Gathered rows])."""
    _check_types(sp, dense, transa, transb)
    dense_array = dense.array if isinstance(dense, chainer.Variable) else dense
    dtype = numpy.result_type(sp.data.dtype, dense.dtype)
    entries, sources, levels = _device_plan(
        sp, transa, backend.get_device_from_array(dense_array))
    m = sp.shape[1] if transa else sp.shape[0]
    b = swapaxes(dense, -1, -2) if transb else dense
    n = b.shape[-1]
    b_rows = reshape(cast(b, dtype), (int(numpy.prod(b.shape[:-1])), n))
    gathered = embed_id(sources, b_rows, ignore_label=-1)
    if sp.data.size:
        values = reshape(cast(sp.data, dtype), (sp.data.size, 1))
        gathered = embed_id(entries, values, ignore_label=-1) * gathered
    # else every entry is padding and there is no value to gather: the product is zero.
    total = sum_(gathered, axis=1)
    for index in levels:
        total = sum_(embed_id(index, total, ignore_label=-1), axis=1)
    return reshape(total, dense.shape[:-2] + (m, n))


def sparse_matmul(a, b, transa=False, transb=False):
    """The (batched) product of a sparse COO matrix and a dense one, in either order.

    Computes ``op(a) @ op(b)`` where op transposes the last two axes if `transa` (`transb`) and
    one operand is a :class:`~chainer.utils.CooMatrix`:

    1. C (dense) = A (sparse) @ B (dense)
    2. C (dense) = A (dense) @ B (sparse)

    A batch of nb sparse matrices (data of shape (nb, ldnz)) multiplies a 3-d dense operand of nb
    matrices, one by one.

    Args:
        a (~chainer.utils.CooMatrix, ~chainer.Variable or array): The left operand: a sparse
            matrix (or batch), or a float 2-d (3-d) dense one.
        b (~chainer.utils.CooMatrix, ~chainer.Variable or array): The right operand: dense if
            `a` is sparse, sparse if `a` is dense.
        transa (bool): Whether each matrix of `a` is transposed.
        transb (bool): Whether each matrix of `b` is transposed.

    Returns:
        ~chainer.Variable: The product, of shape (m, n) or (nb, m, n) and the dtype that the
        operands' dtypes promote to. Repeated entries of the sparse matrix add up; padding
        entries (indices -1) count for nothing. It is differentiable to any order in the dense
        operand and in the sparse matrix's `data` (Note [Gathered rows]).

    Raises:
        ValueError: Neither or both operands are sparse, the index arrays disagree, or an index
            is out of the sparse matrix's shape.
        ~chainer.utils.type_check.InvalidType: An operand is not float, the dense one has not 2
            or 3 axes, or the shapes do not fit.

    .. seealso:: :func:`~chainer.utils.to_coo` makes a COO matrix from a dense array.

    Example:
        >>> a = chainer.utils.to_coo(numpy.array([[0., 2.], [1., 0.]]))
        >>> F.sparse_matmul(a, numpy.array([[1., 2.], [3., 4.]])).array
        array([[6., 8.],
               [1., 2.]])
    """
    dense_types = (chainer.Variable,) + chainer.get_array_types()
    if isinstance(a, sparse.CooMatrix) and isinstance(b, dense_types):
        return _coo_matmul(a, b, transa, transb)
    if isinstance(a, dense_types) and isinstance(b, sparse.CooMatrix):
        # op(a) op(b) = (op(b)^T op(a)^T)^T
        return swapaxes(_coo_matmul(b, a, not transb, not transa), -1, -2)
    raise ValueError('This combination of type of inputs is not supported.\n'
                     '    a: {}\n    b: {}\n'.format(type(a), type(b)))
