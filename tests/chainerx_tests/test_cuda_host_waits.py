"""Where the host waits for a CUDA device: only where results reach the host (item, to_numpy, repr), never in a
training step's kernels. A wait costs a GPU its queue: the device idles while the host issues the next kernels.

The waits are counted by the CUDA backend built for the host (Note [Deferred device work] in
chainerx/cuda/emulation/queue.h), which exports the count; elsewhere (native, or a real GPU) these tests skip.
"""

import ctypes

import numpy
import pytest

import chainerx as chx

import array_utils


def _host_wait_counter():
    if array_utils.CUDA_DEVICE_COUNT == 0:
        return None
    import chainerx._core as core
    try:
        counter = ctypes.CDLL(core.__file__).chainerx_cuda_emulation_host_waits
    except (OSError, AttributeError):
        return None
    counter.restype = ctypes.c_uint64
    return counter


_COUNTER = _host_wait_counter()
pytestmark = pytest.mark.skipif(_COUNTER is None, reason='needs the emulated CUDA backend, which counts host waits')


def _waits(fn):
    before = _COUNTER()
    fn()
    return _COUNTER() - before


def _mlp(rng):
    return [chx.array(rng.standard_normal(shape).astype('float32') * 0.1, device='cuda:0').require_grad()
            for shape in ((100, 784), (100,), (10, 100), (10,))]


def _sgd_step(params, loss):
    loss.backward()
    with chx.no_backprop_mode():
        for p in params:
            p -= 0.01 * p.grad
    for p in params:
        p.cleargrad()


def _batch(rng):
    # Sent from NumPy as a data loader's batch is: an asynchronous copy through a pinned staging buffer.
    x = chx.array(rng.standard_normal((32, 784)).astype('float32'), device='cuda:0')
    t = chx.array(rng.integers(0, 10, 32), device='cuda:0')
    return x, t


def _logits(params, x):
    w1, b1, w2, b2 = params
    return chx.linear(chx.relu(chx.linear(x, w1, b1)), w2, b2)


def test_a_regression_training_step_never_waits():
    rng = numpy.random.default_rng(0)
    params = _mlp(rng)

    def step():
        x, _ = _batch(rng)
        y = _logits(params, x)
        _sgd_step(params, (y * y).mean())

    step()  # the first step allocates and fills the pools
    chx.get_device('cuda:0').synchronize()
    assert [_waits(step) for _ in range(3)] == [0, 0, 0]


def test_a_classifier_step_never_waits():
    # softmax_cross_entropy leaves its labels unchecked on a GPU, and embed_id's take wraps (IndexBoundsMode).
    rng = numpy.random.default_rng(0)
    params = _mlp(rng)
    embeddings = chx.array(rng.standard_normal((50, 784)).astype('float32'), device='cuda:0').require_grad()

    def step():
        x, t = _batch(rng)
        words = chx.array(rng.integers(0, 50, 32), device='cuda:0')
        x = x + chx.take(embeddings, words, axis=0) + embeddings[words]
        _sgd_step(params + [embeddings], chx.softmax_cross_entropy(_logits(params, x), t).mean())

    step()
    chx.get_device('cuda:0').synchronize()
    assert [_waits(step) for _ in range(3)] == [0, 0, 0]


@pytest.mark.parametrize('read', [
    lambda a: a.item(),
    lambda a: float(a),
    lambda a: chx.to_numpy(a),
    lambda a: numpy.asarray(a),
    lambda a: repr(a),
    lambda a: a.to_device('native:0'),
    lambda a: a.device.synchronize(),
])
def test_results_reaching_the_host_wait(read):
    a = chx.exp(chx.arange(1, dtype='float32', device='cuda:0'))
    assert _waits(lambda: read(a)) >= 1
