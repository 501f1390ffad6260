"""F.sparse_matmul: forward against a dense NumPy product, gradients of both orders in the values and the dense
operand, native on chainerx, the kept gather plans, errors."""

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.functions.math.sparse_matmul import sparse_matmul
from chainer.utils import type_check
from chainer.utils.sparse import CooMatrix
from chainer.utils.sparse import to_coo

import loss_check
from mode_utils import make_array
from mode_utils import to_numpy


def _dense(data, row, col, shape):
    """The dense matrices of COO entries (float64; repeated entries add up, indices -1 are padding)."""
    data, row, col = [numpy.atleast_2d(a) for a in (data, row, col)]
    dense = numpy.zeros((len(data),) + shape)
    for b in range(len(data)):
        for value, i, j in zip(data[b], row[b], col[b]):
            if i >= 0 and j >= 0:
                dense[b, i, j] += value
    return dense


def _op(x, transpose):
    return numpy.swapaxes(x, -1, -2) if transpose else x


def _entries(rng, shape, n_entries, ldnz, batch):
    """Random (row, col) int32 indices of `n_entries` entries (repeats possible), in no order, padded to ldnz."""
    matrices = 1 if batch is None else batch
    row = numpy.full((matrices, ldnz), -1, numpy.int32)
    col = numpy.full((matrices, ldnz), -1, numpy.int32)
    for b in range(matrices):
        count = n_entries - b  # the matrices of a batch differ in their numbers of entries
        row[b, :count] = rng.randint(0, shape[0], count)
        col[b, :count] = rng.randint(0, shape[1], count)
    return (row[0], col[0]) if batch is None else (row, col)


def _long_row(rng, shape):
    """A row with 20 entries: two levels of chunk sums (Note [Gathered rows])."""
    row, col = _entries(rng, shape, 24, 26, None)
    row[:20] = 1
    return row, col


# How each test makes the indices of the sparse matrix: from a RandomState, the matrix's shape and the batch size.
ENTRIES = {
    'random': lambda rng, shape, batch: _entries(rng, shape, 5, 7, batch),
    'long row': lambda rng, shape, batch: _long_row(rng, shape),
    'empty': lambda rng, shape, batch: (numpy.zeros(0, numpy.int32),) * 2,  # no entries (ldnz 0)
    'padding': lambda rng, shape, batch: (numpy.full(3, -1, numpy.int32),) * 2,  # padding only
}


class SparseMatmulCase:
    """Mixin of the test cases (before loss_check.ToleranceTestCase): op(a) op(b) of a sparse side (`self.sparse`
    'a' or 'b') whose indices `ENTRIES[self.entries]` makes.

    The inputs are the sparse values (padding ones included: they must count for nothing) and the dense operand.
    """

    sparse = 'a'
    transa = transb = False
    batch = None
    entries = 'random'
    m, k, n = 3, 4, 2
    tolerance_scale = 2.0

    def setUp(self):
        super().setUp()
        rows, cols = (self.m, self.k) if self.sparse == 'a' else (self.k, self.n)
        transposed = self.transa if self.sparse == 'a' else self.transb
        self.sp_shape = (cols, rows) if transposed else (rows, cols)
        dense_shape = (self.k, self.n) if self.sparse == 'a' else (self.m, self.k)
        if (self.transb if self.sparse == 'a' else self.transa):
            dense_shape = dense_shape[::-1]
        self.dense_shape = (() if self.batch is None else (self.batch,)) + dense_shape
        self.row, self.col = ENTRIES[self.entries](numpy.random.RandomState(1), self.sp_shape, self.batch)

    def generate_inputs(self):
        return (loss_check.uniform(self.row.shape, self.dtype),
                loss_check.uniform(self.dense_shape, self.dtype))

    def forward(self, inputs, device):
        data, dense = inputs
        sp = CooMatrix(data, device.send(self.row), device.send(self.col), self.sp_shape)
        if self.sparse == 'a':
            return sparse_matmul(sp, dense, self.transa, self.transb),
        return sparse_matmul(dense, sp, self.transa, self.transb),

    def forward_expected(self, inputs):
        data, dense = inputs
        sp = _dense(data.astype(numpy.float64), self.row, self.col, self.sp_shape)
        dense = dense.astype(numpy.float64)
        if self.batch is None:
            sp = sp[0]
        if self.sparse == 'a':
            y = numpy.matmul(_op(sp, self.transa), _op(dense, self.transb))
        else:
            y = numpy.matmul(_op(dense, self.transa), _op(sp, self.transb))
        return y.astype(self.dtype),


