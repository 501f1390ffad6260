"""create_multi_node_optimizer: averaged gradients, overlap with backward, identical parameters."""

import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
import chainerx
import chainermn

_DEVICES = ['native:0', '@numpy']


class _MLP(chainer.Chain):
    def __init__(self, n_in=6, n_hidden=5, n_out=3, dtype=numpy.float32):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(n_in, n_hidden, initialW=chainer.initializers.Normal(dtype=dtype),
                               initial_bias=chainer.initializers.Normal(dtype=dtype))
            self.l2 = L.Linear(n_hidden, n_hidden)
            self.l3 = L.Linear(n_hidden, n_out)
            self.unused = L.Linear(2, 2)

    def forward(self, x):
        return self.l3(F.relu(self.l2(F.relu(self.l1(x)))))


def _model(device, seed, dtype=numpy.float32):
    numpy.random.seed(seed)
    model = _MLP(dtype=dtype)
    model.to_device(device)
    return model


def _host(x):
    return chainer.backend.CpuDevice().send(x)


def _params(model):
    return {name: _host(p.array).copy() for name, p in sorted(model.namedparams())}


def _grads(model):
    return {name: None if p.grad is None else _host(p.grad).copy()
            for name, p in sorted(model.namedparams())}


def _assert_same_on_every_rank(comm, values):
    everyone = comm.allgather_obj(values)
    for other in everyone[1:]:
        assert other.keys() == everyone[0].keys()
        for name in other:
            if other[name] is None:
                assert everyone[0][name] is None, name
            else:
                numpy.testing.assert_array_equal(other[name], everyone[0][name], err_msg=name)


def _loss(model, device, rank, step):
    # integer-valued inputs and targets so that every sum of gradients is exact in any order
    rng = numpy.random.RandomState(100 * step + rank)
    x = rng.randint(-2, 3, size=(4, 6)).astype(numpy.float32)
    t = rng.randint(0, 3, size=4).astype(numpy.int32)
    xd, td = chainer.backend.get_device(device).send((x, t))
    return lambda: F.softmax_cross_entropy(model(xd), td)


@pytest.mark.parametrize('device', _DEVICES)
@pytest.mark.parametrize('bucket_bytes', [0, 64, None])
def test_gradients_are_the_mean_over_ranks(comm, device, bucket_bytes):
    model = _model(device, seed=comm.rank)  # different initial weights on every rank
    optimizer = chainermn.create_multi_node_optimizer(
        chainer.optimizers.SGD(lr=0.0), comm, bucket_bytes=bucket_bytes)
    optimizer.setup(model)
    # the first update puts rank 0's weights everywhere
    optimizer.update(_loss(model, device, comm.rank, 0))
    _assert_same_on_every_rank(comm, _params(model))
    optimizer.update(_loss(model, device, comm.rank, 1))
    averaged = _grads(model)
    # the reference: this rank's own gradients, gathered and averaged in NumPy
    model.cleargrads()
    _loss(model, device, comm.rank, 1)().backward()
    local = {name: g for name, g in _grads(model).items() if g is not None}
    everyone = comm.allgather_obj(local)
    for name, grad in averaged.items():
        if name.startswith('/unused'):
            numpy.testing.assert_array_equal(grad, numpy.zeros_like(grad))  # zero_fill=True
            continue
        expected = sum(g[name] for g in everyone) / comm.size
        numpy.testing.assert_array_equal(grad, expected.astype(grad.dtype), err_msg=name)


