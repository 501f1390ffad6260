"""MultiNodeBatchNormalization: training with the statistics of every rank's batch together."""

import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
import chainermn
from chainermn import links as mn_links


def _host(x):
    return chainer.backend.CpuDevice().send(x)


def _batch(rank, shape, dtype):
    rng = numpy.random.RandomState(rank)
    return (rng.randn(*shape) * (rank + 1) + rank).astype(dtype)


@pytest.mark.parametrize('dtype', ['float32', 'float64'])
@pytest.mark.parametrize('shape', [(3, 4), (2, 4, 3, 5)])
def test_matches_one_process_on_the_global_batch(comm, kind, make_array, dtype, shape):
    # every rank's batch differs in size: rank r has r + 2 examples
    local_shape = (comm.rank + 2,) + shape[1:]
    x_local = _batch(comm.rank, local_shape, dtype)
    gy_local = _batch(100 + comm.rank, local_shape, dtype)
    xs = comm.allgather_obj(x_local)
    gys = comm.allgather_obj(gy_local)
    mnbn = mn_links.MultiNodeBatchNormalization(shape[1], comm, dtype=dtype)
    bn = L.BatchNormalization(shape[1], dtype=dtype)
    numpy.random.seed(0)
    for link in (mnbn, bn):
        link.gamma.array[...] = numpy.linspace(0.5, 1.5, shape[1]).astype(dtype)
        link.beta.array[...] = numpy.linspace(-1, 1, shape[1]).astype(dtype)
        if kind == 'chainerx':
            link.to_device('native:0')
    x = chainer.Variable(make_array(x_local))
    y = mnbn(x)
    F.sum(y * make_array(gy_local)).backward()
    # the reference: one BatchNormalization over the concatenation of all ranks' batches
    x_all = chainer.Variable(make_array(numpy.concatenate(xs)))
    y_all = bn(x_all)
    F.sum(y_all * make_array(numpy.concatenate(gys))).backward()
    start = sum(len(v) for v in xs[:comm.rank])
    rtol = 1e-4 if dtype == 'float32' else 1e-10
    mine = slice(start, start + len(x_local))
    numpy.testing.assert_allclose(_host(y.array), _host(y_all.array)[mine], rtol=rtol, atol=rtol)
    numpy.testing.assert_allclose(_host(x.grad), _host(x_all.grad)[mine], rtol=rtol, atol=rtol)
    # gamma/beta gradients: this rank's share; their sum over ranks is the one-process gradient
    for name in ('gamma', 'beta'):
        total = sum(comm.allgather_obj(_host(getattr(mnbn, name).grad)))
        numpy.testing.assert_allclose(total, _host(getattr(bn, name).grad), rtol=rtol, atol=rtol)
    for name in ('avg_mean', 'avg_var'):
        numpy.testing.assert_allclose(_host(getattr(mnbn, name)), _host(getattr(bn, name)),
                                      rtol=rtol, atol=rtol)


def test_test_mode_uses_the_running_statistics(flat_comm):
    mnbn = mn_links.MultiNodeBatchNormalization(3, flat_comm)
    mnbn.avg_mean[...] = 1.0
    x = numpy.full((2, 3), 3.0, numpy.float32)
    with chainer.using_config('train', False):
        y = mnbn(x)
    numpy.testing.assert_allclose(y.array, numpy.full((2, 3), 2.0 / numpy.sqrt(1 + 2e-5)),
                                  rtol=1e-6)


def test_create_mnbn_model_replaces_every_batch_normalization(flat_comm):
    class Net(chainer.Chain):
        def __init__(self):
            super().__init__()
            with self.init_scope():
                self.l1 = L.Linear(3, 4)
                self.bn1 = L.BatchNormalization(4)
                self.seq = chainer.ChainList(L.BatchNormalization(4), L.Linear(4, 2))

    net = Net()
    net.bn1.avg_mean[...] = 0.5
    converted = chainermn.links.create_mnbn_model(net, flat_comm)
    assert isinstance(converted.bn1, mn_links.MultiNodeBatchNormalization)
    assert isinstance(converted.seq[0], mn_links.MultiNodeBatchNormalization)
    # the original is untouched
    assert not isinstance(net.bn1, mn_links.MultiNodeBatchNormalization)
    numpy.testing.assert_array_equal(converted.bn1.avg_mean, numpy.full(4, 0.5))
    assert sorted(name for name, _ in converted.namedparams()) == sorted(
        name for name, _ in net.namedparams())
    with pytest.raises(ValueError, match='communication_backend'):
        mn_links.MultiNodeBatchNormalization(3, flat_comm, communication_backend='tcp')
    with pytest.raises(ValueError, match='gamma and beta'):
        chainermn.functions.multi_node_batch_normalization(
            numpy.zeros((2, 3), numpy.float32), numpy.ones(4, numpy.float32),
            numpy.zeros(4, numpy.float32), flat_comm)