@loss_check.function_tests({
    'sparse': ['a', 'b'],
    'transa': [False, True],
    'transb': [False, True],
    'batch': [None, 2],
})
class TestSparseMatmul(SparseMatmulCase, loss_check.ToleranceTestCase):
    """Either side sparse, each transposition, single and batched matrices; entries unsorted, repeated, padded."""


@loss_check.function_tests({
    'params': [
        {'entries': 'long row', 'm': 2, 'k': 12},
        {'entries': 'empty'},
        {'entries': 'padding', 'sparse': 'b'},
        {'n': 0},  # no columns
        {'batch': 0},  # an empty batch
        {'sparse': 'b', 'm': 1, 'transb': True},
    ],
})
class TestSparseMatmulEdges(SparseMatmulCase, loss_check.ToleranceTestCase):
    """Long rows, empty and all-padding matrices, zero-size outputs."""

    def setUp(self):
        for name, value in self.params.items():
            setattr(self, name, value)
        super().setUp()


def _chainerx_operands(shape, dense_shape, batch=None, seed=0):
    rng = numpy.random.RandomState(seed)
    row, col = _entries(rng, shape, 6, 8, batch)
    data = chainer.Variable(make_array('chainerx', rng.uniform(-1, 1, row.shape)))
    sp = CooMatrix(data, make_array('chainerx', row, numpy.int32), make_array('chainerx', col, numpy.int32), shape)
    return sp, chainer.Variable(make_array('chainerx', rng.uniform(-1, 1, dense_shape)))


@pytest.mark.parametrize('sparse_side, batch', [('a', None), ('b', None), ('a', 3), ('b', 2)])
def test_native_on_chainerx(sparse_side, batch):
    lead = () if batch is None else (batch,)
    if sparse_side == 'a':
        sp, dense = _chainerx_operands((3, 4), lead + (4, 5), batch)
        operands = sp, dense
    else:
        sp, dense = _chainerx_operands((4, 3), lead + (5, 4), batch)
        operands = dense, sp
    before = chainer.function_node.fallback_count
    y = sparse_matmul(*operands)
    grads = chainer.grad([F.sum(y * y)], [sp.data, dense], enable_double_backprop=True)
    second = chainer.grad([F.sum(g * g) for g in grads], [sp.data, dense])
    assert chainer.function_node.fallback_count == before
    assert y.shape == lead + ((3, 5) if sparse_side == 'a' else (5, 3))
    assert all(g is not None for g in second)


def test_rows_of_many_entries_in_three_levels(mode):
    # 300 entries in one row: chunks of chunks of chunks. Gradients: g_data[e] = G[r_e] . B[c_e], g_B = A^T G.
    rng = numpy.random.RandomState(3)
    row = numpy.concatenate([numpy.zeros(300, numpy.int32), rng.randint(0, 4, 20).astype(numpy.int32)])
    col = rng.randint(0, 50, 320).astype(numpy.int32)
    data_values, b_values, g_values = rng.uniform(-1, 1, 320), rng.uniform(-1, 1, (50, 3)), rng.uniform(-1, 1, (4, 3))
    data = chainer.Variable(make_array(mode, data_values))
    b = chainer.Variable(make_array(mode, b_values))
    sp = CooMatrix(data, make_array(mode, row, numpy.int32), make_array(mode, col, numpy.int32), (4, 50))
    y = sparse_matmul(sp, b)
    a = _dense(data_values, row, col, (4, 50))[0]
    numpy.testing.assert_allclose(to_numpy(y.array), a.dot(b_values), atol=1e-12)
    g_data, g_b = chainer.grad([y], [data, b], grad_outputs=[make_array(mode, g_values)])
    numpy.testing.assert_allclose(to_numpy(g_data.array), (g_values[row] * b_values[col]).sum(axis=1), atol=1e-12)
    numpy.testing.assert_allclose(to_numpy(g_b.array), a.T.dot(g_values), atol=1e-12)


@pytest.mark.parametrize('sp_dtype, dense_dtype', [(numpy.float32, numpy.float64), (numpy.float64, numpy.float16)])
def test_mixed_dtypes_promote(mode, sp_dtype, dense_dtype):
    values = numpy.array([[0, 2, 0], [-1, 0, 3]])
    sp = to_coo(make_array(mode, values, sp_dtype), requires_grad=True)
    dense = chainer.Variable(make_array(mode, numpy.arange(6).reshape(3, 2), dense_dtype))
    y = sparse_matmul(sp, dense)
    assert y.dtype == numpy.float64
    numpy.testing.assert_allclose(to_numpy(y.array), values.dot(numpy.arange(6).reshape(3, 2)))
    g_data, g_dense = chainer.grad([F.sum(y)], [sp.data, dense])
    assert g_data.dtype == sp_dtype and g_dense.dtype == dense_dtype