def test_buckets_start_during_backward_and_learn_the_backward_order(flat_comm):
    if flat_comm.size == 1:
        pytest.skip('one process sends nothing')
    model = _model('native:0', seed=0)
    optimizer = chainermn.create_multi_node_optimizer(
        chainer.optimizers.SGD(lr=0.1), flat_comm, bucket_bytes=64)
    optimizer.setup(model)
    optimizer.update(_loss(model, 'native:0', flat_comm.rank, 0))
    assert optimizer._bucket_order is None
    sessions = []
    original = flat_comm._mean_grad_session

    def recording(*args, **kwargs):
        session = original(*args, **kwargs)
        sessions.append(session)
        return session
    flat_comm._mean_grad_session = recording
    optimizer.update(_loss(model, 'native:0', flat_comm.rank, 1))
    optimizer.update(_loss(model, 'native:0', flat_comm.rank, 2))
    names = sessions[0].layout.names
    # l3's gradients are final first
    assert names[sessions[0].ready_order[0]].startswith('/l3')
    assert len(sessions[0].layout.buckets) > 2
    # the second update's buckets follow the order backward produced the gradients in (the unused
    # link last), so they are sent before backward has finished
    assert optimizer._bucket_order[:len(sessions[0].ready_order)] == sessions[0].ready_order
    assert sessions[1].layout.order == optimizer._bucket_order
    assert sessions[1].n_started_early >= len(sessions[1].layout.buckets) - 2
    _assert_same_on_every_rank(flat_comm, _params(model))


@pytest.mark.parametrize('device', _DEVICES)
def test_training_keeps_parameters_identical_across_ranks(comm, device):
    model = _model(device, seed=comm.rank + 10)
    optimizer = chainermn.create_multi_node_optimizer(chainer.optimizers.Adam(), comm)
    optimizer.setup(model)
    for step in range(5):
        optimizer.update(_loss(model, device, comm.rank, step))
    _assert_same_on_every_rank(comm, _params(model))
    assert optimizer.t == 4  # the first call only broadcast the weights


def test_data_parallel_matches_one_process_with_the_same_global_batch(flat_comm):
    comm = flat_comm
    rng = numpy.random.RandomState(0)
    x = rng.randn(comm.size * 8 * 6, 6).astype(numpy.float32)
    t = rng.randint(0, 3, size=len(x)).astype(numpy.int32)
    global_batch = comm.size * 8

    def train(model, optimizer, part):
        for step in range(6):
            batch = slice(step * global_batch, (step + 1) * global_batch)
            xb, tb = x[batch][part], t[batch][part]
            optimizer.update(lambda: F.softmax_cross_entropy(
                model(chainerx.asarray(xb)), chainerx.asarray(tb)))
        return _params(model)

    model = _model('native:0', seed=3)
    optimizer = chainermn.create_multi_node_optimizer(chainer.optimizers.MomentumSGD(0.1), comm)
    optimizer.setup(model)
    optimizer.update(lambda: F.sum(model(chainerx.zeros((1, 6), chainerx.float32))))  # bcast
    distributed = train(model, optimizer, slice(comm.rank * 8, (comm.rank + 1) * 8))
    reference_model = _model('native:0', seed=3)
    reference_optimizer = chainer.optimizers.MomentumSGD(0.1).setup(reference_model)
    reference = train(reference_model, reference_optimizer, slice(None))
    for name in reference:
        numpy.testing.assert_allclose(distributed[name], reference[name], rtol=1e-5, atol=1e-6,
                                      err_msg=name)


@pytest.mark.parametrize('zero_fill', [False, True])
def test_parameters_with_gradients_on_some_ranks_only(comm, zero_fill):
    model = _model('native:0', seed=0)

    def loss():
        value = F.sum(model.l1(chainerx.ones((1, 6), chainerx.float32)))
        if comm.rank == 0:  # only rank 0 uses `unused`
            value = value + F.sum(model.unused(chainerx.ones((1, 2), chainerx.float32)))
        return value
    model.cleargrads()
    loss().backward()
    comm.multi_node_mean_grad(model, zero_fill=zero_fill)
    grads = _grads(model)
    _assert_same_on_every_rank(comm, grads)
    numpy.testing.assert_array_equal(grads['/unused/b'],
                                     numpy.full(2, numpy.float32(1) / comm.size, numpy.float32))
    if zero_fill:
        numpy.testing.assert_array_equal(grads['/l3/b'], numpy.zeros(3))
    else:
        assert grads['/l3/b'] is None  # no rank had one
    # the same through the optimizer: parameters stay identical
    optimizer = chainermn.create_multi_node_optimizer(
        chainer.optimizers.SGD(lr=0.5), comm, zero_fill=zero_fill)
    optimizer.setup(model)
    optimizer.update(loss)
    optimizer.update(loss)
    _assert_same_on_every_rank(comm, _params(model))


