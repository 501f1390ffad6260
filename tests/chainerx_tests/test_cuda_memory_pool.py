"""The CUDA memory pool's controls (chainerx._cuda), and a steady training loop that reaches cudaMalloc only
in its first iteration (Note [CUDA memory pool]). The GPU tests skip without a GPU; the pool's bookkeeping is
covered without one by chainerx/cuda/memory_pool_test.cc."""

import os
import subprocess
import sys

import numpy
import pytest

import chainerx as chx

import array_utils

requires_gpu = pytest.mark.skipif(array_utils.CUDA_DEVICE_COUNT == 0, reason='no CUDA device')
# tools/pytest_asan.sh --emulated turns the caching off (every array its own cudaMalloc).
requires_caching = pytest.mark.skipif(os.environ.get('CHAINERX_CUDA_MEMORY_CACHING') == '0',
                                      reason='CHAINERX_CUDA_MEMORY_CACHING=0: the pool does not cache')
_FUNCTIONS = [
    lambda: chx._cuda.memory_pool_stats('cuda:0'),
    lambda: chx._cuda.free_all_blocks('cuda:0'),
    lambda: chx._cuda.set_memory_limit(None, 'cuda:0'),
]


@pytest.mark.parametrize('call', _FUNCTIONS)
def test_controls_need_a_cuda_device(call):
    if array_utils.CUDA_DEVICE_COUNT > 0:
        pytest.skip('a GPU is present')
    with pytest.raises(chx.ChainerxError):  # BackendError without the backend, DeviceError without a GPU
        call()


def test_a_negative_limit_is_refused():
    with pytest.raises(ValueError, match='>= 0'):
        chx._cuda.set_memory_limit(-1, 'cuda:0')


def test_controls_refuse_a_native_device():
    try:
        chx.get_backend('cuda')
    except chx.BackendError:
        with pytest.raises(chx.BackendError, match='no CUDA backend'):
            chx._cuda.memory_pool_stats('native:0')
    else:
        with pytest.raises(chx.DeviceError, match='native:0 is not a CUDA device'):
            chx._cuda.memory_pool_stats('native:0')


def _mlp_step(x, t, params):
    w1, b1, w2, b2 = params
    h = chx.relu(chx.linear(x, w1, b1))
    loss = chx.softmax_cross_entropy(chx.linear(h, w2, b2), t).mean()
    loss.backward()
    for p in params:
        p.cleargrad()


@requires_gpu
@requires_caching
def test_a_steady_training_loop_allocates_no_new_segments():
    rng = numpy.random.default_rng(0)
    params = [chx.array(rng.standard_normal(shape).astype('float32'), device='cuda:0').require_grad()
              for shape in ((100, 784), (100,), (10, 100), (10,))]
    counts = []
    for _ in range(5):
        x = chx.array(rng.standard_normal((32, 784)).astype('float32'), device='cuda:0')
        t = chx.array(rng.integers(0, 10, 32), device='cuda:0')
        _mlp_step(x, t, params)
        chx.get_device('cuda:0').synchronize()
        counts.append(chx._cuda.memory_pool_stats('cuda:0')['malloc_count'])
    assert counts[0] > 0
    assert counts[1:] == [counts[0]] * 4


@requires_gpu
@requires_caching
def test_stats_free_all_blocks_and_limit():
    device = chx.get_device('cuda:0')
    a = chx.zeros((1 << 20,), 'float32', device=device)  # 4 MiB: a segment of its own
    stats = chx._cuda.memory_pool_stats(device)
    assert set(stats) == {'malloc_count', 'free_count', 'used_bytes', 'cached_bytes', 'peak_cached_bytes', 'limit'}
    assert stats['used_bytes'] >= 4 << 20 and stats['cached_bytes'] >= stats['used_bytes']
    assert stats['limit'] is None
    del a
    cached = chx._cuda.memory_pool_stats(device)['cached_bytes']
    chx._cuda.free_all_blocks(device)
    assert chx._cuda.memory_pool_stats(device)['cached_bytes'] <= cached - (4 << 20)

    chx._cuda.set_memory_limit(chx._cuda.memory_pool_stats(device)['cached_bytes'] + (8 << 20), device)
    try:
        with pytest.raises(chx.ChainerxError, match='out of device memory'):
            chx.zeros((16 << 20,), 'float32', device=device)  # 64 MiB
        chx.zeros((1 << 20,), 'float32', device=device)  # within the limit
    finally:
        chx._cuda.set_memory_limit(None, device)
    assert chx._cuda.memory_pool_stats(device)['limit'] is None


_UNCACHED_SCRIPT = """
import chainerx as chx
stats = chx._cuda.memory_pool_stats
before = stats('cuda:0')
a = chx.zeros((1000,), 'float32', device='cuda:0')
b = chx.zeros((3,), 'float32', device='cuda:0')
held = stats('cuda:0')
del a, b
after = stats('cuda:0')
print(held['malloc_count'] - before['malloc_count'], held['used_bytes'] - before['used_bytes'],
      held['cached_bytes'] - held['used_bytes'], after['free_count'] - held['free_count'],
      after['cached_bytes'] - before['cached_bytes'])
"""


@requires_gpu
def test_without_caching_every_array_is_an_exact_allocation():
    env = dict(os.environ, CHAINERX_CUDA_MEMORY_CACHING='0')
    out = subprocess.run([sys.executable, '-c', _UNCACHED_SCRIPT], env=env, capture_output=True, text=True, check=True)
    # Two allocations of exactly 4000 and 12 bytes, nothing held beyond them, both returned at once.
    assert out.stdout.split() == ['2', '4012', '0', '2', '0']


@requires_gpu
def test_cupy_allocates_from_the_pool():
    cupy = pytest.importorskip('cupy')
    previous = cupy.cuda.get_allocator()
    chx._cuda.cupy_share_allocator()
    try:
        before = chx._cuda.memory_pool_stats('cuda:0')['used_bytes']
        c = cupy.arange(1 << 20, dtype=cupy.float32)
        assert chx._cuda.memory_pool_stats('cuda:0')['used_bytes'] >= before + (4 << 20)
        assert float(c.sum()) == float(numpy.arange(1 << 20, dtype=numpy.float32).sum())
        del c
        assert chx._cuda.memory_pool_stats('cuda:0')['used_bytes'] == before
    finally:
        cupy.cuda.set_allocator(previous)


def test_cuda_array_interface_is_absent_on_native_arrays():
    a = chx.zeros((2, 3), device='native:0')
    assert not hasattr(a, '__cuda_array_interface__')
    with pytest.raises(AttributeError, match='native:0'):
        a.__cuda_array_interface__


@requires_gpu
def test_cuda_array_interface_describes_the_device_memory():
    a = chx.arange(12, dtype='float32', device='cuda:0').reshape(3, 4)[:, 1::2]
    interface = a.__cuda_array_interface__
    assert interface['shape'] == (3, 2) and interface['strides'] == (16, 8) and interface['typestr'] == '<f4'
    assert interface['data'] == (a.data_ptr + a.offset, False) and interface['version'] == 3
    assert chx.zeros((0,), device='cuda:0').__cuda_array_interface__['data'][0] == 0
    cupy = pytest.importorskip('cupy')
    numpy.testing.assert_array_equal(cupy.asnumpy(cupy.asarray(a)), chx.to_numpy(a))