def test_raw_dense_array_and_data_without_gradient(mode):
    sp = to_coo(make_array(mode, [[0., 2.], [1., 0.]]))
    y = sparse_matmul(make_array(mode, [[1., 2.], [3., 4.]]), sp)
    numpy.testing.assert_array_equal(to_numpy(y.array), [[2., 2.], [4., 6.]])
    assert not sp.data.requires_grad


def test_gather_plan_is_kept_until_the_indices_change(mode):
    sp = to_coo(make_array(mode, [[0., 2.], [1., 0.]]))
    b = make_array(mode, [[1., 2.], [3., 4.]])
    sparse_matmul(sp, b)
    sparse_matmul(sp, b)
    sparse_matmul(b, sp)  # the transposed matrix: a plan of its own
    assert len(sp._plans) == 2
    sp.row = make_array(mode, [1, 0], numpy.int32)  # the entries move to [[1, 0], [0, 2]]
    numpy.testing.assert_array_equal(to_numpy(sparse_matmul(sp, b).array), [[1., 2.], [6., 8.]])


def _coo(mode, shape=(2, 3), dtype=numpy.float64, batch=None):
    values = numpy.arange(numpy.prod(shape)).reshape(shape) % 3
    if batch is not None:
        values = numpy.stack([values] * batch)
    return to_coo(make_array(mode, values, dtype))


@pytest.mark.parametrize('make_operands', [
    lambda mode: (make_array(mode, numpy.ones((2, 3))), make_array(mode, numpy.ones((3, 2)))),
    lambda mode: (_coo(mode), _coo(mode, (3, 2))),
    lambda mode: (_coo(mode), [[1., 2.], [3., 4.], [5., 6.]]),
])
def test_unsupported_operand_types(mode, make_operands):
    with pytest.raises(ValueError):
        sparse_matmul(*make_operands(mode))


@pytest.mark.parametrize('sp_args, dense_shape, dense_dtype', [
    ({'dtype': numpy.int32}, (3, 2), numpy.float64),  # integer values
    ({}, (3, 2), numpy.int32),  # integer dense operand
    ({}, (3,), numpy.float64),  # 1-d dense operand
    ({}, (1, 1, 3, 2), numpy.float64),  # 4-d dense operand
    ({}, (4, 2), numpy.float64),  # inner sizes differ
    ({'batch': 2}, (3, 2), numpy.float64),  # a batch of sparse matrices times one matrix
    ({}, (2, 3, 2), numpy.float64),  # one sparse matrix times a batch
    ({'batch': 2}, (3, 3, 2), numpy.float64),  # batch sizes differ
])
def test_invalid_types(mode, sp_args, dense_shape, dense_dtype):
    sp = _coo(mode, **sp_args)
    with pytest.raises(type_check.InvalidType):
        sparse_matmul(sp, make_array(mode, numpy.ones(dense_shape), dense_dtype))


def test_values_and_indices_of_different_lengths_are_invalid(mode):
    sp = CooMatrix(make_array(mode, [1., 2., 3.]), make_array(mode, [0, 1], numpy.int32),
                   make_array(mode, [1, 0], numpy.int32), (2, 2))
    with pytest.raises(type_check.InvalidType):
        sparse_matmul(sp, make_array(mode, numpy.ones((2, 2))))


def test_rows_and_cols_of_different_shapes_are_a_value_error(mode):
    sp = CooMatrix(make_array(mode, [1., 2.]), make_array(mode, [0, 1], numpy.int32),
                   make_array(mode, [1, 0, 1], numpy.int32), (2, 2), order='other')
    with pytest.raises(ValueError):
        sparse_matmul(sp, make_array(mode, numpy.ones((2, 2))))


@pytest.mark.parametrize('row, col', [([0, 2], [1, 0]), ([0, 1], [3, 0])])
def test_index_out_of_the_shape_is_a_value_error(mode, row, col):
    sp = CooMatrix(make_array(mode, [1., 2.]), make_array(mode, row, numpy.int32),
                   make_array(mode, col, numpy.int32), (2, 3))
    with pytest.raises(ValueError):
        sparse_matmul(sp, make_array(mode, numpy.ones((3, 2))))
