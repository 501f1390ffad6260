"""L.StatelessGRU, L.StatefulGRU, L.GRU, L.StatelessMGU, L.StatefulMGU: steps against NumPy,
state handling, gradients, errors."""

import numpy
import pytest

import chainer
from chainer import function_node
from chainer import gradient_check
from chainer import testing
from chainer.links.rnn import GRU
from chainer.links.rnn import StatefulGRU
from chainer.links.rnn import StatefulMGU
from chainer.links.rnn import StatelessGRU
from chainer.links.rnn import StatelessMGU

from mode_utils import to_numpy

_DEVICES = {'numpy': '@numpy', 'chainerx': 'native:0'}


def _send(mode, array):
    return chainer.get_device(_DEVICES[mode]).send(array)


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def _linear(linear_link, x):
    return x.dot(to_numpy(linear_link.W.array).T) + to_numpy(linear_link.b.array)


def _gru_step(link, h, x):
    if h is None:
        return _sigmoid(_linear(link.W_z, x)) * numpy.tanh(_linear(link.W, x))
    r = _sigmoid(_linear(link.W_r, x) + _linear(link.U_r, h))
    z = _sigmoid(_linear(link.W_z, x) + _linear(link.U_z, h))
    h_bar = numpy.tanh(_linear(link.W, x) + _linear(link.U, r * h))
    return z * h_bar + (1 - z) * h


def _mgu_step(link, h, x):
    f = _sigmoid(_linear(link.W_f, numpy.concatenate([h, x], axis=1)))
    h_bar = numpy.tanh(_linear(link.W_h, numpy.concatenate([f * h, x], axis=1)))
    return f * h_bar + (1 - f) * h


def _stateless(link, h, x):
    return link(h, x)


# (link factory, NumPy step(link, h or None, x), whether the link keeps the state)
_CASES = {
    'StatelessGRU': (lambda: StatelessGRU(3, 4, bias_init=0.1), _gru_step, False),
    'StatefulGRU': (lambda: StatefulGRU(3, 4), _gru_step, True),
    'GRU': (lambda: GRU(3, 4, init=0.2, inner_init=-0.1, bias_init=0.3), _gru_step, True),
    'StatelessMGU': (lambda: StatelessMGU(3, 4), _mgu_step, False),
    'StatefulMGU': (lambda: StatefulMGU(3, 4), lambda l, h, x: _mgu_step(
        l, numpy.zeros((len(x), 4)) if h is None else h, x), True),
}


@pytest.mark.parametrize('name', sorted(_CASES))
def test_steps_match_numpy(mode, name):
    make, step, stateful = _CASES[name]
    link = make().to_device(_DEVICES[mode])
    rs = numpy.random.RandomState(0)
    h = None if stateful else rs.uniform(-1, 1, (2, 4)).astype(numpy.float32)
    fallbacks = function_node.fallback_count
    for _ in range(3):
        x = rs.uniform(-1, 1, (2, 3)).astype(numpy.float32)
        y = link(_send(mode, x)) if stateful else link(_send(mode, h), _send(mode, x))
        h = step(link, h, x).astype(numpy.float32)
        numpy.testing.assert_allclose(to_numpy(y.array), h, rtol=1e-5, atol=1e-6)
    assert function_node.fallback_count == fallbacks
    if stateful:
        numpy.testing.assert_allclose(to_numpy(link.h.array), h, rtol=1e-5, atol=1e-6)
        link.reset_state()
        assert link.h is None


@pytest.mark.parametrize('name', sorted(_CASES))
@testing.fix_random()
def test_gradients(mode, name):
    make, _, stateful = _CASES[name]
    with chainer.using_config('dtype', numpy.float64):
        link = make().to_device(_DEVICES[mode])
    rs = numpy.random.RandomState(1)
    h0, gy = [_send(mode, rs.uniform(-1, 1, (2, 4))) for _ in range(2)]
    x = _send(mode, rs.uniform(-1, 1, (2, 3)))
    params = tuple(link.params())
    if stateful:
        def step(x, h):
            link.set_state(h)
            return link(x)
        gradient_check.check_backward(step, (x, h0), gy, params=params, atol=1e-6, rtol=1e-5)
    else:
        gradient_check.check_backward(link, (h0, x), gy, params=params, atol=1e-6, rtol=1e-5)


def test_gru_parameter_names_and_initializers():
    link = GRU(3, 4, init=0.2, inner_init=-0.1, bias_init=0.3)
    assert sorted(name for name, _ in link.namedparams()) == sorted(
        '/{}/{}'.format(child, p) for child in ('W_r', 'U_r', 'W_z', 'U_z', 'W', 'U')
        for p in ('W', 'b'))
    numpy.testing.assert_array_equal(link.W_z.W.array, numpy.full((4, 3), 0.2, numpy.float32))
    numpy.testing.assert_array_equal(link.U.W.array, numpy.full((4, 4), -0.1, numpy.float32))
    numpy.testing.assert_array_equal(link.U_r.b.array, numpy.full(4, 0.3, numpy.float32))


def test_gru_takes_one_argument():
    link = GRU(3, 4)
    x = numpy.zeros((1, 3), numpy.float32)
    with pytest.raises(ValueError, match='StatelessGRU'):
        link(numpy.zeros((1, 4), numpy.float32), x)
    with pytest.raises(ValueError):
        link()


def test_set_state_moves_the_state(mode):
    link = StatefulMGU(3, 4).to_device(_DEVICES[mode])
    h = chainer.Variable(numpy.ones((2, 4), numpy.float32))
    link.set_state(h)
    assert link.h is h
    assert chainer.backend.get_device_from_array(h.array) == chainer.get_device(_DEVICES[mode])
    with pytest.raises(TypeError):
        link.set_state(numpy.ones((2, 4), numpy.float32))
