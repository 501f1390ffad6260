"""Batched fused updates, chainerx._core._optimizers.Batch (Note [Batched updates] in routines/optimizer.h).

Inside a batch the update calls queue; the end of the block (or flush()) runs them, on CUDA several parameters per
launch (cuda/optimizer.cu, Note [Multi-tensor updates]). The results must be those of the same calls unbatched, for
any mix of shapes, layouts, dtypes and hyperparameters; errors raise at the call; nesting and threads keep their
own semantics. The launch counts are in test_cuda_host_waits.py.
"""

import threading

import numpy
import pytest

import chainerx as chx

import array_utils

_OPT = chx._core._optimizers


def _adam_args(t):
    alpha_t = 0.01 * numpy.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
    return (alpha_t, 0.9, 0.999, 1e-8, 1.0, 0.0, None, None)


# Parameter layouts: shape, and a view of the arrays (param, grad, states) made from contiguous NumPy data.
_LAYOUTS = [
    ((3, 5), None),
    ((), None),
    ((0, 4), None),
    ((5000,), None),  # more than one block of a multi-tensor launch
    ((4, 3), 'transposed'),  # every array a transposed view: not a table's
    ((2, 6), 'broadcast_grad'),  # grad broadcast from a row: not a table's
]


def _make(shape, layout, dtype, rng):
    """param, grad, m, v for Adam as chainerx arrays in the layout, and their NumPy copies (grad broadcast)."""
    data = [rng.uniform(-1, 1, shape).astype(dtype) for _ in range(2)] + [numpy.zeros(shape, dtype)] * 2
    if layout == 'broadcast_grad':
        data[1] = numpy.broadcast_to(data[1][:1], shape).copy()
    arrays = [chx.array(a) for a in data]
    if layout == 'transposed':
        arrays = [chx.array(a.T.copy()).T for a in data]
    elif layout == 'broadcast_grad':
        arrays[1] = chx.broadcast_to(chx.array(data[1][:1]), shape)
    return arrays, data


def _adam(arrays, t):
    param, grad, m, v = arrays
    _OPT.adam(param, grad, m, v, None, *_adam_args(t))


@pytest.mark.parametrize('dtypes', [('float32',), ('float16', 'float32', 'float64')])
def test_a_batch_matches_the_calls_unbatched(dtypes):
    rng = numpy.random.default_rng(0)
    batched, unbatched = [], []
    for i, (shape, layout) in enumerate(_LAYOUTS * 2):
        dtype = dtypes[i % len(dtypes)]
        arrays, data = _make(shape, layout, dtype, rng)
        batched.append(arrays)
        unbatched.append([chx.array(a) for a in data])
    for t in range(1, 4):
        with _OPT.Batch():
            for arrays in batched:
                _adam(arrays, t)
        for arrays in unbatched:
            _adam(arrays, t)
    for got, expected in zip(batched, unbatched):
        for a, b in zip(got, expected):
            # One formula either way; only the launch differs.
            numpy.testing.assert_array_equal(chx.to_numpy(a), chx.to_numpy(b))


def test_more_parameters_than_one_launch_takes():
    # 70 parameters: three tables of at most 32 on CUDA.
    rng = numpy.random.default_rng(1)
    params = [chx.array(rng.uniform(-1, 1, (i % 7 + 1, 3)).astype('float32')) for i in range(70)]
    expected = [chx.to_numpy(p) - 0.5 * 2 for p in params]
    with _OPT.Batch():
        for p in params:
            _OPT.sgd(p, chx.full(p.shape, 2, 'float32'), 0.5)
    for p, e in zip(params, expected):
        numpy.testing.assert_array_equal(chx.to_numpy(p), e)


def test_hyperparameters_that_change_between_calls_apply_to_their_own_calls():
    params = [chx.zeros((4,), 'float32') for _ in range(4)]
    with _OPT.Batch():
        for lr, p in zip([1.0, 1.0, 2.0, 1.0], params):
            _OPT.sgd(p, chx.ones((4,), 'float32'), lr)
        _OPT.momentum_sgd(params[0], chx.ones((4,), 'float32'), chx.zeros((4,), 'float32'), 0.5, 0.9)
    assert [float(p[0]) for p in params] == [-1.5, -1.0, -2.0, -1.0]


def test_updates_run_at_the_end_of_the_block_or_at_flush():
    p = chx.zeros((3,), 'float32')
    g = chx.ones((3,), 'float32')
    with _OPT.Batch() as batch:
        _OPT.sgd(p, g, 1.0)
        assert float(p[0]) == 0  # queued
        batch.flush()
        assert float(p[0]) == -1
        _OPT.sgd(p, g, 1.0)
    assert float(p[0]) == -2


def test_the_same_parameter_twice_in_a_batch_is_updated_twice_in_order():
    p = chx.ones((3,), 'float32')
    v = chx.zeros((3,), 'float32')
    with _OPT.Batch():
        _OPT.momentum_sgd(p, chx.ones((3,), 'float32'), v, 1.0, 0.5)  # v = -1, p = 0
        _OPT.sgd(p, chx.ones((3,), 'float32'), 1.0)  # p = -1
        _OPT.momentum_sgd(p, chx.ones((3,), 'float32'), v, 1.0, 0.5)  # v = -1.5, p = -2.5
    numpy.testing.assert_array_equal(chx.to_numpy(p), numpy.full((3,), -2.5, 'float32'))


