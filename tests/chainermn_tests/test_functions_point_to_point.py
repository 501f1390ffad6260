"""chainermn.functions send, recv and pseudo_connect: model-parallel graphs over ranks.

The tests that communicate use ranks 0 and 1 (the pipeline uses every rank); the other ranks skip
their part. With one process they are skipped, on the only rank.
"""

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx
import chainermn.functions as mnf

from conftest import ARRAY_MAKERS as _MAKERS


def _input(seed, shape):
    return numpy.arange(numpy.prod(shape), dtype=numpy.float32).reshape(shape) / 8 + seed


def _variable(kind, array):
    return chainer.Variable(_MAKERS[kind](array))


def _host(x):
    x = x.array if isinstance(x, chainer.Variable) else x
    return chainerx.to_numpy(x) if isinstance(x, chainerx.ndarray) else x


def _assert_kind(variable, kind):
    assert isinstance(variable.array, chainerx.ndarray) == (kind == 'chainerx')


def _needs_two(comm):
    if comm.size < 2:
        pytest.skip('needs 2 ranks')  # size is the same on every rank: all of them skip


def _stage(h, w):
    return F.tanh(h * w)


def _stage_weight(rank):
    return numpy.array([0.5, -0.25, 1.0], numpy.float32) * (rank + 1)


def test_pipeline_over_every_rank_matches_one_process(comm, kind):
    _needs_two(comm)
    r, last = comm.rank, comm.size - 1
    w = _variable(kind, _stage_weight(r))
    x = _variable(kind, _input(0, (2, 3)))
    h = x if r == 0 else mnf.recv(comm, r - 1)
    _assert_kind(h, kind)
    h = _stage(h, w)
    if r < last:
        delegate = mnf.send(h, comm, r + 1)
        assert delegate.shape == () and delegate.requires_grad
        _assert_kind(delegate, kind)
        delegate.backward()
    else:
        loss = F.sum(h * h)
        loss.backward()
    # the same network in one process
    ref_ws = [chainer.Variable(_stage_weight(s).astype(numpy.float64)) for s in range(last + 1)]
    ref_x = chainer.Variable(_input(0, (2, 3)).astype(numpy.float64))
    ref_h = ref_x
    for ref_w in ref_ws:
        ref_h = _stage(ref_h, ref_w)
    ref_loss = F.sum(ref_h * ref_h)
    ref_loss.backward()
    if r == last:
        numpy.testing.assert_allclose(float(_host(loss)), float(ref_loss.array), rtol=1e-5)
    if r == 0:
        numpy.testing.assert_allclose(_host(x.grad), ref_x.grad, rtol=1e-5)
    numpy.testing.assert_allclose(_host(w.grad), ref_ws[r].grad, rtol=1e-5, atol=1e-7)


def test_send_a_tuple_and_force_tuple(comm, kind):
    _needs_two(comm)
    a, b = _input(1, (2,)), _input(5, (2,))
    if comm.rank == 0:
        va, vb = _variable(kind, a), _variable(kind, b)
        mnf.send((va, vb), comm, 1, tag=3).backward()
        numpy.testing.assert_allclose(_host(va.grad), b)
        numpy.testing.assert_allclose(_host(vb.grad), a)
        mnf.send([va], comm, 1).backward()  # a list of one arrives as a tuple of one
        mnf.send(va, comm, 1).backward()
        numpy.testing.assert_allclose(_host(va.grad), b + 2 + 3)
    elif comm.rank == 1:
        ra, rb = mnf.recv(comm, 0, tag=3)
        numpy.testing.assert_array_equal(_host(ra), a)
        F.sum(ra * rb).backward()
        one, = mnf.recv(comm, 0)
        F.sum(one * 2).backward()
        forced = mnf.recv(comm, 0, force_tuple=True)
        assert isinstance(forced, tuple) and len(forced) == 1
        F.sum(forced[0] * 3).backward()


@pytest.mark.parametrize('shape', [(3,), (512, 300)], ids=['small', 'rendezvous'])
def test_recv_joins_the_delegate_so_one_backward_runs_both(comm, kind, shape):
    # Messages of 600 kB are not buffered by MPI: a send waits for its receive, so backward
    # passes that ran the communications in the wrong order would hang.
    _needs_two(comm)
    if comm.rank == 0:
        x = _variable(kind, _input(2, shape))
        delegate = mnf.send(x, comm, 1)
        y = mnf.recv(comm, 1, delegate_variable=delegate)  # y = 3 x, computed by rank 1
        numpy.testing.assert_allclose(_host(y), 3 * _input(2, shape))
        F.sum(y * y).backward()
        numpy.testing.assert_allclose(_host(x.grad), 18 * _input(2, shape), rtol=1e-6)
    elif comm.rank == 1:
        h = mnf.recv(comm, 0)
        mnf.send(h * 3, comm, 0).backward()


def test_pseudo_connect_runs_the_delegate_backward(comm, kind):
    _needs_two(comm)
    if comm.rank == 0:
        x = _variable(kind, _input(1, (2, 2)))
        delegate = mnf.send(x, comm, 1)
        z = mnf.pseudo_connect(delegate, x * 2)
        _assert_kind(z, kind)
        numpy.testing.assert_array_equal(_host(z), 2 * _input(1, (2, 2)))
        F.sum(z).backward()
        numpy.testing.assert_allclose(_host(x.grad), 2 + 2 * _input(1, (2, 2)))
    elif comm.rank == 1:
        h = mnf.recv(comm, 0)
        F.sum(h * h).backward()


