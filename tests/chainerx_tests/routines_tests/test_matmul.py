"""matmul(x1, x2) and the @ operators (beyond the original, which had only dot): numpy.matmul's
semantics (1-D promotion, broadcast batch axes) with chainerx's dtype promotion."""

import numpy
import pytest

import chainerx as chx

import array_utils

# (a shape, b shape): vector/matrix promotion, batches with broadcasting, zero-size axes.
_SHAPES = [
    ((3,), (3,)),
    ((2, 3), (3,)),
    ((3,), (3, 4)),
    ((2, 3), (3, 4)),
    ((2, 2, 3), (3,)),
    ((3,), (2, 3, 4)),
    ((2, 2, 3), (3, 4)),
    ((2, 3), (2, 3, 4)),
    ((2, 2, 3), (2, 3, 4)),
    ((2, 1, 2, 3), (3, 3, 2)),
    ((1, 2, 3), (4, 3, 1)),
    ((0, 2, 3), (3, 4)),
    ((2, 0, 3), (2, 3, 4)),
    ((2, 2, 0), (2, 0, 3)),
    ((0,), (0,)),
]
# (a shape, b shape, error): 0-d operands, inner lengths, batch shapes that do not broadcast.
_BAD_SHAPES = [
    ((), (3,), chx.DimensionError),
    ((3,), (), chx.DimensionError),
    ((2, 3), (2, 3), chx.DimensionError),
    ((3,), (4,), chx.DimensionError),
    ((2, 2, 3), (3, 3, 4), chx.DimensionError),
]


def _expected(a, b, dtype):
    """numpy.matmul computed exactly (int64/float64), cast to dtype (ints wrap, bool is nonzero)."""
    wide = numpy.float64 if numpy.dtype(dtype).kind == 'f' else numpy.int64
    return numpy.asarray(numpy.matmul(a.astype(wide), b.astype(wide))).astype(dtype)


def _assert_matmul(out, a, b, dtype):
    # float16 sums of a few products of values up to 3 lose more than float16's default tolerance.
    tol = 1e-2 if numpy.dtype(dtype) == numpy.float16 else None
    array_utils.assert_array_equal(out, _expected(a, b, dtype), rtol=tol, atol=tol)


@pytest.mark.parametrize('a_shape,b_shape', _SHAPES)
@pytest.mark.parametrize('dtype', array_utils.ALL_DTYPES)
def test_matmul_matches_numpy(a_shape, b_shape, dtype):
    a = array_utils.make_numpy(a_shape, dtype, seed=1)
    b = array_utils.make_numpy(b_shape, dtype, seed=2)
    _assert_matmul(chx.matmul(chx.array(a), chx.array(b)), a, b, dtype)


@pytest.mark.parametrize('op', ['function', 'operator', 'inplace'])
def test_matmul_spellings_agree(op, device):
    a = array_utils.make_numpy((2, 3, 3), 'float32', seed=1)
    b = array_utils.make_numpy((3, 3), 'float32', seed=2)
    a_chx, b_chx = chx.array(a, device=device), chx.array(b, device=device)
    if op == 'function':
        out = chx.matmul(a_chx, b_chx)
    elif op == 'operator':
        out = a_chx @ b_chx
    else:
        out = a_chx
        out @= b_chx
        assert out is a_chx
    assert out.device is device
    _assert_matmul(out, a, b, 'float32')


@pytest.mark.parametrize('dtype1,dtype2', [('int8', 'uint8'), ('int32', 'float16'), ('bool_', 'int16')])
def test_matmul_mixed_dtypes_promote(dtype1, dtype2):
    a = array_utils.make_numpy((2, 2, 3), dtype1, seed=1)
    b = array_utils.make_numpy((2, 3, 2), dtype2, seed=2)
    _assert_matmul(chx.matmul(chx.array(a), chx.array(b)), a, b, array_utils.result_dtype(dtype1, dtype2))


def test_matmul_non_contiguous_and_broadcast_operands():
    a = array_utils.make_numpy((2, 4, 3), 'float64', seed=1)
    b = array_utils.make_numpy((1, 4, 5), 'float64', seed=2)
    a_view, b_view = a.transpose(0, 2, 1), b[:, :, ::2]
    out = chx.array(a).transpose(0, 2, 1) @ chx.array(b)[:, :, ::2]
    _assert_matmul(out, a_view, b_view, 'float64')


# A batch (6, 5) of rows x cols matrices in the layouts a batched product meets (on CUDA one cuBLAS call takes the
# matrices of a BLAS layout in place, strided-batched when they are evenly spaced, else given their addresses, and
# copies the others first): the base array's shape, then the view of it, the same for NumPy and chainerx.
_BATCH_LAYOUTS = {
    'contiguous': (lambda r, c: (6, 5, r, c), lambda x, c: x),
    'transposed matrices': (lambda r, c: (6, 5, c, r), lambda x, c: x.swapaxes(-1, -2)),
    'padded rows': (lambda r, c: (6, 5, r, c + 2), lambda x, c: x[..., :c]),
    'every other matrix': (lambda r, c: (12, 5, r, c), lambda x, c: x[::2]),
    'reversed batch': (lambda r, c: (6, 5, r, c), lambda x, c: x[::-1]),
    'batch axes swapped': (lambda r, c: (5, 6, r, c), lambda x, c: x.swapaxes(0, 1)),
    'broadcast batch': (lambda r, c: (1, 5, r, c), lambda x, c: x),
    'every other column': (lambda r, c: (6, 5, r, 2 * c), lambda x, c: x[..., ::2]),
    'heads of tokens': (lambda r, c: (6, r, 5, c), lambda x, c: x.swapaxes(1, 2)),
}