def test_updates_that_touch_the_same_memory_keep_their_order():
    # One rule throughout: the same run of the queue, which a multi-tensor launch must not reorder or race.
    p = chx.zeros((4,), 'float32')
    q = chx.ones((4,), 'float32')
    g = chx.ones((4,), 'float32')
    with _OPT.Batch():
        _OPT.sgd(p, g, 1.0)
        _OPT.sgd(p, g, 1.0)  # the same parameter again
        _OPT.sgd(q, p, 1.0)  # reads what the update before wrote: q = 1 - (-2)
        _OPT.sgd(p[::-1], g, 1.0)  # a strided view of p (not a table's) after p's updates
        _OPT.sgd(q, p[::-1], 1.0)  # and q reading it: q = 3 - (-3)
    numpy.testing.assert_array_equal(chx.to_numpy(p), numpy.full((4,), -3, 'float32'))
    numpy.testing.assert_array_equal(chx.to_numpy(q), numpy.full((4,), 6, 'float32'))


def test_errors_raise_at_the_call_and_the_rest_still_runs():
    p = chx.zeros((3,), 'float32')
    with _OPT.Batch():
        _OPT.sgd(p, chx.ones((3,), 'float32'), 1.0)
        with pytest.raises(chx.DtypeError):
            _OPT.sgd(p, chx.ones((3,), 'float64'), 1.0)
        with pytest.raises(ValueError):
            _OPT.sgd(chx.broadcast_to(chx.zeros((1,), 'float32'), (3,)), chx.ones((3,), 'float32'), 1.0)
    assert float(p[0]) == -1


def test_an_exception_in_the_block_still_runs_what_was_queued():
    p = chx.zeros((3,), 'float32')
    with pytest.raises(KeyError):
        with _OPT.Batch():
            _OPT.sgd(p, chx.ones((3,), 'float32'), 1.0)
            raise KeyError('x')
    assert float(p[0]) == -1
    _OPT.sgd(p, chx.ones((3,), 'float32'), 1.0)  # no batch is left open
    assert float(p[0]) == -2


def test_nested_batches_run_at_the_outer_end_and_flush_runs_all():
    p = chx.zeros((3,), 'float32')
    g = chx.ones((3,), 'float32')
    with _OPT.Batch():
        _OPT.sgd(p, g, 1.0)
        with _OPT.Batch() as inner:
            _OPT.sgd(p, g, 1.0)
        assert float(p[0]) == 0
        with _OPT.Batch() as inner:
            inner.flush()
            assert float(p[0]) == -2
        _OPT.sgd(p, g, 1.0)
    assert float(p[0]) == -3


def test_run_unbatched_runs_the_queue_first_and_its_own_updates_at_their_call():
    p = chx.zeros((3,), 'float32')
    g = chx.ones((3,), 'float32')
    seen = []

    def unbatched():
        seen.append(float(p[0]))  # the queued update ran
        _OPT.sgd(p, g, 1.0)
        seen.append(float(p[0]))  # and this one at once
        return 'result'

    with _OPT.Batch() as batch:
        _OPT.sgd(p, g, 1.0)
        assert batch.run_unbatched(unbatched) == 'result'
        _OPT.sgd(p, g, 1.0)
        assert float(p[0]) == -2  # queued again
        with pytest.raises(KeyError):
            batch.run_unbatched(lambda: {}['missing'])
        _OPT.sgd(p, g, 1.0)
        assert float(p[0]) == -3  # the failed call ran the queue; queueing resumed after it
    assert seen == [-1.0, -2.0] and float(p[0]) == -4


def test_a_batch_is_of_its_own_thread():
    p = chx.zeros((3,), 'float32')
    seen = []

    def other():
        q = chx.zeros((3,), 'float32')
        _OPT.sgd(q, chx.ones((3,), 'float32'), 1.0)  # no batch open on this thread
        seen.append(float(q[0]))

    with _OPT.Batch():
        _OPT.sgd(p, chx.ones((3,), 'float32'), 1.0)
        thread = threading.Thread(target=other)
        thread.start()
        thread.join()
        assert float(p[0]) == 0
    assert seen == [-1.0] and float(p[0]) == -1


def test_misuse_of_a_batch_object():
    batch = _OPT.Batch()
    with pytest.raises(ValueError):
        batch.flush()  # not open
    with batch:
        with pytest.raises(ValueError):
            batch.__enter__()
    batch.__exit__(None, None, None)  # closing a closed batch does nothing
    with batch:  # and it opens again
        pass


@pytest.mark.parametrize('device', array_utils.DEVICES)
def test_a_batch_on_each_device(device):
    params = [chx.full((n,), 1, 'float32', device=device) for n in (1, 4, 5000)]
    with _OPT.Batch():
        for p in params:
            _OPT.sgd(p, chx.ones(p.shape, 'float32', device=device), 0.25)
    for p in params:
        numpy.testing.assert_array_equal(chx.to_numpy(p), numpy.full(p.shape, 0.75, 'float32'))