def test_float16_parameters(flat_comm):
    numpy.random.seed(flat_comm.rank)
    with chainer.using_config('dtype', numpy.float16):
        model = L.Linear(6, 3)
    model.to_device('native:0')
    optimizer = chainermn.create_multi_node_optimizer(chainer.optimizers.SGD(0.1), flat_comm)
    optimizer.setup(model)
    x = chainerx.full((2, 6), flat_comm.rank + 1, chainerx.float16)
    for _ in range(3):
        optimizer.update(lambda: F.sum(model(x) ** 2))
    assert model.W.array.dtype == chainerx.float16
    _assert_same_on_every_rank(flat_comm, _params(model))
    # the mean of float16 gradients is computed in float32 (Note [MPI reduction types])
    model.cleargrads()
    F.sum(model(x)).backward()
    flat_comm.multi_node_mean_grad(model)
    mean_of_x = sum(r + 1 for r in range(flat_comm.size)) * 2 / flat_comm.size
    numpy.testing.assert_allclose(_host(model.W.grad), numpy.full((3, 6), mean_of_x), rtol=1e-3)


def test_update_without_lossfun_and_mismatched_models(comm):
    model = _model('native:0', seed=0)
    optimizer = chainermn.create_multi_node_optimizer(chainer.optimizers.SGD(0.1), comm)
    with pytest.raises(RuntimeError, match='setup'):
        optimizer.update()
    optimizer.setup(model)
    optimizer.update()  # broadcasts
    model.cleargrads()
    _loss(model, 'native:0', comm.rank, 0)().backward()
    optimizer.update()
    _assert_same_on_every_rank(comm, _params(model))
    if comm.size > 1:
        other = chainer.links.Linear(3, 2 + comm.rank)
        with pytest.raises(ValueError, match='disagree'):
            comm.multi_node_mean_grad(other)
    with pytest.raises(ValueError, match='bucket_bytes'):
        chainermn.create_multi_node_optimizer(chainer.optimizers.SGD(), comm, bucket_bytes=-1)


def test_double_buffering_applies_the_previous_means(flat_comm):
    comm = flat_comm
    model = _model('native:0', seed=comm.rank)
    optimizer = chainermn.create_multi_node_optimizer(
        chainer.optimizers.SGD(lr=1.0), comm, double_buffering=True)
    optimizer.setup(model)
    optimizer.update(_loss(model, 'native:0', comm.rank, 0))  # broadcast
    before = _params(model)
    optimizer.update(_loss(model, 'native:0', comm.rank, 1))  # starts step 1's sum only
    numpy.testing.assert_array_equal(_params(model)['/l1/W'], before['/l1/W'])
    model.cleargrads()
    _loss(model, 'native:0', comm.rank, 1)().backward()
    step1 = comm.allgather_obj(_grads(model))
    optimizer.update(_loss(model, 'native:0', comm.rank, 2))  # applies step 1's mean
    for name in ('/l1/W', '/l3/b'):
        mean = sum(g[name] for g in step1) / comm.size
        numpy.testing.assert_allclose(_params(model)[name], before[name] - mean, rtol=1e-6)
    _assert_same_on_every_rank(comm, _params(model))
    with pytest.raises(ValueError, match='MPI communicators'):
        chainermn.create_multi_node_optimizer(chainer.optimizers.SGD(), object(),
                                              double_buffering=True)
