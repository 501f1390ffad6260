"""linear(x, w, b=None, n_batch_axes=1) (spec A.12): y = x · wᵀ + b over x's trailing axes."""

import numpy
import pytest

import chainerx as chx

import array_utils

# (x shape, w shape, n_batch_axes): features are the product of x's axes after the batch axes.
_CASES = [
    ((3, 4), (2, 4), 1),
    ((3, 2, 2), (5, 4), 1),
    ((2, 3, 4), (5, 4), 2),
    ((2, 3), (4, 1), 2),
    ((0, 4), (2, 4), 1),
    ((3, 0), (2, 0), 1),
    # The shapes the native kernel computes without GEMM: one row (GEMV), one output column (GEMV),
    # one feature (an outer product).
    ((1, 5), (3, 5), 1),
    ((4, 5), (1, 5), 1),
    ((4, 1), (3, 1), 1),
]


def _expected(x, w, b, n_batch_axes):
    wide = numpy.float64 if w.dtype.kind == 'f' else numpy.int64
    x2 = x.reshape(x.shape[:n_batch_axes] + (w.shape[1],))
    y = numpy.dot(x2.astype(wide), w.T.astype(wide))
    return y if b is None else y + b


@pytest.mark.parametrize('x_shape,w_shape,n_batch_axes', _CASES)
@pytest.mark.parametrize('dtype', array_utils.NUMERIC_DTYPES)
@pytest.mark.parametrize('with_bias', [False, True])
def test_linear_matches_numpy(x_shape, w_shape, n_batch_axes, dtype, with_bias):
    x = array_utils.make_numpy(x_shape, dtype, seed=1)
    w = array_utils.make_numpy(w_shape, dtype, seed=2)
    b = array_utils.make_numpy(w_shape[:1], dtype, seed=3) if with_bias else None
    b_chx = None if b is None else chx.array(b)
    out = chx.linear(chx.array(x), chx.array(w), b_chx, n_batch_axes=n_batch_axes)
    tol = 1e-2 if dtype == 'float16' else None
    expected = _expected(x, w, b, n_batch_axes).astype(dtype)
    array_utils.assert_array_equal(out, expected, rtol=tol, atol=tol)


def test_linear_non_contiguous_mixed_dtypes():
    x = array_utils.make_numpy((4, 3), 'float32', seed=1)
    w = array_utils.make_numpy((4, 2), 'float64', seed=2)
    out = chx.linear(chx.array(x).T, chx.array(w).T)
    array_utils.assert_array_equal(out, numpy.dot(x.T.astype(numpy.float64), w))


# Operand layouts the kernel reads in place (transposed, row-padded) or must copy (strided both
# ways), for a general product and for the one-row and one-feature paths. Each entry slices a
# bigger array.
_LAYOUTS = {
    'transposed': lambda a: a.T,
    'padded_rows': lambda a: a[:, 1:],
    'strided': lambda a: a[::2, ::2],
}


@pytest.mark.parametrize('layout', sorted(_LAYOUTS))
@pytest.mark.parametrize('batch,features', [(3, 4), (1, 4), (3, 1)])
@pytest.mark.parametrize('dtype', ['float32', 'float64', 'int32'])
@pytest.mark.parametrize('reversed_bias', [False, True])
def test_linear_operand_layouts(layout, batch, features, dtype, reversed_bias):
    # On CUDA, a contiguous float32 bias goes to cuBLASLt's bias epilogue with the operands in place, a reversed one
    # to a copy of the bias and a GEMM (Note [Bias epilogue]).
    view = _LAYOUTS[layout]
    full_shape = {'transposed': lambda r, c: (c, r),
                  'padded_rows': lambda r, c: (r, c + 1),
                  'strided': lambda r, c: (2 * r, 2 * c)}[layout]
    x_base = array_utils.make_numpy(full_shape(batch, features), dtype, seed=1)
    w_base = array_utils.make_numpy(full_shape(5, features), dtype, seed=2)
    b = array_utils.make_numpy((5,), dtype, seed=3)
    x, w = view(x_base), view(w_base)
    bias = chx.array(b)[::-1] if reversed_bias else chx.array(b)
    out = chx.linear(view(chx.array(x_base)), view(chx.array(w_base)), bias)
    array_utils.assert_array_equal(out, _expected(x, w, chx.to_numpy(bias), 1).astype(dtype))


