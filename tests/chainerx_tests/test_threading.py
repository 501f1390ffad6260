"""Multithreaded native kernels, the GIL release around large operations and the native memory pool.

Elementwise kernels split arrays of 64K elements and more across the thread pool
(native/parallel.h) and walk transposed operands in tiles (native/elementwise.h); results must not
depend on the thread count, whatever the layout (partial rows and tiles, transposed and broadcast
operands). Routines on such arrays run without the GIL.
"""

import os
import threading
import time

import numpy
import pytest

import chainerx as chx

import array_utils

_core = chx._core
_LARGE = 1 << 17  # twice the parallel threshold of native/parallel.h, so at least two chunks


@pytest.fixture(autouse=True)
def restore_num_threads():
    orig = _core._get_num_threads()
    yield
    _core._set_num_threads(orig)


def _transposed(a, xp):
    return a.T


def _broadcast_row(a, xp):
    return xp.broadcast_to(a, (300, 301))


def _every_other(a, xp):
    # (2, n) view whose rows have a stride of two elements: a strided operand with partial rows.
    return a.reshape((a.size // 2, 2)).T


def _swap_last(a, xp):
    return xp.transpose(a, (0, 1, 3, 2))


def _axes_rotated(a, xp):
    return xp.transpose(a, (2, 0, 1))


# (name, chainerx function, NumPy function, shapes of the operands, operand views, dtypes)
# Shapes are chosen so that chunk boundaries fall inside rows, and views make operands strided.
_CASES = (
    ('add', lambda x, y: x + y, lambda x, y: x + y, ((3, _LARGE // 3 + 1),) * 2, (None, None),
     ('int32', 'float32', 'float64', 'float16')),
    ('multiply_transposed', chx.multiply, numpy.multiply, ((517, 263), (263, 517)), (None, _transposed),
     ('float32', 'int64', 'uint8')),
    ('subtract_broadcast', chx.subtract, numpy.subtract, ((300, 301), (1, 301)), (None, None),
     ('float64', 'int16')),
    ('add_broadcast_view', chx.add, numpy.add, ((300, 301), (1, 301)), (None, _broadcast_row),
     ('float32',)),
    ('multiply_scalar', lambda x: x * 3, lambda x: x * x.dtype.type(3), ((_LARGE + 7,),), (None,),
     ('float32', 'int32')),
    ('divide', chx.divide, numpy.divide, ((_LARGE + 7,),) * 2, (None, None), ('float64',)),
    ('exp_strided', chx.exp, numpy.exp, ((2 * _LARGE + 2,),), (_every_other,), ('float32', 'float64')),
    ('negative_3d', chx.negative, numpy.negative, ((7, 130, 150),), (_axes_rotated,),
     ('int8', 'float32')),
    ('copy', chx.copy, numpy.copy, ((_LARGE + 1,),), (None,), ('bool_', 'float64')),
    # Transposed operands are walked in 64x64 tiles, also below the parallel threshold.
    ('add_transposed_small', chx.add, numpy.add, ((100, 130), (130, 100)), (None, _transposed),
     ('float32', 'int8')),
    ('add_transposed_4d', chx.add, numpy.add, ((2, 3, 70, 300), (2, 3, 300, 70)), (None, _swap_last),
     ('float64',)),
)


def _operands(shapes, views, dtype):
    arrays = [array_utils.make_numpy(shape, dtype, seed=i) for i, shape in enumerate(shapes)]
    nps = [a if view is None else view(a, numpy) for a, view in zip(arrays, views)]
    chxs = [chx.array(a) if view is None else view(chx.array(a), chx) for a, view in zip(arrays, views)]
    return nps, chxs


@pytest.mark.parametrize('name,fn,np_fn,shapes,views,dtypes', _CASES, ids=[c[0] for c in _CASES])
def test_elementwise_results_do_not_depend_on_thread_count(name, fn, np_fn, shapes, views, dtypes):
    for dtype in dtypes:
        nps, chxs = _operands(shapes, views, dtype)
        expected = np_fn(*nps)
        results = []
        for threads in (1, 4, 3):
            _core._set_num_threads(threads)
            out = fn(*chxs)
            results.append(chx.to_numpy(out))
            array_utils.assert_array_equal(out, expected, dtype=out.dtype)
        for other in results[1:]:
            numpy.testing.assert_array_equal(other, results[0])


# Matrix products of at least 2^18 multiply-adds are split over the pool in blocks of 16 output columns (when
# m <= n) or rows (Note [BLAS threading] in native/blas.cc). The shapes put the split on either side, with
# extents that are not multiples of 16, stored-transposed operands, a bias (accumulating GEMM) and the
# matrix-vector products of linear with one row or one output. Products of exact values (multiples of 1/8
# below 2) are exact in float64, so thread counts must agree bit for bit.
_MATMUL_CASES = (
    # (m, k, n, transpose a, transpose b)
    (33, 300, 517, False, False),    # columns
    (517, 300, 33, False, False),    # rows
    (517, 300, 33, True, True),
    (40, 257, 1001, True, False),
    (1001, 257, 40, False, True),
)


def _exact(shape, seed):
    return numpy.random.default_rng(seed).integers(0, 16, shape).astype('float64') / 8


@pytest.mark.parametrize('m,k,n,trans_a,trans_b', _MATMUL_CASES)
@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_matrix_products_do_not_depend_on_thread_count(m, k, n, trans_a, trans_b, dtype):
    a_np = _exact((k, m) if trans_a else (m, k), 0).astype(dtype)
    b_np = _exact((n, k) if trans_b else (k, n), 1).astype(dtype)
    bias_np = _exact((n,), 2).astype(dtype)
    a_op = (lambda x: x.T) if trans_a else (lambda x: x)
    b_op = (lambda x: x.T) if trans_b else (lambda x: x)
    expected_dot = a_op(a_np) @ b_op(b_np)
    for threads in (1, 2, 3):
        _core._set_num_threads(threads)
        a, b, bias = chx.array(a_np), chx.array(b_np), chx.array(bias_np)
        numpy.testing.assert_array_equal(chx.to_numpy(chx.dot(a_op(a), b_op(b))), expected_dot)
        # linear(x, w, bias) = x · wᵀ + bias with w = op(b)ᵀ (n, k)
        out = chx.linear(a_op(a), b_op(b).T, bias)
        numpy.testing.assert_array_equal(chx.to_numpy(out), expected_dot + bias_np)


@pytest.mark.parametrize('rows,cols', [(1, 3001), (3001, 1)])
def test_matrix_vector_products_do_not_depend_on_thread_count(rows, cols):
    k = 517  # 3001 x 517 multiply-adds: split
    x_np, w_np, b_np = _exact((rows, k), 3), _exact((cols, k), 4), _exact((cols,), 5)
    for w_view in (lambda w: w, lambda w: chx.array(chx.to_numpy(w).T.copy()).T):  # stored (cols, k) or (k, cols)
        for threads in (1, 2, 3):
            _core._set_num_threads(threads)
            out = chx.linear(chx.array(x_np), w_view(chx.array(w_np)), chx.array(b_np))
            numpy.testing.assert_array_equal(chx.to_numpy(out), x_np @ w_np.T + b_np)


def test_lapack_routines_run_with_several_threads_and_restore_blas_afterwards():
    a_np = _exact((300, 300), 6) + 300 * numpy.eye(300)  # diagonally dominant: well conditioned
    for threads in (1, 2):
        _core._set_num_threads(threads)
        inv = chx.to_numpy(chx.linalg.inv(chx.array(a_np)))
        numpy.testing.assert_allclose(inv @ a_np, numpy.eye(300), atol=1e-12)
        a = chx.array(a_np)
        numpy.testing.assert_array_equal(chx.to_numpy(chx.dot(a, a)), a_np @ a_np)


def _reduction_at_each_thread_count(reduction, a_np, axis, view):
    """The reduction of chx.array(a_np) (through `view`) at 1, 2 and 3 threads, which must agree to the bit; returns
    it with the NumPy operand it stands for."""
    a = chx.array(a_np)
    if view is not None:
        a, a_np = view(a, chx), view(a_np, numpy)
    results = []
    for threads in (1, 2, 3):
        _core._set_num_threads(threads)
        results.append(chx.to_numpy(getattr(chx, reduction)(a, axis=axis)))
    for other in results[1:]:
        numpy.testing.assert_array_equal(other, results[0])
    return results[0], a_np


# Reductions whose runs are reduced and whose outer axes mix kept and reduced ones (batch normalisation's statistics)
# split the kept positions across threads, the kept axes moved first (Note [Kept axes first] in native/reduce.h);
# each accumulator takes the same runs in the same order. Random values, so that another order would show in the bits.
@pytest.mark.parametrize('reduction', ['sum', 'amax', 'mean', 'var'])
@pytest.mark.parametrize('shape,axis,view', [
    ((16, 24, 1000), (0, 2), None),  # NCHW statistics, H and W merged
    ((6, 10, 33, 130), (0, 2, 3), None),
    ((40, 7, 900), (1, 2), lambda a, xp: a[::-1, :, 1:]),  # the kept axis outermost, reversed
    ((9, 700, 40), (0, 1), _axes_rotated),  # (40, 9, 700) view: kept axis strided
])
@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_reductions_over_mixed_outer_axes_do_not_depend_on_thread_count(reduction, shape, axis, view, dtype):
    a_np = numpy.random.default_rng(8).standard_normal(shape).astype(dtype)
    result, a_np = _reduction_at_each_thread_count(reduction, a_np, axis, view)
    tolerance = {'rtol': 1e-4, 'atol': 1e-3} if dtype == 'float32' else {'rtol': 1e-12, 'atol': 1e-10}
    numpy.testing.assert_allclose(result, getattr(numpy, reduction)(a_np, axis=axis), **tolerance)


# Reductions whose runs keep their axis (sum over the batch axis) split the kept columns across threads; each
# output is still accumulated by one thread in the same order, so every thread count gives the same bits.
@pytest.mark.parametrize('reduction', ['sum', 'max', 'mean'])
@pytest.mark.parametrize('shape,axis,view', [
    ((517, 301), 0, None),
    ((5, 517, 61), (0, 1), None),
    ((301, 517), 1, _transposed),  # a (517, 301) view whose kept axis is strided
])
@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_reductions_keeping_the_run_axis_do_not_depend_on_thread_count(reduction, shape, axis, view, dtype):
    a_np = _exact(shape, 7).astype(dtype) - 1
    result, a_np = _reduction_at_each_thread_count(reduction, a_np, axis, view)
    numpy.testing.assert_allclose(result, getattr(numpy, reduction)(a_np, axis=axis), rtol=1e-6)


def test_inplace_add_above_threshold():
    for threads in (1, 4):
        _core._set_num_threads(threads)
        a_np = array_utils.make_numpy((_LARGE + 3,), 'float32')
        a = chx.array(a_np)
        a += chx.array(a_np)
        a *= 2
        array_utils.assert_array_equal(a, a_np * 4)


def test_set_num_threads():
    _core._set_num_threads(3)
    assert _core._get_num_threads() == 3
    _core._set_num_threads(1)
    assert _core._get_num_threads() == 1
    with pytest.raises(chx.ChainerxError):
        _core._set_num_threads(0)
    assert _core._get_num_threads() == 1


def _kernel_windows(fn, min_total_s):
    """Calls fn repeatedly until min_total_s were spent inside it; returns its (enter, exit) times."""
    windows, total = [], 0.0
    while total < min_total_s:
        enter = time.perf_counter()
        fn()
        leave = time.perf_counter()
        windows.append((enter, leave))
        total += leave - enter
    return windows


def _ran_during_calls(fn, min_total_s=0.3):
    """Whether this thread kept running while another thread was inside calls of fn.

    This thread samples the clock every millisecond while the other calls fn repeatedly. Had a
    call held the GIL, a sample could land inside it only before the call entered C++ (one per
    call at most, unless the OS kept the caller waiting); so samples in the second halves of the
    calls, several per call on average, show that the calls released the GIL.
    """
    windows, samples, done = [], [], threading.Event()

    def run_calls():
        try:
            windows.extend(_kernel_windows(fn, min_total_s))
        finally:
            done.set()

    thread = threading.Thread(target=run_calls)
    thread.start()
    while not done.is_set():
        samples.append(time.perf_counter())
        time.sleep(0.001)
    thread.join()
    inside = [t for t in samples for enter, leave in windows if (enter + leave) / 2 < t < leave]
    return len(inside) > 2 * len(windows)


def test_large_kernel_releases_the_gil():
    # On native:0, where kernels run in the call (on a GPU they return once queued: see the next test).
    _core._set_num_threads(1)  # long calls
    x = chx.array(array_utils.make_numpy((1 << 23,), 'float64'), device='native:0')
    assert _ran_during_calls(lambda: chx.exp(x)), 'the GIL was held during exp'
    assert _ran_during_calls(lambda: x * x + x), 'the GIL was held during * or +'


@pytest.mark.skipif(os.environ.get('CHAINERX_CUDA_MEMORY_CACHING') == '0',
                    reason='uncached, freeing a temporary is a cudaFree, which waits holding the GIL')
def test_waiting_for_the_device_releases_the_gil():
    # On the default device; on a GPU the host waits in item(), synchronize() and to_numpy rather than in the kernels.
    _core._set_num_threads(1)
    x = chx.array(array_utils.make_numpy((1 << 23,), 'float64'))
    assert _ran_during_calls(lambda: chx.exp(x).sum().item()), 'the GIL was held while item() waited'
    assert _ran_during_calls(lambda: (chx.exp(x), x.device.synchronize())), 'the GIL was held in synchronize()'
    assert _ran_during_calls(lambda: chx.to_numpy(chx.exp(x)[:4])), 'the GIL was held while to_numpy waited'


def test_gil_check_detects_a_held_gil():
    # Control for the tests above: astype is bound without CallReleasingGil, so it keeps the GIL.
    x = chx.array(array_utils.make_numpy((1 << 23,), 'float64'), device='native:0')
    assert not _ran_during_calls(lambda: x.astype('float32'))


def test_memory_pool_reuses_and_frees():
    _core._native_memory_pool_free_all()
    assert _core._native_memory_pool_cached_bytes() == 0
    a = chx.ones((1000,), 'float32', device='native:0')  # the default device may be cuda:0
    del a
    assert _core._native_memory_pool_cached_bytes() >= 4000
    b = chx.ones((1000,), 'float32', device='native:0')  # reuses the block
    assert _core._native_memory_pool_cached_bytes() == 0
    array_utils.assert_array_equal(b, numpy.ones((1000,), 'float32'))
    del b
    _core._native_memory_pool_free_all()
    assert _core._native_memory_pool_cached_bytes() == 0


# Note [Deterministic threaded reductions]: a reduction along one long run (sum of a whole contiguous array)
# is a pairwise tree whose subtrees run on the pool, and runs with one accumulator each (sums over the last
# axis) are split across threads whole; both give bit-identical results for any thread count. Random
# (inexact) values, so a different summation order would show.
@pytest.mark.parametrize('name', ['sum', 'mean', 'nansum', 'amax', 'amin'])
@pytest.mark.parametrize('shape,axis', [
    (((1 << 20) + 3,), None), (((1 << 18) + 1, 3), None), ((3, (1 << 18) + 1), None),
    ((64, 40001), -1), ((40001, 64), 0), ((64, 40001), None)])
@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_reductions_do_not_depend_on_thread_count(name, shape, axis, dtype):
    a = numpy.random.default_rng(0).standard_normal(shape).astype(dtype)
    results = []
    for threads in (1, 2, 3, 16):
        _core._set_num_threads(threads)
        out = getattr(chx, name)(chx.array(a), axis=axis)
        results.append(chx.to_numpy(out))
    for other in results[1:]:
        numpy.testing.assert_array_equal(other, results[0])
    # (sums down the columns of a tall float32 matrix accumulate row by row: a looser bound)
    expected = getattr(numpy, name)(a.astype('float64'), axis=axis)
    numpy.testing.assert_allclose(results[0], expected, rtol=1e-4 if dtype == 'float32' else 1e-12,
                                  atol=1e-2 if dtype == 'float32' else 1e-9)


@pytest.mark.parametrize('dtype', ['float32', 'float64'])
@pytest.mark.parametrize('name', ['softmax', 'log_softmax', 'layer_norm'])
def test_row_kernels_do_not_depend_on_the_thread_count(name, dtype):
    # Note [Native softmax rows] and Note [Native layer normalization]: rows over the pool, each row's sums in order,
    # and gamma's and beta's gradients by ranges of columns over every row in order.
    x = array_utils.make_numpy((3000, 70), dtype)
    gy = array_utils.make_numpy((3000, 70), dtype, seed=1)
    gamma, beta = array_utils.make_numpy((70,), dtype, seed=2), array_utils.make_numpy((70,), dtype, seed=3)
    results = []
    for threads in (1, 2, 3):
        _core._set_num_threads(threads)
        inputs = [chx.array(a).require_grad() for a in (x, gamma, beta)]
        if name == 'layer_norm':
            y = _core._layer_norm(*inputs)
        else:
            y = getattr(chx, name)(inputs[0], 1)
        grads = chx.grad([y], inputs if name == 'layer_norm' else inputs[:1], grad_outputs=[chx.array(gy)])
        results.append([chx.to_numpy(a) for a in [y] + list(grads)])
    for other in results[1:]:
        for a, b in zip(results[0], other):
            numpy.testing.assert_array_equal(a, b)


@pytest.mark.parametrize('stride,cover_all', [(1, False), (2, True)])
def test_depthwise_convolutions_do_not_depend_on_thread_count(stride, cover_all):
    # Native depthwise kernels spread images x channels (the weight gradient: channels) over the pool (Note [Native
    # depthwise convolution]); each output and gradient is summed in one order.
    rng = numpy.random.default_rng(0)
    x_np = rng.standard_normal((4, 6, 9, 37)).astype('float32')
    w_np = rng.standard_normal((12, 1, 3, 5)).astype('float32')
    results = []
    for threads in (1, 4, 3):
        _core._set_num_threads(threads)
        x, w = chx.array(x_np).require_grad(), chx.array(w_np).require_grad()
        y = chx.conv(x, w, None, stride, 1, cover_all, 6)
        gx, gw = chx.grad([y], [x, w], grad_outputs=[chx.ones_like(y)])
        results.append([chx.to_numpy(a) for a in (y, gx, gw)])
    for other in results[1:]:
        for a, b in zip(other, results[0]):
            numpy.testing.assert_array_equal(a, b)
