"""L.LSTM, L.StatelessLSTM, L.StatefulPeepholeLSTM, L.StatefulZoneoutLSTM: steps against NumPy,
state handling, initialization, lazy input size, devices, gradients."""

import numpy
import pytest

import chainer
import chainerx
from chainer import function_node
from chainer import gradient_check
from chainer import testing
from chainer import initializers
from chainer.links.rnn import LSTM
from chainer.links.rnn import StatefulPeepholeLSTM
from chainer.links.rnn import StatefulZoneoutLSTM
from chainer.links.rnn import StatelessLSTM

from mode_utils import to_numpy

_DEVICES = {'numpy': '@numpy', 'chainerx': 'native:0'}


def _send(mode, array):
    return chainer.get_device(_DEVICES[mode]).send(array)


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def _linear(linear_link, x):
    y = x.dot(to_numpy(linear_link.W.array).T)
    return y if linear_link.b is None else y + to_numpy(linear_link.b.array)


def _lstm_step(link, c, h, x):
    """The NumPy step of an LSTM link (gates interleaved as F.lstm reads them)."""
    z = _linear(link.upward, x) + (0 if h is None else _linear(link.lateral, h))
    a, i, f, o = [z[:, k::4] for k in range(4)]
    c = numpy.tanh(a) * _sigmoid(i) + _sigmoid(f) * (0 if c is None else c)
    return c, _sigmoid(o) * numpy.tanh(c)


def test_lstm_steps_match_numpy_with_shrinking_batch(mode):
    rs = numpy.random.RandomState(0)
    link = LSTM(3, 4).to_device(_DEVICES[mode])
    c = h = None
    fallbacks = function_node.fallback_count
    for batch in (3, 3, 2, 0, 1):
        x = rs.uniform(-1, 1, (batch, 3)).astype(numpy.float32)
        y = link(_send(mode, x))
        if c is None:
            c, h = _lstm_step(link, None, None, x)
            y_ref = h
        else:
            c_new, y_ref = _lstm_step(link, c[:batch], h[:batch], x)
            c = numpy.concatenate([c_new, c[batch:]])
            h = numpy.concatenate([y_ref, h[batch:]])
        numpy.testing.assert_allclose(to_numpy(y.array), y_ref, rtol=1e-5, atol=1e-6)
        numpy.testing.assert_allclose(to_numpy(link.c.array), c, rtol=1e-5, atol=1e-6)
        numpy.testing.assert_allclose(to_numpy(link.h.array), h, rtol=1e-5, atol=1e-6)
    assert function_node.fallback_count == fallbacks


def test_lstm_state_handling(mode):
    link = LSTM(2, 3).to_device(_DEVICES[mode])
    assert link.c is None and link.h is None
    x = _send(mode, numpy.ones((2, 2), numpy.float32))
    link(x)
    with pytest.raises(TypeError, match='batch size of x'):
        link(_send(mode, numpy.ones((3, 2), numpy.float32)))
    link.reset_state()
    assert link.c is None and link.h is None
    c = chainer.Variable(numpy.full((2, 3), 0.5, numpy.float32))
    h = chainer.Variable(numpy.full((2, 3), -0.5, numpy.float32))
    link.set_state(c, h)
    assert link.c is c and link.h is h
    assert chainer.backend.get_device_from_array(c.array) == chainer.get_device(_DEVICES[mode])
    y = link(x)
    expected = _lstm_step(link, numpy.full((2, 3), .5), numpy.full((2, 3), -.5),
                          numpy.ones((2, 2)))[1]
    # atol as the other checks here: a float32 output near 0 (the weights are random) has no
    # 1e-5 relative precision.
    numpy.testing.assert_allclose(to_numpy(y.array), expected, rtol=1e-5, atol=1e-6)
    with pytest.raises(TypeError):
        link.set_state(numpy.zeros((2, 3)), h)
    with pytest.raises(TypeError):
        link.set_state(c)


def test_lstm_state_moves_with_to_device():
    link = LSTM(2, 3)
    # States off any graph (a graph's variables cannot change backend).
    link.set_state(*[chainer.Variable(numpy.ones((1, 3), numpy.float32)) for _ in 'ch'])
    link.to_device('native:0')
    assert isinstance(link.c.array, chainerx.ndarray) and isinstance(link.h.array, chainerx.ndarray)
    link.to_device('@numpy')
    assert isinstance(link.h.array, numpy.ndarray)


def test_lstm_initialization_of_blocks_and_biases():
    link = LSTM(2, 3, lateral_init=initializers.Constant(2.), upward_init=-1.,
                bias_init=0.5, forget_bias_init=3.)
    numpy.testing.assert_array_equal(link.lateral.W.array, numpy.full((12, 3), 2.))
    numpy.testing.assert_array_equal(link.upward.W.array, numpy.full((12, 2), -1.))
    gates = link.upward.b.array.reshape(3, 4)
    numpy.testing.assert_array_equal(gates[:, [0, 1, 3]], numpy.full((3, 3), 0.5))
    numpy.testing.assert_array_equal(gates[:, 2], numpy.full(3, 3.))
    default = LSTM(2, 3)
    numpy.testing.assert_array_equal(default.upward.b.array.reshape(3, 4)[:, 2], numpy.ones(3))
    assert numpy.count_nonzero(default.upward.W.array) == 24
    assert sorted(name for name, _ in default.namedparams()) == \
        ['/lateral/W', '/upward/W', '/upward/b']