@pytest.mark.parametrize('x_shape,w_shape,b_shape,n_batch_axes', [
    ((3, 4), (2, 5), None, 1),
    ((3, 4), (2, 4, 1), None, 1),
    ((3, 4), (2, 4), (3,), 1),
    ((3, 4), (2, 4), None, 0),
    ((3, 4), (2, 4), None, 3),
])
def test_linear_bad_shapes_raise_dimension_error(x_shape, w_shape, b_shape, n_batch_axes):
    b = None if b_shape is None else chx.ones(b_shape, 'float32')
    with pytest.raises(chx.DimensionError):
        chx.linear(chx.ones(x_shape, 'float32'), chx.ones(w_shape, 'float32'), b, n_batch_axes)


@pytest.mark.parametrize('x_shape,w_shape,n_batch_axes', _CASES)
@pytest.mark.parametrize('with_bias', [False, True])
def test_linear_bool_is_or_of_ands(x_shape, w_shape, n_batch_axes, with_bias, device):
    # NumPy's bool dot: each output is the OR over (x AND w); a bool bias is ORed in.
    x = array_utils.make_numpy(x_shape, 'bool_', seed=1)
    w = array_utils.make_numpy(w_shape, 'bool_', seed=2)
    b = array_utils.make_numpy(w_shape[:1], 'bool_', seed=3) if with_bias else None
    x2 = x.reshape(x.shape[:n_batch_axes] + (w.shape[1],))
    expected = numpy.dot(x2, w.T) if b is None else numpy.dot(x2, w.T) | b
    out = chx.linear(chx.array(x), chx.array(w),
                     None if b is None else chx.array(b), n_batch_axes)
    array_utils.assert_array_equal(out, expected.astype(bool))
    reproducer = chx.linear(chx.ones((2, 3), 'bool'), chx.ones((4, 3), 'bool'))
    assert reproducer.dtype == numpy.bool_


@pytest.mark.parametrize('x_shape,w_shape,n_batch_axes', [
    ((3, 4), (2, 4), 1), ((2, 3, 2), (3, 2), 2), ((1, 4), (3, 4), 1), ((3, 1), (2, 1), 1),
])
def test_linear_gradients(x_shape, w_shape, n_batch_axes):
    def fn(x, w, b):
        return chx.linear(x, w, b, n_batch_axes)

    array_utils.check_grads(fn, [x_shape, w_shape, w_shape[:1]], 'float64')
    array_utils.check_grads(
        lambda x, w: chx.linear(x, w, n_batch_axes=n_batch_axes), [x_shape, w_shape], 'float64')


@pytest.mark.parametrize('batch', [1, 3])
@pytest.mark.parametrize('dtype', ['float16', 'float32'])
def test_linear_backward_lower_precision_smoke(batch, dtype):
    # First order only: float16 central differences are too coarse for the double-backward check.
    shapes = [(batch, 4), (3, 4), (3,)]
    xs = [array_utils.make_grad_input(shape, dtype, seed=i) for i, shape in enumerate(shapes)]
    gy = array_utils.make_grad_input((batch, 3), dtype, seed=9)
    array_utils.check_backward(lambda x, w, b: chx.linear(x, w, b), xs, [gy], dtype)


@pytest.mark.parametrize('batch', [1, 3])
def test_linear_weight_gradient_is_c_contiguous(batch):
    # The SGD update reads gw next to w; a transposed gw would make every update walk it in tiles.
    x = chx.array(array_utils.make_numpy((batch, 4), 'float32', seed=1))
    w = chx.array(array_utils.make_numpy((3, 4), 'float32', seed=2)).require_grad()
    chx.linear(x, w).sum().backward()
    assert w.grad.is_contiguous
    array_utils.assert_array_equal(w.grad, numpy.tile(chx.to_numpy(x).sum(axis=0), (3, 1)))


def _weight_and_bias_grads(x, w, b, gy):
    """w.grad and b.grad of linear(x, w, b) after backward from gy."""
    w.require_grad()
    b.require_grad()
    y = chx.linear(x, w, b)
    y.grad = gy
    y.backward()
    return w.grad, b.grad


