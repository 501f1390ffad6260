"""chainermn.functions collectives: forward values and gradients on every rank, in both modes.

Each rank's input is a known function of its rank (`_input`), so every rank can compute what it
should receive and the gradients it should get. The loss of rank r weighs what it uses by
`_weight(r, i)`, so that a gradient sent to the wrong rank or summed in the wrong place shows.
"""

import numpy
import pytest

import chainer
import chainer.functions as F
import chainerx
import chainermn.functions as mnf

from conftest import ARRAY_MAKERS as _MAKERS


def _input(seed, shape):
    return (numpy.arange(numpy.prod(shape), dtype=numpy.float32).reshape(shape) / 4 + seed)


def _variable(kind, seed, shape):
    return chainer.Variable(_MAKERS[kind](_input(seed, shape)))


def _host(x):
    x = x.array if isinstance(x, chainer.Variable) else x
    return chainerx.to_numpy(x) if isinstance(x, chainerx.ndarray) else x


def _assert_kind(variable, kind):
    assert isinstance(variable.array, chainerx.ndarray) == (kind == 'chainerx')


def _weight(rank, index):
    return float((rank + 1) * (index + 2))


def _roots(comm):
    return sorted({0, comm.size - 1})


def test_bcast(comm, kind):
    for root in _roots(comm):
        x = _variable(kind, root, (2, 3)) if comm.rank == root else None
        y = mnf.bcast(comm, x, root=root)
        _assert_kind(y, kind)
        numpy.testing.assert_array_equal(_host(y), _input(root, (2, 3)))
        assert y.requires_grad
        (F.sum(y * y) * (comm.rank + 1)).backward()
        if comm.rank == root:
            # the sum over ranks r of 2 (r + 1) x
            expected = comm.size * (comm.size + 1) * _input(root, (2, 3))
            numpy.testing.assert_allclose(_host(x.grad), expected)
            _assert_kind(x.grad_var, kind)


def test_allgather(comm, kind):
    x = _variable(kind, comm.rank, (comm.rank + 1, 2))
    ys = mnf.allgather(comm, x)
    assert isinstance(ys, tuple) and len(ys) == comm.size
    loss = 0
    for i, y in enumerate(ys):
        _assert_kind(y, kind)
        numpy.testing.assert_array_equal(_host(y), _input(i, (i + 1, 2)))
        loss = loss + F.sum(y * y) * _weight(comm.rank, i)
    loss.backward()
    total = sum(_weight(r, comm.rank) for r in range(comm.size))
    numpy.testing.assert_allclose(_host(x.grad), 2 * total * _input(comm.rank, (comm.rank + 1, 2)))


def test_allgather_outputs_without_gradient_count_as_zeros(comm, kind):
    x = _variable(kind, comm.rank, (3,))
    ys = mnf.allgather(comm, x)
    F.sum(ys[comm.rank] * 5).backward()  # each rank uses its own piece only
    numpy.testing.assert_array_equal(_host(x.grad), numpy.full(3, 5, numpy.float32))


def test_alltoall(comm, kind):
    n, r = comm.size, comm.rank
    xs = tuple(_variable(kind, r * n + j, (r + 1, j + 1)) for j in range(n))
    ys = mnf.alltoall(comm, xs)
    assert isinstance(ys, tuple) and len(ys) == n
    loss = 0
    for j, y in enumerate(ys):
        _assert_kind(y, kind)
        numpy.testing.assert_array_equal(_host(y), _input(j * n + r, (j + 1, r + 1)))
        loss = loss + F.sum(y * y) * _weight(r, j)
    loss.backward()
    for j, x in enumerate(xs):
        # xs[j] is what rank j receives at index r
        numpy.testing.assert_allclose(_host(x.grad), 2 * _weight(j, r) * _host(x))


def test_gather(comm, kind):
    for root in _roots(comm):
        x = _variable(kind, comm.rank, (comm.rank + 1, 2))
        out = mnf.gather(comm, x, root=root)
        if comm.rank == root:
            assert isinstance(out, tuple) and len(out) == comm.size
            loss = 0
            for i, y in enumerate(out):
                _assert_kind(y, kind)
                numpy.testing.assert_array_equal(_host(y), _input(i, (i + 1, 2)))
                loss = loss + F.sum(y * y) * (i + 1)
            loss.backward()
        else:
            _assert_kind(out, kind)  # the delegate
            assert out.shape == () and out.requires_grad
            out.backward()
        numpy.testing.assert_allclose(_host(x.grad), 2 * (comm.rank + 1) * _host(x))


def test_scatter(comm, kind):
    for root in _roots(comm):
        xs = None
        if comm.rank == root:
            xs = [_variable(kind, j, (j + 1, 2)) for j in range(comm.size)]
        y = mnf.scatter(comm, xs, root=root)
        _assert_kind(y, kind)
        numpy.testing.assert_array_equal(_host(y), _input(comm.rank, (comm.rank + 1, 2)))
        (F.sum(y * y) * (comm.rank + 1)).backward()
        if comm.rank == root:
            for j, x in enumerate(xs):
                numpy.testing.assert_allclose(_host(x.grad), 2 * (j + 1) * _host(x))


def test_arrays_not_requiring_grad_still_backprop_on_every_rank(flat_comm, kind):
    comm = flat_comm
    raw = _MAKERS[kind](_input(comm.rank, (2,)))
    ys = mnf.allgather(comm, raw)
    assert all(y.requires_grad for y in ys)  # Note [Anchors]: every rank joins the backward
    F.sum(F.stack(ys)).backward()
    y = mnf.bcast(comm, raw if comm.rank == 0 else None)
    F.sum(y).backward()
    # no gradient message was left behind: the next collectives meet as they should
    again = mnf.allgather(comm, _variable(kind, 7, (1,)))
    assert [float(_host(v)[0]) for v in again] == [7.0] * comm.size


