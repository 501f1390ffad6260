"""MultiNodeChainList: models split over ranks give the gradients of the same model in one process.

Each component is a Linear layer with known weights (`_linear`), so every rank can rebuild the
whole model locally and compare the gradients of its own parameters.
"""

import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainermn.links import MultiNodeChainList

_DEVICES = {'numpy': '@numpy', 'chainerx': 'native:0'}


@pytest.fixture(params=sorted(_DEVICES))
def device(request):
    return _DEVICES[request.param]


def _weights(seed, n_in, n_out):
    w = numpy.sin(numpy.arange(n_out * n_in, dtype=numpy.float32) * 0.7 + seed)
    return w.reshape(n_out, n_in) / 2


def _linear(seed, n_in, n_out, device='@numpy'):
    link = L.Linear(n_in, n_out, initialW=_weights(seed, n_in, n_out),
                    initial_bias=numpy.full(n_out, 0.1 * seed, numpy.float32))
    link.to_device(device)
    return link


def _x(batch=2):
    return numpy.linspace(-1, 1, batch * 3, dtype=numpy.float32).reshape(batch, 3)


def _host(array):
    return numpy.asarray(chainer.get_device('@numpy').send(array))


def _assert_grads_match(link, reference):
    for name in ('W', 'b'):
        numpy.testing.assert_allclose(_host(getattr(link, name).grad),
                                      getattr(reference, name).grad, rtol=1e-4, atol=1e-5)


def _loss(y):
    return F.sum(F.tanh(y) * F.tanh(y))


def _needs(comm, size):
    if comm.size < size:
        pytest.skip('needs {} ranks'.format(size))  # the same on every rank: all of them skip


def test_two_stage_pipeline(flat_comm, device):
    comm = flat_comm
    _needs(comm, 2)
    model = MultiNodeChainList(comm)
    if comm.rank == 0:
        model.add_link(_linear(0, 3, 4, device), rank_in=None, rank_out=1)
        delegate = model(chainer.Variable(chainer.get_device(device).send(_x())))
        delegate.backward()
    elif comm.rank == 1:
        model.add_link(_linear(1, 4, 2, device), rank_in=0, rank_out=None)
        loss = _loss(model())
        loss.backward()
    else:
        assert model() is None  # no part of the model here
    reference = [_linear(0, 3, 4), _linear(1, 4, 2)]
    ref_loss = _loss(reference[1](reference[0](_x())))
    ref_loss.backward()
    if comm.rank == 1:
        numpy.testing.assert_allclose(float(_host(loss.array)), float(ref_loss.array), rtol=1e-5)
    if comm.rank < 2:
        _assert_grads_match(model[0], reference[comm.rank])


@pytest.mark.parametrize('batch', [2, 40000], ids=['small', 'rendezvous'])
def test_round_trip_returns_to_the_first_rank(flat_comm, device, batch):
    # With a batch of 40000, the messages (640 kB) are not buffered by MPI: communications run
    # backward in the wrong order would hang.
    comm = flat_comm
    _needs(comm, 2)
    model = MultiNodeChainList(comm)
    if comm.rank == 0:
        model.add_link(_linear(0, 3, 4, device), rank_in=None, rank_out=1)
        model.add_link(_linear(2, 5, 2, device), rank_in=1, rank_out=None)
        x = chainer.Variable(chainer.get_device(device).send(_x(batch)))
        _loss(model(x)).backward()  # runs rank 0's recv, then its send backward
    elif comm.rank == 1:
        model.add_link(_linear(1, 4, 5, device), rank_in=0, rank_out=0)
        model().backward()
    reference = [_linear(0, 3, 4), _linear(1, 4, 5), _linear(2, 5, 2)]
    ref_x = chainer.Variable(_x(batch))
    _loss(reference[2](reference[1](reference[0](ref_x)))).backward()
    if comm.rank == 0:
        _assert_grads_match(model[0], reference[0])
        _assert_grads_match(model[1], reference[2])
        numpy.testing.assert_allclose(_host(x.grad), ref_x.grad, rtol=1e-5, atol=1e-6)
    elif comm.rank == 1:
        _assert_grads_match(model[0], reference[1])


class _Merge(chainer.Link):
    def forward(self, a, b):
        return a * 2 + b


def test_fan_out_and_fan_in(flat_comm, device):
    comm = flat_comm
    _needs(comm, 3)
    model = MultiNodeChainList(comm)
    if comm.rank == 0:  # sends to 1 and 2: its delegate receives both gradients
        model.add_link(_linear(0, 3, 4, device), rank_in=None, rank_out=[1, 2])
        model(chainer.Variable(chainer.get_device(device).send(_x()))).backward()
    elif comm.rank == 1:
        model.add_link(_linear(1, 4, 4, device), rank_in=0, rank_out=2)
        model().backward()
    elif comm.rank == 2:
        model.add_link(_Merge(), rank_in=[0, 1], rank_out=None)
        _loss(model()).backward()
    reference = [_linear(0, 3, 4), _linear(1, 4, 4)]
    h = reference[0](_x())
    _loss(h * 2 + reference[1](h)).backward()
    if comm.rank < 2:
        _assert_grads_match(model[0], reference[comm.rank])


def test_sending_to_its_own_rank(flat_comm, device):
    model = MultiNodeChainList(flat_comm)
    rank = flat_comm.rank
    model.add_link(_linear(0, 3, 4, device), rank_in=None, rank_out=rank)
    model.add_link(_linear(1, 4, 2, device), rank_in=rank, rank_out=None)
    y = model(chainer.get_device(device).send(_x()))
    _loss(y).backward()
    reference = [_linear(0, 3, 4), _linear(1, 4, 2)]
    _loss(reference[1](reference[0](_x()))).backward()
    _assert_grads_match(model[0], reference[0])
    _assert_grads_match(model[1], reference[1])


def test_add_link_checks_the_ranks(flat_comm):
    model = MultiNodeChainList(flat_comm)
    model.add_link(_linear(0, 3, 3), rank_in=None, rank_out=None)
    with pytest.raises(ValueError, match='more than one component'):
        model.add_link(_linear(0, 3, 3))
    with pytest.raises(TypeError, match='rank_in must be an int'):
        model.add_link(_linear(0, 3, 3), rank_in='0', rank_out=0)
    with pytest.raises(TypeError, match='rank_out must be an int'):
        model.add_link(_linear(0, 3, 3), rank_in=0, rank_out=[0, 1.0])
    with pytest.raises(ValueError, match='out of range'):
        model.add_link(_linear(0, 3, 3), rank_in=flat_comm.size, rank_out=0)
    assert len(model) == 1  # nothing was added by the failed calls
    empty = MultiNodeChainList(flat_comm)
    empty.add_link(_linear(0, 3, 3), rank_in=flat_comm.rank, rank_out=None)
    with pytest.raises(ValueError, match='no earlier component sent to it'):
        empty(_x())
    unranked = MultiNodeChainList(flat_comm)
    unranked.append(_linear(0, 3, 3))
    with pytest.raises(RuntimeError, match='add_link'):
        unranked(_x())