@pytest.mark.parametrize('dtype', array_utils.FLOAT_DTYPES)
@pytest.mark.parametrize('layout', ['contiguous'] + sorted(_LAYOUTS))
@pytest.mark.parametrize('batch', [0, 1, 3, 17])
@pytest.mark.parametrize('gy_layout', ['contiguous', 'transposed'])
def test_linear_weight_and_bias_gradients_match_numpy(dtype, layout, batch, gy_layout):
    # Both read gy, and one kernel computes them where the backend can (Note [Weight and bias gradients]).
    view = _LAYOUTS.get(layout, lambda a: a)
    full_shape = {'transposed': lambda r, c: (c, r),
                  'padded_rows': lambda r, c: (r, c + 1),
                  'strided': lambda r, c: (2 * r, 2 * c)}.get(layout, lambda r, c: (r, c))
    x_base = array_utils.make_numpy(full_shape(batch, 4), dtype, seed=1)
    gy = array_utils.make_numpy((batch, 5), dtype, seed=2)
    gy_chx = chx.array(gy.T.copy()).T if gy_layout == 'transposed' else chx.array(gy)
    w = chx.array(array_utils.make_numpy((5, 4), dtype, seed=3))
    b = chx.array(array_utils.make_numpy((5,), dtype, seed=4))
    gw, gb = _weight_and_bias_grads(view(chx.array(x_base)), w, b, gy_chx)
    x = view(x_base).astype(numpy.float64)
    tol = 1e-2 if dtype == 'float16' else None
    array_utils.assert_array_equal(gw, numpy.dot(gy.T.astype(numpy.float64), x).astype(dtype), rtol=tol, atol=tol)
    array_utils.assert_array_equal(gb, gy.astype(numpy.float64).sum(axis=0).astype(dtype), rtol=tol, atol=tol)
    assert gw.is_contiguous and gw.dtype == w.dtype and gb.dtype == b.dtype


def test_linear_weight_and_bias_gradients_of_mixed_dtypes():
    # float32 x and w with a float64 bias compute in float64: each gradient comes back in its input's dtype.
    x = chx.array(array_utils.make_numpy((3, 4), 'float32', seed=1))
    w = chx.array(array_utils.make_numpy((2, 4), 'float32', seed=2))
    b = chx.array(array_utils.make_numpy((2,), 'float64', seed=3))
    gy = array_utils.make_numpy((3, 2), 'float64', seed=4)
    gw, gb = _weight_and_bias_grads(x, w, b, chx.array(gy))
    assert gw.dtype == numpy.float32 and gb.dtype == numpy.float64
    array_utils.assert_array_equal(gw, numpy.dot(gy.T, chx.to_numpy(x).astype(numpy.float64)).astype(numpy.float32))
    array_utils.assert_array_equal(gb, gy.sum(axis=0))


def test_linear_weight_and_bias_gradients_on_separate_graphs():
    # w needs its gradient on one graph, b on another: each backward computes only its own.
    x = chx.array(array_utils.make_numpy((3, 4), 'float32', seed=1))
    gy = array_utils.make_numpy((3, 2), 'float32', seed=4)
    with chx.backprop_scope('weight') as weight_graph, chx.backprop_scope('bias') as bias_graph:
        w = chx.array(array_utils.make_numpy((2, 4), 'float32', seed=2)).require_grad(weight_graph)
        b = chx.array(array_utils.make_numpy((2,), 'float32', seed=3)).require_grad(bias_graph)
        y = chx.linear(x, w, b)
        y.set_grad(chx.array(gy), weight_graph)
        y.set_grad(chx.array(gy), bias_graph)
        chx.backward(y, backprop_id=bias_graph)  # the inner graph first
        array_utils.assert_array_equal(b.get_grad(bias_graph), gy.sum(axis=0), rtol=1e-6)
        assert w.get_grad(weight_graph) is None
        chx.backward(y, backprop_id=weight_graph)
        array_utils.assert_array_equal(w.get_grad(weight_graph), numpy.dot(gy.T, chx.to_numpy(x)), rtol=1e-6)


@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_linear_weight_and_bias_gradients_first_and_second_order(dtype):
    # First order takes the one kernel of both gradients; double backward records them as routines instead.
    array_utils.check_grads(lambda x, w, b: chx.linear(x, w, b), [(5, 4), (3, 4), (3,)], dtype)