def test_outputs_arrive_on_the_device_of_the_local_input(flat_comm):
    comm = flat_comm
    kind = 'numpy' if comm.rank % 2 == 0 else 'chainerx'
    x = _variable(kind, comm.rank, (2,))
    ys = mnf.allgather(comm, x)
    for i, y in enumerate(ys):
        _assert_kind(y, kind)
        numpy.testing.assert_array_equal(_host(y), _input(i, (2,)))
    F.sum(F.stack(ys) * 3).backward()
    _assert_kind(x.grad_var, kind)
    numpy.testing.assert_array_equal(_host(x.grad), numpy.full(2, 3.0 * comm.size))
    # off the root, bcast gives the kind the root sent
    y = mnf.bcast(comm, x if comm.rank == 0 else None)
    _assert_kind(y, 'numpy')
    F.sum(y).backward()


def _global_model(xs, size):
    """The computation of test_composed_collectives_match_one_process, in one process."""
    mixed = sum(x * (i + 1) for i, x in enumerate(xs))
    hs = [F.tanh(mixed * 0.1) * (r + 1) for r in range(size)]
    return sum(F.sum(h * h) for h in hs)


def test_composed_collectives_match_one_process(flat_comm, kind):
    comm = flat_comm
    x = _variable(kind, comm.rank, (2, 3))
    ys = mnf.allgather(comm, x)
    h = F.tanh(sum(y * (i + 1) for i, y in enumerate(ys)) * 0.1) * (comm.rank + 1)
    out = mnf.gather(comm, h, root=0)
    if comm.rank == 0:
        loss = sum(F.sum(z * z) for z in out)
        loss.backward()
    else:
        out.backward()
    reference = [chainer.Variable(_input(r, (2, 3)).astype(numpy.float64))
                 for r in range(comm.size)]
    expected_loss = _global_model(reference, comm.size)
    expected_loss.backward()
    if comm.rank == 0:
        numpy.testing.assert_allclose(float(_host(loss)), float(expected_loss.array), rtol=1e-5)
    numpy.testing.assert_allclose(_host(x.grad), reference[comm.rank].grad, rtol=1e-5)


def test_no_backprop_mode(flat_comm, kind):
    x = _variable(kind, flat_comm.rank, (2,))
    with chainer.no_backprop_mode():
        ys = mnf.allgather(flat_comm, x)
    assert len(ys) == flat_comm.size
    numpy.testing.assert_array_equal(_host(ys[0]), _input(0, (2,)))
    # no graph: the ranks are not bound to backprop through it
    if kind == 'numpy':
        assert ys[0].creator is None
    else:
        assert not ys[0].requires_grad


def test_bad_arguments_raise_before_communicating(flat_comm):
    comm = flat_comm
    x = chainer.Variable(numpy.zeros(2, numpy.float32))
    for function in (mnf.bcast, mnf.gather):
        with pytest.raises(ValueError, match='out of range'):
            function(comm, x, root=comm.size)
        with pytest.raises(ValueError, match='out of range'):
            function(comm, x, root=-1)
        with pytest.raises(TypeError, match='root must be an int'):
            function(comm, x, root='0')
        with pytest.raises(TypeError, match='communicator'):
            function(object(), x)
    with pytest.raises(TypeError, match='root must be an int'):
        mnf.scatter(comm, [x] * comm.size, root=1.0)
    with pytest.raises(TypeError, match='allgather: x must be a Variable or an array'):
        mnf.allgather(comm, None)
    with pytest.raises(TypeError, match='allgather: x must be a Variable or an array'):
        mnf.allgather(comm, [1.0, 2.0])
    with pytest.raises(TypeError, match='uninitialized'):
        mnf.allgather(comm, chainer.Variable())
    with pytest.raises(ValueError, match=r'must hold {} Variables'.format(comm.size)):
        mnf.alltoall(comm, [x] * (comm.size + 1))
    with pytest.raises(TypeError, match='tuple or a list'):
        mnf.alltoall(comm, x)
    with pytest.raises(TypeError, match='communicator'):
        mnf.allgather(None, x)
    if comm.size > 1:
        mixed = [x] + [chainer.Variable(chainerx.zeros(2, chainerx.float32))] * (comm.size - 1)
        with pytest.raises(TypeError, match='cannot be mixed'):
            mnf.alltoall(comm, mixed)
    # the communicator still works afterwards
    assert len(mnf.allgather(comm, x)) == comm.size


def test_bad_arguments_at_the_root_raise_at_the_root(flat_comm):
    comm = flat_comm
    if comm.rank == 0:  # the other ranks do not call: they would wait for the root
        with pytest.raises(ValueError, match=r'scatter: xs must hold {} Variables'.format(
                comm.size)):
            mnf.scatter(comm, [numpy.zeros(1, numpy.float32)] * (comm.size + 1))
        with pytest.raises(TypeError, match='scatter: xs must be a tuple or a list'):
            mnf.scatter(comm, numpy.zeros((comm.size, 2), numpy.float32))
        with pytest.raises(TypeError, match='bcast: x must be a Variable or an array'):
            mnf.bcast(comm, None)
    y = mnf.bcast(comm, numpy.ones(1, numpy.float32) if comm.rank == 0 else None)
    numpy.testing.assert_array_equal(_host(y), numpy.ones(1, numpy.float32))