def _batch(layout, rows, cols, dtype, seed, device):
    shape, view = _BATCH_LAYOUTS[layout]
    base = array_utils.make_numpy(shape(rows, cols), dtype, seed=seed)
    return view(base, cols), view(chx.array(base, device=device), cols)


@pytest.mark.parametrize('a_layout', list(_BATCH_LAYOUTS))
@pytest.mark.parametrize('b_layout', list(_BATCH_LAYOUTS))
@pytest.mark.parametrize('dtype', ['float16', 'float32', 'float64', 'int32'])
def test_batched_matmul_layouts(a_layout, b_layout, dtype, device):
    a, chx_a = _batch(a_layout, 4, 3, dtype, 1, device)
    b, chx_b = _batch(b_layout, 3, 2, dtype, 2, device)
    _assert_matmul(chx.matmul(chx_a, chx_b), a, b, dtype)


def test_batched_matmul_of_many_small_matrices():
    # 2048 products (one call on CUDA) against NumPy; b broadcast over the first batch axis. Multiples of 1/4: every
    # sum is exact in float32, whatever the order.
    a = array_utils.make_grad_input((32, 64, 5, 7), 'float32', seed=1)
    b = array_utils.make_grad_input((64, 7, 6), 'float32', seed=2)
    _assert_matmul(chx.matmul(a, b), chx.to_numpy(a), chx.to_numpy(b), 'float32')


def test_batched_matmul_of_attention_heads():
    # Attention's products: heads transposed out of (batch, tokens, heads, features), whose batch axes do not merge
    # into one stride; the gradients read the same views transposed.
    q_base, k_base = (array_utils.make_grad_input((2, 7, 3, 4), 'float64', seed=s) for s in (1, 2))
    q, k = (x.transpose(0, 2, 1, 3) for x in (q_base, k_base))
    scores = chx.matmul(q, k.swapaxes(-1, -2))
    _assert_matmul(scores, chx.to_numpy(q), chx.to_numpy(k).swapaxes(-1, -2), 'float64')
    array_utils.check_grads(lambda a, b: chx.matmul(a.transpose(0, 2, 1, 3), b.transpose(0, 2, 3, 1)),
                            [(2, 7, 3, 4), (2, 7, 3, 4)], 'float64')


def test_batched_matmul_gradients_with_a_broadcast_operand():
    # The gradients are batched products too, b's summed over the axis it was broadcast along.
    array_utils.check_grads(chx.matmul, [(2, 8, 3, 4), (8, 4, 2)], 'float64')


@pytest.mark.parametrize('a_shape,b_shape,error', _BAD_SHAPES)
def test_matmul_bad_shapes_raise(a_shape, b_shape, error):
    with pytest.raises(error):
        chx.matmul(chx.ones(a_shape, 'float32'), chx.ones(b_shape, 'float32'))


def test_matmul_different_devices_raise_device_error():
    with pytest.raises(chx.DeviceError):
        chx.ones((2, 3), device='native:0') @ chx.ones((3, 2), device='native:1')


def test_matmul_operator_rejects_scalars_and_numpy_arrays():
    a = chx.ones((2, 2), 'float32')
    for other in (2, numpy.ones((2, 2), numpy.float32)):
        with pytest.raises(TypeError):
            a @ other
        with pytest.raises(TypeError):
            other @ a


@pytest.mark.parametrize('b_shape,error', [((2, 3), chx.DimensionError), ((2, 2), None)])
def test_inplace_matmul_keeps_shape_and_dtype(b_shape, error):
    a = chx.ones((2, 2), 'float32')
    if error is not None:
        with pytest.raises(error):
            a @= chx.ones(b_shape, 'float32')
        return
    a @= chx.full(b_shape, 2, 'float32')
    array_utils.assert_array_equal(a, numpy.full((2, 2), 4, numpy.float32))


def test_inplace_matmul_rejects_float_result_in_int_array_and_grad_arrays():
    with pytest.raises(chx.DtypeError):
        a = chx.ones((2, 2), 'int32')
        a @= chx.ones((2, 2), 'float32')
    with pytest.raises(chx.ChainerxError):
        a = chx.ones((2, 2), 'float32').require_grad()
        a @= chx.ones((2, 2), 'float32')


@pytest.mark.parametrize('a_shape,b_shape', [
    ((3,), (3,)), ((2, 3), (3,)), ((3,), (3, 2)), ((2, 2, 3), (3, 2)),
    ((2, 2, 3), (2, 3, 2)), ((2, 1, 2, 3), (3, 3, 2)), ((3,), (2, 3, 2)),
])
def test_matmul_gradients(a_shape, b_shape):
    array_utils.check_grads(chx.matmul, [a_shape, b_shape], 'float64')


@pytest.mark.parametrize('dtype', ['float16', 'float32'])
def test_matmul_gradients_low_precision(dtype):
    a = array_utils.make_grad_input((2, 2, 3), dtype, seed=1)
    b = array_utils.make_grad_input((2, 3, 2), dtype, seed=2)
    gy = array_utils.make_grad_input((2, 2, 2), dtype, seed=3)
    array_utils.check_backward(chx.matmul, [a, b], [gy], dtype)


def test_matmul_gradient_of_mixed_dtypes_has_input_dtypes():
    a = chx.ones((2, 2, 3), 'float32').require_grad()
    b = chx.ones((3, 2), 'float64').require_grad()
    (a @ b).sum().backward()
    assert a.grad.dtype == numpy.float32 and b.grad.dtype == numpy.float64
    array_utils.assert_array_equal(b.grad, numpy.full((3, 2), 4, numpy.float64))
