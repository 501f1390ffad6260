"""The 'pure_nccl' communicator: NCCL on GPUs (skipped without CuPy and a GPU), a clear error
otherwise."""

import numpy
import pytest

import chainer
import chainermn


def _gpu_count():
    try:
        import cupy
        return cupy.cuda.runtime.getDeviceCount()
    except Exception:  # NOQA: no CuPy, no driver, no device
        return 0


def test_without_a_gpu_the_error_says_what_is_missing():
    if _gpu_count():
        pytest.skip('a GPU is present')
    with pytest.raises(RuntimeError, match="'pure_nccl' needs"):
        chainermn.create_communicator('pure_nccl')


@pytest.mark.parametrize('grad_dtype', [None, numpy.float16])
def test_mean_of_gpu_gradients(grad_dtype):
    if not _gpu_count():
        pytest.skip('needs CuPy and a GPU')
    comm = chainermn.create_communicator('pure_nccl', allreduce_grad_dtype=grad_dtype)
    import cupy
    cupy.cuda.Device(comm.intra_rank % _gpu_count()).use()
    model = chainer.links.Linear(3, 2)
    model.to_device('@cupy:{}'.format(comm.intra_rank % _gpu_count()))
    comm.bcast_data(model)
    model.cleargrads()
    x = model.xp.full((4, 3), comm.rank + 1, numpy.float32)
    chainer.functions.sum(model(x)).backward()
    comm.multi_node_mean_grad(model)
    mean = sum(range(1, comm.size + 1)) / comm.size * 4
    numpy.testing.assert_allclose(cupy.asnumpy(model.W.grad), numpy.full((2, 3), mean), rtol=1e-3)
    everyone = comm.allgather_obj(cupy.asnumpy(model.W.array))
    for w in everyone[1:]:
        numpy.testing.assert_array_equal(w, everyone[0])
    comm.finalize()
