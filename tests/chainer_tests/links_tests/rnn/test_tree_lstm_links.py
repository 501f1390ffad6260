"""L.ChildSumTreeLSTM and L.NaryTreeLSTM: node updates against NumPy, missing children, errors."""

import numpy
import pytest

import chainer
from chainer import function_node
from chainer import gradient_check
from chainer import testing
from chainer.links.rnn import ChildSumTreeLSTM
from chainer.links.rnn import NaryTreeLSTM

from mode_utils import to_numpy

_DEVICES = {'numpy': '@numpy', 'chainerx': 'native:0'}


def _send(mode, array):
    return chainer.get_device(_DEVICES[mode]).send(array)


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def _lin(linear_link, x):
    y = x.dot(to_numpy(linear_link.W.array).T)
    return y if linear_link.b is None else y + to_numpy(linear_link.b.array)


def _node(pre, cs, size):
    """c and h from pre-activations laid out a, i, o, f_1, ..., f_n."""
    a, i, o = [pre[:, k * size:(k + 1) * size] for k in range(3)]
    c = numpy.tanh(a) * _sigmoid(i)
    for k, ck in enumerate(cs):
        c = c + _sigmoid(pre[:, (3 + k) * size:(4 + k) * size]) * ck
    return c, _sigmoid(o) * numpy.tanh(c)


def test_child_sum_tree_lstm_matches_numpy(mode):
    rs = numpy.random.RandomState(0)
    link = ChildSumTreeLSTM(3, 2).to_device(_DEVICES[mode])
    x = rs.uniform(-1, 1, (4, 3)).astype(numpy.float32)
    cs = [rs.uniform(-1, 1, (4, 2)).astype(numpy.float32) for _ in range(3)]
    hs = [rs.uniform(-1, 1, (4, 2)).astype(numpy.float32) for _ in range(3)]
    fallbacks = function_node.fallback_count
    c, h = link(*[_send(mode, a) for a in cs + hs + [x]])
    assert function_node.fallback_count == fallbacks
    wx = _lin(link.W_x, x)
    aio = wx[:, :6] + _lin(link.W_h_aio, sum(hs))
    forget = [wx[:, 6:] + _lin(link.W_h_f, hk) for hk in hs]
    c_ref, h_ref = _node(numpy.concatenate([aio] + forget, axis=1), cs, 2)
    numpy.testing.assert_allclose(to_numpy(c.array), c_ref, rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(to_numpy(h.array), h_ref, rtol=1e-5, atol=1e-6)
    leaf_c, leaf_h = link(_send(mode, x))
    numpy.testing.assert_allclose(to_numpy(leaf_h.array), _node(wx[:, :6], [], 2)[1],
                                  rtol=1e-5, atol=1e-6)


def test_nary_tree_lstm_matches_numpy_with_missing_children(mode):
    rs = numpy.random.RandomState(1)
    link = NaryTreeLSTM(3, 2, n_ary=3).to_device(_DEVICES[mode])
    x = rs.uniform(-1, 1, (4, 3)).astype(numpy.float32)
    c1, h1 = [rs.uniform(-1, 1, (4, 2)).astype(numpy.float32) for _ in range(2)]
    c, h = link(_send(mode, c1), None, None, _send(mode, h1), None, None, _send(mode, x))
    pre = _lin(link.W_x, x) + _lin(link.W_h1, h1)
    zeros = numpy.zeros((4, 2))
    c_ref, h_ref = _node(pre, [c1, zeros, zeros], 2)
    numpy.testing.assert_allclose(to_numpy(c.array), c_ref, rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(to_numpy(h.array), h_ref, rtol=1e-5, atol=1e-6)
    c0, h0 = link(None, None, None, _send(mode, h1), None, None, None)  # x is zero
    numpy.testing.assert_allclose(to_numpy(h0.array), _node(
        to_numpy(link.W_x.b.array) + _lin(link.W_h1, h1), [zeros] * 3, 2)[1], rtol=1e-5,
        atol=1e-6)


@pytest.mark.parametrize('make', [lambda: ChildSumTreeLSTM(3, 2), lambda: NaryTreeLSTM(3, 2)])
@testing.fix_random()
def test_gradients(mode, make):
    rs = numpy.random.RandomState(2)
    with chainer.using_config('dtype', numpy.float64):
        link = make().to_device(_DEVICES[mode])
    inputs = [_send(mode, rs.uniform(-1, 1, (2, 2))) for _ in range(4)] + \
        [_send(mode, rs.uniform(-1, 1, (2, 3)))]
    grads = [_send(mode, rs.uniform(-1, 1, (2, 2))) for _ in range(2)]
    gradient_check.check_backward(link, tuple(inputs), tuple(grads),
                                  params=tuple(link.params()), atol=1e-6, rtol=1e-5)


def test_errors():
    with pytest.raises(ValueError, match='All inputs'):
        ChildSumTreeLSTM(3, 2)(None, None, None)
    with pytest.raises(ValueError):
        ChildSumTreeLSTM(3, 2)(None, numpy.zeros((1, 3), numpy.float32))
    with pytest.raises(ValueError):
        NaryTreeLSTM(3, 2, n_ary=2)(None, None, numpy.zeros((1, 3), numpy.float32))
    with pytest.raises(ValueError):
        NaryTreeLSTM(3, 2, n_ary=0)