@pytest.mark.parametrize('home, away', [('numpy', 'chainerx'), ('chainerx', 'numpy')])
def test_arrays_of_another_kind_cross_with_their_gradients(comm, home, away):
    _needs_two(comm)
    devices = {'numpy': '@numpy', 'chainerx': 'native:0'}
    if comm.rank == 0:  # works on `home` arrays, rank 1 on `away` arrays
        x = _variable(home, _input(3, (2,)))
        delegate = mnf.send(x, comm, 1)
        y = mnf.recv(comm, 1, delegate_variable=delegate)  # as sent: `away`
        _assert_kind(y, away)
        F.sum(y * y).backward()  # reaches the `home` delegate through a copy
        _assert_kind(x.grad_var, home)
        numpy.testing.assert_allclose(_host(x.grad), 18 * _input(3, (2,)))
        z = mnf.recv(comm, 1, device=devices[home])
        _assert_kind(z, home)
        F.sum(z * 4).backward()
    elif comm.rank == 1:
        h = mnf.recv(comm, 0, device=devices[away])
        _assert_kind(h, away)
        mnf.send(h * 3, comm, 0).backward()
        w = _variable(away, numpy.ones(2, numpy.float32))
        mnf.send(w, comm, 0).backward()
        _assert_kind(w.grad_var, away)
        numpy.testing.assert_array_equal(_host(w.grad), numpy.full(2, 4.0))


def test_data_that_does_not_require_grad(comm, kind):
    _needs_two(comm)
    data = _MAKERS[kind](_input(4, (3,)))
    if comm.rank == 0:
        delegate = mnf.send(data, comm, 1)
        assert delegate.requires_grad  # Note [Anchors]: rank 1's gradient is received anyway
        delegate.backward()
        delegate = mnf.send(chainer.Variable(data), comm, 1)
        delegate.backward()
    elif comm.rank == 1:
        F.sum(mnf.recv(comm, 0)).backward()
        again = mnf.recv(comm, 0)  # no gradient message was left in the way
        numpy.testing.assert_array_equal(_host(again), _input(4, (3,)))
        F.sum(again).backward()


def test_pseudo_connect_in_one_process(kind):
    delegate = _variable(kind, numpy.zeros((), numpy.float32))
    a = _variable(kind, _input(1, (2,)))
    b = _variable(kind, _input(2, (3,)))
    ya, yb = mnf.pseudo_connect(delegate, a, b)
    numpy.testing.assert_array_equal(_host(ya), _host(a))
    numpy.testing.assert_array_equal(_host(yb), _host(b))
    (F.sum(ya * 2) + F.sum(yb * 3)).backward()
    numpy.testing.assert_array_equal(_host(a.grad), numpy.full(2, 2.0))
    numpy.testing.assert_array_equal(_host(b.grad), numpy.full(3, 3.0))
    numpy.testing.assert_array_equal(_host(delegate.grad), numpy.zeros(()))
    assert mnf.pseudo_connect(None, a) is a


def test_pseudo_connect_bad_arguments():
    x = chainer.Variable(numpy.ones(2, numpy.float32))
    with pytest.raises(TypeError, match='delegate_variable must be a Variable'):
        mnf.pseudo_connect(numpy.zeros(()), x)
    with pytest.raises(ValueError, match='at least one'):
        mnf.pseudo_connect(chainer.Variable(numpy.zeros(())))
    with pytest.raises(TypeError, match='actual_variables must be a Variable or an array'):
        mnf.pseudo_connect(chainer.Variable(numpy.zeros(())), 'x')
    with pytest.raises(TypeError, match='cannot be mixed'):
        mnf.pseudo_connect(None, x, chainer.Variable(chainerx.ones(2)))


def test_bad_arguments_raise_before_communicating(flat_comm):
    comm = flat_comm
    x = chainer.Variable(numpy.ones(2, numpy.float32))
    peer = (comm.rank + 1) % comm.size
    with pytest.raises(ValueError, match='deadlock'):
        mnf.send(x, comm, comm.rank)
    with pytest.raises(ValueError, match='deadlock'):
        mnf.recv(comm, comm.rank)
    for function, args in ((mnf.send, (x, comm)), (mnf.recv, (comm,))):
        with pytest.raises(ValueError, match='out of range'):
            function(*args, comm.size)
        with pytest.raises(ValueError, match='out of range'):
            function(*args, -1)
        with pytest.raises(TypeError, match='rank must be an int'):
            function(*args, '1')
        with pytest.raises(TypeError, match='rank must be an int'):
            function(*args, True)
    with pytest.raises(TypeError, match='communicator'):
        mnf.send(x, None, peer)
    with pytest.raises(TypeError, match='communicator'):
        mnf.recv(object(), peer)
    if comm.size > 1:  # checks made once the rank is valid
        with pytest.raises(TypeError, match='send: x must be a Variable or an array'):
            mnf.send(None, comm, peer)
        with pytest.raises(TypeError, match='send: x must be a Variable or an array'):
            mnf.send([x, 1.0], comm, peer)
        with pytest.raises(ValueError, match='at least one'):
            mnf.send((), comm, peer)
        with pytest.raises(TypeError, match='cannot be mixed'):
            mnf.send((x, chainer.Variable(chainerx.ones(2))), comm, peer)
        with pytest.raises(ValueError, match='tag must be non-negative'):
            mnf.send(x, comm, peer, tag=-1)
        with pytest.raises(TypeError, match='tag must be an int'):
            mnf.recv(comm, peer, tag='0')
        with pytest.raises(TypeError, match='delegate_variable must be a Variable'):
            mnf.recv(comm, peer, delegate_variable=numpy.zeros(()))
        with pytest.raises(ValueError, match='Invalid device specifier'):
            mnf.recv(comm, peer, device='@foo')
        with pytest.raises(TypeError, match='device specifier'):
            mnf.recv(comm, peer, device=object())