def test_lstm_lazy_input_size(mode):
    link = LSTM(4).to_device(_DEVICES[mode])
    assert not link.upward.W.is_initialized
    x = numpy.random.RandomState(1).uniform(-1, 1, (2, 3, 2)).astype(numpy.float32)
    y = link(_send(mode, x))
    assert link.upward.W.shape == (16, 6) and y.shape == (2, 4)
    assert chainer.backend.get_device_from_array(link.upward.W.array) == \
        chainer.get_device(_DEVICES[mode])
    numpy.testing.assert_array_equal(to_numpy(link.upward.b.array).reshape(4, 4)[:, 2], 1)
    numpy.testing.assert_allclose(to_numpy(y.array), _lstm_step(link, None, None,
                                  x.reshape(2, 6))[1], rtol=1e-5, atol=1e-6)


def test_stateless_lstm_matches_numpy_and_initializes_lazily(mode):
    rs = numpy.random.RandomState(2)
    link = StatelessLSTM(5).to_device(_DEVICES[mode])
    x = rs.uniform(-1, 1, (3, 2)).astype(numpy.float32)
    c, h = link(None, None, _send(mode, x))
    c_ref, h_ref = _lstm_step(link, None, None, x)
    numpy.testing.assert_allclose(to_numpy(h.array), h_ref, rtol=1e-5, atol=1e-6)
    c2, h2 = link(c, h, _send(mode, x))
    c_ref, h_ref = _lstm_step(link, c_ref, h_ref, x)
    numpy.testing.assert_allclose(to_numpy(c2.array), c_ref, rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(to_numpy(h2.array), h_ref, rtol=1e-5, atol=1e-6)


@testing.fix_random()
def test_stateless_lstm_gradients(mode):
    rs = numpy.random.RandomState(3)
    with chainer.using_config('dtype', numpy.float64):
        link = StatelessLSTM(3, 2).to_device(_DEVICES[mode])
    c, h, gc, gh, ggc, ggh = [_send(mode, rs.uniform(-1, 1, (4, 2))) for _ in range(6)]
    x, ggx = [_send(mode, rs.uniform(-1, 1, (4, 3))) for _ in range(2)]
    params = (link.upward.W, link.upward.b, link.lateral.W)
    ggp = [_send(mode, rs.uniform(-1, 1, p.shape)) for p in params]
    gradient_check.check_backward(link, (c, h, x), (gc, gh), params=params, atol=1e-6,
                                  rtol=1e-5)
    gradient_check.check_double_backward(link, (c, h, x), (gc, gh), (ggc, ggh, ggx),
                                         params=params, params_grad_grad=ggp, atol=1e-5,
                                         rtol=1e-4)


def _peephole_step(link, c, h, x):
    z = _linear(link.upward, x) + (0 if h is None else _linear(link.lateral, h))
    a, i, f, o = [z[:, k::4] for k in range(4)]
    i = _sigmoid(i + _linear(link.peep_i, c))
    f = _sigmoid(f + _linear(link.peep_f, c))
    c = numpy.tanh(a) * i + f * c
    return c, _sigmoid(o + _linear(link.peep_o, c)) * numpy.tanh(c)


def test_peephole_lstm_matches_numpy(mode):
    rs = numpy.random.RandomState(4)
    link = StatefulPeepholeLSTM(3, 2).to_device(_DEVICES[mode])
    c, h = numpy.zeros((4, 2)), None
    for _ in range(3):
        x = rs.uniform(-1, 1, (4, 3)).astype(numpy.float32)
        y = link(_send(mode, x))
        c, h = _peephole_step(link, c, h, x)
        numpy.testing.assert_allclose(to_numpy(y.array), h, rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(to_numpy(link.c.array), c, rtol=1e-5, atol=1e-6)
    link.reset_state()
    assert link.h is None


@testing.fix_random()
def test_peephole_lstm_gradients(mode):
    rs = numpy.random.RandomState(5)
    with chainer.using_config('dtype', numpy.float64):
        link = StatefulPeepholeLSTM(3, 2).to_device(_DEVICES[mode])
    x, gy = _send(mode, rs.uniform(-1, 1, (4, 3))), _send(mode, rs.uniform(-1, 1, (4, 2)))
    link.set_state(*[chainer.Variable(_send(mode, rs.uniform(-1, 1, (4, 2)))) for _ in 'ch'])
    c, h = link.c, link.h

    def step(x):
        link.set_state(c, h)
        return link(x)

    gradient_check.check_backward(step, x, gy, params=tuple(link.params()), atol=1e-6,
                                  rtol=1e-5)


def test_zoneout_lstm_ratios_and_test_mode(mode):
    rs = numpy.random.RandomState(6)
    x1, x2 = [rs.uniform(-1, 1, (3, 2)).astype(numpy.float32) for _ in range(2)]
    keep_all = StatefulZoneoutLSTM(2, 4, c_ratio=1.0, h_ratio=1.0).to_device(_DEVICES[mode])
    numpy.testing.assert_array_equal(to_numpy(keep_all(_send(mode, x1)).array), 0)
    link = StatefulZoneoutLSTM(2, 4, c_ratio=0.5, h_ratio=0.5).to_device(_DEVICES[mode])
    with chainer.using_config('train', False):
        y1 = link(_send(mode, x1))
        y2 = link(_send(mode, x2))
    c, h = _lstm_step(link, None, None, x1)
    numpy.testing.assert_allclose(to_numpy(y1.array), h, rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(to_numpy(y2.array), _lstm_step(link, c, h, x2)[1], rtol=1e-5,
                                  atol=1e-6)
    with pytest.raises(ValueError, match='train argument'):
        StatefulZoneoutLSTM(2, 4, train=True)
